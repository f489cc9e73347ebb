import { QueryClient } from '@tanstack/react-query';

/**
 * The data client with the defaults of spec section 9: no refetch on window focus, no polling,
 * data never stale, no retries for queries or mutations. The carousels opt into polling on the
 * catalogue page (spec 7) through their own query options.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
