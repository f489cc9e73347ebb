import { queryOptions, useQuery } from '@tanstack/react-query';
import { partListSchema, partSchema, type UserType } from '../../../shared/api.ts';
import { ApiError, apiGet } from '../../lib/api-client.ts';

/** Price list per user type in the detail views (sent for compatibility, docs/product.md §3.1): guest 4, client 1, distributor 2. */
export function priceListFor(userType: UserType): number | undefined {
  switch (userType) {
    case 'guest':
      return 4;
    case 'client':
      return 1;
    case 'distributor':
      return 2;
    default:
      return undefined;
  }
}

export const productQueries = {
  all: () => ['product'] as const,
  detail: (id: number, userType: UserType) =>
    queryOptions({
      queryKey: [...productQueries.all(), id, userType] as const,
      queryFn: ({ signal }) => apiGet(`/api/parts/${id}`, partSchema, { userType }, signal),
    }),
  /** Related products; a 404 means an empty list (docs/product.md §5.5). */
  related: (id: number, userType: UserType) =>
    queryOptions({
      queryKey: [...productQueries.all(), id, userType, 'related'] as const,
      queryFn: async ({ signal }) => {
        try {
          return await apiGet(`/api/products/${id}/related`, partListSchema, { userType, priceList: priceListFor(userType) }, signal);
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return [];
          throw error;
        }
      },
    }),
};

export function useProduct(id: number, userType: UserType) {
  return useQuery({ ...productQueries.detail(id, userType), enabled: Number.isInteger(id) && id > 0 });
}

export function useRelatedProducts(id: number, userType: UserType, enabled = true) {
  return useQuery({ ...productQueries.related(id, userType), enabled });
}
