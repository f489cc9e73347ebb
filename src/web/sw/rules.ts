/**
 * What the offline service worker keeps and for whom (docs/product.md §17), as pure rules shared by
 * the worker (`service-worker.ts`) and the page (`lib/offline.ts`, which clears the data at logout).
 */

/** Cache of the app shell: `index.html`, the built assets and the icon, one per build (its version follows). */
export const SHELL_CACHE_PREFIX = 'portal-shell-';

/**
 * Caches of catalogue answers, one per viewer: the prefix, then the viewer label the server put on
 * the answers (`portal-data-client.42`, `portal-data-guest`). At most one exists at a time.
 */
export const DATA_CACHE_PREFIX = 'portal-data-';

/** Catalogue answers kept per viewer (the most recently fetched; the session is kept apart from this count). */
export const MAX_DATA_ENTRIES = 80;

/**
 * The public configuration (brand, chat numbers): the same for every viewer and without prices, so
 * it is kept with the shell, network first.
 */
export const CONFIG_PATH = '/api/config';

/**
 * The GET endpoints kept offline per viewer: the session and the catalogue as the viewer sees it.
 * Nothing else: no admin endpoint, no pedido, cart, export, print or suggestion, and never a request
 * that changes anything.
 */
const DATA_PATHS: readonly RegExp[] = [
  /^\/api\/user\/session$/,
  /^\/api\/parts$/,
  /^\/api\/parts\/\d+$/,
  /^\/api\/categories\/public$/,
  /^\/api\/brands$/,
  /^\/api\/products\/(?:featured|new-arrivals|on-sale)$/,
  /^\/api\/products\/\d+\/related$/,
];

/** The answer that tells who is looking: never trimmed away (an offline reload needs it). */
const SESSION_PATH = '/api/user/session';

/** True when a GET of this path is a catalogue answer the service worker keeps for offline use. */
export function isOfflineDataPath(pathname: string): boolean {
  return DATA_PATHS.some((pattern) => pattern.test(pathname));
}

/**
 * True when a page navigation to this path opens the web app, so offline the cached shell may answer
 * it: not the API, photos or files with an extension (`/sitemap.xml`, `/robots.txt`).
 */
export function isShellNavigation(pathname: string): boolean {
  return !pathname.startsWith('/api/') && !pathname.startsWith('/images/') && !/\.[a-z0-9]{1,12}$/i.test(pathname);
}

/** True for the requests that change who is signed in: the data caches are dropped as they are sent. */
export function isSessionChange(method: string, pathname: string): boolean {
  return method === 'POST' && (pathname === '/api/auth/login' || pathname === '/api/auth/logout');
}

/** Name of the data cache of a viewer label (the label is checked with `isViewerLabel` first). */
export function dataCacheName(label: string): string {
  return `${DATA_CACHE_PREFIX}${label}`;
}

/**
 * The entries to delete so that at most `max` catalogue answers stay: the oldest first, never the
 * session.
 * @param urls the cache's request URLs in the order they were stored (oldest first).
 */
export function entriesToTrim(urls: readonly string[], max = MAX_DATA_ENTRIES): string[] {
  const trimmable = urls.filter((url) => new URL(url).pathname !== SESSION_PATH);
  return trimmable.slice(0, Math.max(0, trimmable.length - max));
}
