import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CategoryNode, categoryTreeSchema } from '../../../shared/api.ts';
import { apiGet } from '../../lib/api-client.ts';

export const categoryQueries = {
  all: () => ['categories'] as const,
  /** Visible tree, three levels; partCount includes descendants. */
  publicTree: () =>
    queryOptions({
      queryKey: [...categoryQueries.all(), 'public'] as const,
      queryFn: ({ signal }) => apiGet('/api/categories/public', categoryTreeSchema, undefined, signal),
    }),
};

export function usePublicCategories() {
  return useQuery(categoryQueries.publicTree());
}

/** The path of nodes from a root down to the category with this id, or [] when absent. */
export function findCategoryPath(tree: readonly CategoryNode[], id: number): CategoryNode[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = findCategoryPath(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}
