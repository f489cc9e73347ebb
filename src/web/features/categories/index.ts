/** Public surface of the categories feature. */
export { findCategoryPath, usePublicCategories } from './api.ts';
export { CategoryDrawer } from './components/category-drawer.tsx';
export { CategoryIndex } from './components/category-index.tsx';
