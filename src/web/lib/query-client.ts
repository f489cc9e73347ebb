import { QueryClient } from '@tanstack/react-query';

/**
 * The data client with the defaults of docs/product.md §14: no refetch on window focus, no polling,
 * data never stale, no retries for queries or mutations. The carousels opt into polling on the
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
        retry: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}
