/** Public surface of the product feature. */
export { priceListFor, productQueries, useProduct, useRelatedProducts } from './api.ts';
export { ProductDetailDialog } from './components/product-detail-dialog.tsx';
export { ProductPageView } from './components/product-page-view.tsx';
