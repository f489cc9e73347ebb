/** Public surface of the catalog feature. */
export { partQueries, usePartsList } from './api.ts';
export { CatalogueEmpty, CatalogueError, CatalogueResults } from './components/catalogue-results.tsx';
export { GuestNotice } from './components/guest-notice.tsx';
export { SEARCH_DEBOUNCE_MS, SearchBox } from './components/search-box.tsx';
export { type CatalogueState, catalogueSearchString, parseCatalogueState, useCatalogueState } from './use-catalogue-state.ts';
