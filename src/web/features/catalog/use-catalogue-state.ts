import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { type SortField, sortFieldSchema } from '../../../shared/api.ts';
import { catalogueParams as keys } from '../../app/paths.ts';

export interface CatalogueState {
  categoryId: number;
  search: string;
  brand: string;
  sortBy: SortField;
  sortDir: 'asc' | 'desc';
  page: number;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** Reads the catalogue state from a query string; unknown or bad values fall back to defaults. */
export function parseCatalogueState(params: URLSearchParams): CatalogueState {
  const sort = sortFieldSchema.safeParse(params.get(keys.sort));
  return {
    categoryId: positiveInt(params.get(keys.category), 0),
    search: (params.get(keys.search) ?? '').trim().slice(0, 200),
    brand: (params.get(keys.brand) ?? '').trim(),
    sortBy: sort.success ? sort.data : 'partNumber',
    sortDir: params.get(keys.direction) === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, positiveInt(params.get(keys.page), 1)),
  };
}

/** Writes a state as a query string, leaving defaults out (`?categoria=12&q=filtro&pagina=2`). */
export function catalogueSearchString(state: CatalogueState): string {
  const params = new URLSearchParams();
  if (state.categoryId) params.set(keys.category, String(state.categoryId));
  if (state.search) params.set(keys.search, state.search);
  if (state.brand) params.set(keys.brand, state.brand);
  if (state.sortBy !== 'partNumber') params.set(keys.sort, state.sortBy);
  if (state.sortDir !== 'asc') params.set(keys.direction, state.sortDir);
  if (state.page > 1) params.set(keys.page, String(state.page));
  return params.toString();
}

export interface CatalogueStateApi {
  state: CatalogueState;
  /** True when a category, search or brand narrows the list (carousels are hidden then). */
  filtered: boolean;
  setCategory: (categoryId: number) => void;
  /** `replace` for debounced typing, push for Enter. */
  setSearch: (search: string, mode?: 'push' | 'replace') => void;
  setBrand: (brand: string) => void;
  setSort: (sortBy: SortField, sortDir: 'asc' | 'desc') => void;
  setPage: (page: number) => void;
  reset: () => void;
}

/**
 * The catalogue state kept in the URL query string, so back/forward and reload work. Changing
 * category, search, sort or brand resets the page to 1 (docs/product.md §5.4).
 */
export function useCatalogueState(): CatalogueStateApi {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseCatalogueState(params), [params]);

  const update = useCallback(
    (patch: Partial<CatalogueState>, replace = false) => {
      setParams(() => catalogueSearchString({ ...state, page: 1, ...patch }), { replace });
    },
    [setParams, state],
  );

  return {
    state,
    filtered: state.categoryId > 0 || state.search !== '' || state.brand !== '',
    setCategory: (categoryId) => update({ categoryId }),
    setSearch: (search, mode = 'push') => update({ search: search.trim() }, mode === 'replace'),
    setBrand: (brand) => update({ brand }),
    setSort: (sortBy, sortDir) => update({ sortBy, sortDir }),
    setPage: (page) => update({ page }),
    reset: () => update({ categoryId: 0, search: '', brand: '' }),
  };
}
