/**
 * The page's side of offline use (docs/product.md §17): registers the service worker of the built
 * app (`/sw.js`, src/web/sw/service-worker.ts), tells the data client whether the browser starts
 * offline, and drops the stored catalogue answers when the viewer leaves.
 */
import { onlineManager } from '@tanstack/react-query';
import { DATA_CACHE_PREFIX } from '../sw/rules.ts';

/**
 * Starts offline support: a page opened without connection shows "Sin conexión" at once (the data
 * client otherwise assumes a connection until the first `offline` event), and the built app
 * registers its service worker once the page has loaded, so it never competes with the first paint.
 */
export function startOfflineSupport(): void {
  if (!navigator.onLine) onlineManager.setOnline(false);
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener(
    'load',
    () => {
      navigator.serviceWorker.register('/sw.js').catch(() => {
        // Without a service worker the app works as before, online only.
      });
    },
    { once: true },
  );
}

/**
 * Deletes every stored catalogue answer (all viewers'), keeping the shell: called at logout, whether
 * or not the server could be told, and at login. Never throws; does nothing where the browser has
 * no Cache Storage (plain http on another host, tests).
 */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    for (const name of await caches.keys()) if (name.startsWith(DATA_CACHE_PREFIX)) await caches.delete(name);
  } catch {
    // Storage unavailable (private mode quirks): nothing was stored either.
  }
}
