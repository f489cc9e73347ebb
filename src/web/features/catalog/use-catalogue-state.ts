import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { type PartSort, partSortSchema } from '../../../shared/api.ts';
import { catalogueParams as keys } from '../../app/paths.ts';

export interface CatalogueState {
  categoryId: number;
  search: string;
  brand: string;
  /** Relevancia is the default while a search is active, Código (partNumber) otherwise. */
  sortBy: PartSort;
  sortDir: 'asc' | 'desc';
  page: number;
  /** Search exactly what was typed: no typo correction (`exact=1`, the link under "Mostrando resultados para «…»"). */
  exact: boolean;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** The order used when the URL names none: "Relevancia" while a search is active, "Código" otherwise (issue 18). */
export function defaultSort(search: string): PartSort {
  return search ? 'relevance' : 'partNumber';
}

/** Reads the catalogue state from a query string; unknown or bad values fall back to defaults. */
export function parseCatalogueState(params: URLSearchParams): CatalogueState {
  const sort = partSortSchema.safeParse(params.get(keys.sort));
  const search = (params.get(keys.search) ?? '').trim().slice(0, 200);
  // Without a search "Relevancia" means nothing: the list falls back to Código.
  const sortBy = sort.success && (sort.data !== 'relevance' || search) ? sort.data : defaultSort(search);
  return {
    categoryId: positiveInt(params.get(keys.category), 0),
    search,
    brand: (params.get(keys.brand) ?? '').trim(),
    sortBy,
    sortDir: params.get(keys.direction) === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, positiveInt(params.get(keys.page), 1)),
    exact: search !== '' && params.get(keys.exact) === '1',
  };
}

/**
 * Writes a state as a query string, leaving defaults out (`?categoria=12&q=filtro&pagina=2`); the order
 * is written when it differs from {@link defaultSort} (`?q=filtro&orden=partNumber`).
 */
export function catalogueSearchString(state: CatalogueState): string {
  const params = new URLSearchParams();
  if (state.categoryId) params.set(keys.category, String(state.categoryId));
  if (state.search) params.set(keys.search, state.search);
  if (state.brand) params.set(keys.brand, state.brand);
  if (state.sortBy !== defaultSort(state.search)) params.set(keys.sort, state.sortBy);
  if (state.sortDir !== 'asc') params.set(keys.direction, state.sortDir);
  if (state.page > 1) params.set(keys.page, String(state.page));
  if (state.exact && state.search) params.set(keys.exact, '1');
  return params.toString();
}

export interface CatalogueStateApi {
  state: CatalogueState;
  /** True when a category, search or brand narrows the list (carousels are hidden then). */
  filtered: boolean;
  setCategory: (categoryId: number) => void;
  /** Shows a category on its own: clears the search (a category picked among the search suggestions). */
  showCategory: (categoryId: number) => void;
  /** `replace` for debounced typing, push for Enter. */
  setSearch: (search: string, mode?: 'push' | 'replace') => void;
  setBrand: (brand: string) => void;
  setSort: (sortBy: PartSort, sortDir: 'asc' | 'desc') => void;
  /** `replace` corrects the URL in place (a page past the end), push otherwise. */
  setPage: (page: number, mode?: 'push' | 'replace') => void;
  /** Searches exactly what was typed, without the typo correction (issue 18). */
  searchExactly: () => void;
  reset: () => void;
}

/**
 * The catalogue state kept in the URL query string, so back/forward and reload work. Changing
 * category, search, sort or brand resets the page to 1 (docs/product.md §5.4). An order left at its
 * default follows the search (Relevancia while searching, Código otherwise); a picked one stays.
 * A change that leaves the query as it is adds no history entry.
 */
export function useCatalogueState(): CatalogueStateApi {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseCatalogueState(params), [params]);

  const update = useCallback(
    (patch: Partial<CatalogueState>, replace = false) => {
      // A new search starts with the typo correction again.
      const next = { ...state, page: 1, ...('search' in patch ? { exact: false } : {}), ...patch };
      // An order the user never picked follows the search: Relevancia when one starts, Código when it ends.
      if (!patch.sortBy && state.sortBy === defaultSort(state.search)) next.sortBy = defaultSort(next.search);
      const query = catalogueSearchString(next);
      // The list already shows it (a search the debounced typing applied, then Enter): a second,
      // identical history entry would make Back seem to do nothing.
      if (query === params.toString()) return;
      setParams(() => query, { replace });
    },
    [params, setParams, state],
  );

  return {
    state,
    filtered: state.categoryId > 0 || state.search !== '' || state.brand !== '',
    setCategory: (categoryId) => update({ categoryId }),
    showCategory: (categoryId) => update({ categoryId, search: '' }),
    setSearch: (search, mode = 'push') => update({ search: search.trim() }, mode === 'replace'),
    setBrand: (brand) => update({ brand }),
    setSort: (sortBy, sortDir) => update({ sortBy, sortDir }),
    setPage: (page, mode = 'push') => update({ page }, mode === 'replace'),
    searchExactly: () => update({ exact: true }),
    reset: () => update({ categoryId: 0, search: '', brand: '' }),
  };
}
