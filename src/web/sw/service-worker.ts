/**
 * The offline service worker, served as `/sw.js` (docs/product.md §17). Built on its own by the
 * `serviceWorker` plugin of vite.config.ts (esbuild, one classic script with no imports), which
 * defines the build's version and the shell's file list.
 *
 * - Shell: `index.html`, every built asset and the icon are stored at install, one cache per build;
 *   assets answer from it, and a page navigation that gets no answer gets the stored `index.html`.
 *   The public configuration (`/api/config`, no prices) is kept there too, network first.
 * - Catalogue answers ({@link isOfflineDataPath}): network first; a good answer is stored in the
 *   cache of the viewer the server named on it ({@link VIEWER_HEADER}), and only one viewer's cache
 *   exists at a time (storing another's deletes it); without connection the stored answer is served.
 * - Login and logout drop every data cache as they are sent, and answers to requests sent before
 *   them are not stored. The page drops them too at logout (`lib/offline.ts`), offline included.
 * - Anything else (admin endpoints, writes, exports, other origins) passes through untouched.
 */
import { isViewerLabel, VIEWER_HEADER } from '../../shared/offline.ts';
import {
  CONFIG_PATH,
  DATA_CACHE_PREFIX,
  dataCacheName,
  entriesToTrim,
  isOfflineDataPath,
  isSessionChange,
  isShellNavigation,
  SHELL_CACHE_PREFIX,
} from './rules.ts';

/** Replaced at build: a hash of the build's files. */
declare const __SW_VERSION__: string;
/** Replaced at build: `/`, the built assets and the icon. */
declare const __SW_PRECACHE__: string[];

// The worker's own types (the project compiles with the DOM library, not WebWorker).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = globalThis as unknown as WorkerScope;
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__SW_VERSION__}`;
const SHELL_FILES = new Set(__SW_PRECACHE__);

/** Bumped when a login or logout is sent: answers to requests sent before it are not stored. */
let generation = 0;
/** Data-cache work runs one task at a time, so a switch of viewer never interleaves with a store. */
let queue: Promise<unknown> = Promise.resolve();

function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function dataCacheNames(): Promise<string[]> {
  return (await caches.keys()).filter((name) => name.startsWith(DATA_CACHE_PREFIX));
}

async function dropDataCaches(except?: string): Promise<void> {
  for (const name of await dataCacheNames()) if (name !== except) await caches.delete(name);
}

/** Stores a good catalogue answer in its viewer's cache, dropping any other viewer's first. */
async function store(request: Request, response: Response, sentAt: number): Promise<void> {
  const label = response.headers.get(VIEWER_HEADER);
  if (sentAt !== generation || !label || !isViewerLabel(label)) return;
  const name = dataCacheName(label);
  await dropDataCaches(name);
  const cache = await caches.open(name);
  // Deleted first so the entry moves to the end: the oldest answers are the ones trimmed.
  await cache.delete(request, { ignoreVary: true });
  await cache.put(request, response);
  const urls = (await cache.keys()).map((entry) => entry.url);
  for (const url of entriesToTrim(urls)) await cache.delete(url, { ignoreVary: true });
}

/** The stored answer of the one viewer cache there is (none when there are several: never mix). */
async function stored(request: Request): Promise<Response | undefined> {
  const names = await dataCacheNames();
  if (names.length !== 1) return undefined;
  return (await caches.open(names[0]!)).match(request, { ignoreVary: true });
}

async function catalogueAnswer(event: FetchEvent): Promise<Response> {
  const sentAt = generation;
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const cached = await serially(() => stored(event.request));
    if (cached) return cached;
    throw error;
  }
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(serially(() => store(event.request, copy, sentAt)));
  }
  return response;
}

async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match('/', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function shellFile(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: SHELL_CACHE })) ?? fetch(request);
}

async function configAnswer(event: FetchEvent): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const cached = await caches.match(CONFIG_PATH, { cacheName: SHELL_CACHE, ignoreSearch: true, ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(CONFIG_PATH, copy)));
  }
  return response;
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll([...SHELL_FILES].map((url) => new Request(url, { cache: 'reload' })));
      // Best effort: the page that installs the worker read it before the worker was there.
      await cache.add(CONFIG_PATH).catch(() => undefined);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.method !== 'GET') {
    if (isSessionChange(request.method, url.pathname)) {
      generation += 1;
      event.waitUntil(serially(() => dropDataCaches()));
    }
    return;
  }
  if (request.mode === 'navigate') {
    if (isShellNavigation(url.pathname)) event.respondWith(page(request));
    return;
  }
  if (SHELL_FILES.has(url.pathname)) event.respondWith(shellFile(request));
  else if (url.pathname === CONFIG_PATH) event.respondWith(configAnswer(event));
  else if (isOfflineDataPath(url.pathname)) event.respondWith(catalogueAnswer(event));
});
