import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Further tries of a query that found no network although the browser says it is online. */
const NETWORK_RETRIES = 2;

/**
 * Whether a failed query is tried again: only when it found no network (no answer at all, never an
 * answer with an error status) while the browser reports a connection. That is the moment the
 * connection comes back: the browser says "online" a little before requests get through, and the
 * query the page asked again at once would otherwise stay failed. Offline, nothing is retried:
 * the page says "Sin conexión" at once (docs/product.md §14, §17).
 */
export function retryLostConnection(failureCount: number, error: unknown): boolean {
  return failureCount < NETWORK_RETRIES && error instanceof ApiError && error.code === 'NETWORK' && onlineManager.isOnline();
}

/** 1 s, then 2 s: long enough for a connection that has just come back. */
const retryDelay = (attempt: number) => 1000 * 2 ** attempt;

/**
 * The data client with the defaults of docs/product.md §14: no refetch on window focus, no polling,
 * data never stale, no retries for queries or mutations but a query that found no network just as
 * the connection came back ({@link retryLostConnection}). The carousels opt into polling on the
 * catalogue page (docs/product.md §5.3) through their own query options. Queries run once even
 * offline (`offlineFirst`): the service worker may answer them from its offline copies (§17).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: retryLostConnection,
        retryDelay,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}
