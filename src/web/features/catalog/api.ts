import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type PartSort, partsResponseSchema, type UserType } from '../../../shared/api.ts';
import { apiGet } from '../../lib/api-client.ts';

export interface PartsListParams {
  page: number;
  /** Defaults to the catalogue page size (60). */
  limit?: number;
  sortBy: PartSort;
  sortDir: 'asc' | 'desc';
  /** 0 = all products. */
  categoryId: number;
  search: string;
  brand: string;
  /** Search exactly the words typed, without the typo correction (issue 18). */
  exact?: boolean;
  /** Part of the key so the list refetches when the user type changes (docs/product.md §5.4). */
  userType: UserType;
}

export const partQueries = {
  all: () => ['parts'] as const,
  list: (params: PartsListParams) =>
    queryOptions({
      queryKey: [...partQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) =>
        apiGet(
          '/api/parts',
          partsResponseSchema,
          {
            page: params.page,
            limit: params.limit ?? PAGE_SIZE,
            sortBy: params.sortBy,
            sortDir: params.sortDir,
            categoryId: params.categoryId > 0 ? params.categoryId : undefined,
            search: params.search || undefined,
            brand: params.brand || undefined,
            userType: params.userType,
            exact: params.exact ? '1' : undefined,
          },
          signal,
        ),
    }),
};

/** A page of parts; the previous page stays on screen while the next one loads. */
export function usePartsList(params: PartsListParams) {
  return useQuery({ ...partQueries.list(params), placeholderData: keepPreviousData });
}
