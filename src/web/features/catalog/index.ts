/** Public surface of the catalog feature. */
export { prefetchGuestList, usePartsList } from './api.ts';
export { CatalogueError, CatalogueResults } from './components/catalogue-results.tsx';
export { GuestNotice } from './components/guest-notice.tsx';
export { SEARCH_DEBOUNCE_MS, SearchBox } from './components/search-box.tsx';
export { useCatalogueState } from './use-catalogue-state.ts';
