/** Public surface of the carousels feature. */
export { COLLECTION_TITLES, useCollection } from './api.ts';
export { HomeCarousels } from './components/home-carousels.tsx';
