/** Public surface of the carousels feature. */
export { CAROUSEL_REFRESH_MS, COLLECTION_TITLES, collectionQueries, useCollection } from './api.ts';
export { HomeCarousels } from './components/home-carousels.tsx';
export { ProductCarousel } from './components/product-carousel.tsx';
export { AUTO_ADVANCE_MS, useAutoAdvance } from './use-auto-advance.ts';
