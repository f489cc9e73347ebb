import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Collection, partListSchema, type UserType } from '../../../shared/api.ts';
import { apiGet } from '../../lib/api-client.ts';

/** Carousels refresh every 10 s on the catalogue page (docs/product.md §5.3). */
export const CAROUSEL_REFRESH_MS = 10_000;

/** Titles of the carousels and collection pages (docs/product.md §5.3, §5.7). */
export const COLLECTION_TITLES: Record<Collection, string> = {
  featured: 'Productos Destacados',
  'new-arrivals': 'Nuevos Ingresos',
  'on-sale': 'Productos Rebajados',
};

export const collectionQueries = {
  all: () => ['collections'] as const,
  /**
   * A published collection. `userType` is sent from the catalogue page; the collection page
   * calls without it (docs/product.md §5.7). Either way the server prices by session.
   */
  list: (type: Collection, userType?: UserType) =>
    queryOptions({
      queryKey: [...collectionQueries.all(), type, userType ?? null] as const,
      queryFn: ({ signal }) => apiGet(`/api/products/${type}`, partListSchema, { userType }, signal),
    }),
};

/** A collection; `poll` turns on the 10-second refresh used by the catalogue carousels. */
export function useCollection(type: Collection, options: { userType?: UserType; poll?: boolean } = {}) {
  return useQuery({
    ...collectionQueries.list(type, options.userType),
    refetchInterval: options.poll ? CAROUSEL_REFRESH_MS : false,
  });
}
