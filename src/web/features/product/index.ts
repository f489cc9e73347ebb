/** Public surface of the product feature. */
export { ProductDetailDialog } from './components/product-detail-dialog.tsx';
export { ProductPageView } from './components/product-page-view.tsx';
export { useProduct } from './api.ts';
