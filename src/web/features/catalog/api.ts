import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PAGE_SIZE, type PartSort, partsResponseSchema, type Suggestions, suggestionsSchema, type UserType } from '../../../shared/api.ts';
import { apiGet } from '../../lib/api-client.ts';
import { parseCatalogueState } from './use-catalogue-state.ts';

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

/**
 * Starts loading, for a guest, the list a catalogue URL's query string (`?q=…&pagina=2`) describes,
 * before the session has answered: for a visitor who chose "Invitado" in this tab, the list (and the
 * first card's photo, the screen's largest paint) no longer waits for the session's round trip. The
 * list finds the answer under its own key. Should the server hold another session after all, the
 * list asks again under that viewer's key and this answer is never shown.
 */
export function prefetchGuestList(client: QueryClient, search: string): void {
  void client.prefetchQuery(partQueries.list({ ...parseCatalogueState(new URLSearchParams(search)), userType: 'guest' }));
}

/** A page of parts; the previous page stays on screen while the next one loads. */
export function usePartsList(params: PartsListParams) {
  return useQuery({ ...partQueries.list(params), placeholderData: keepPreviousData });
}

/** Delay between the last keystroke and the suggestions request (ms). */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Suggestions start from this many characters (issue 18). */
export const SUGGEST_MIN_CHARS = 2;

const NO_SUGGESTIONS: Suggestions = { parts: [], categories: [] };

export const suggestQueries = {
  forText: (q: string) =>
    queryOptions({
      queryKey: ['search', 'suggest', q] as const,
      queryFn: ({ signal }) => apiGet('/api/search/suggest', suggestionsSchema, { q }, signal),
      staleTime: 60_000,
      retry: false,
    }),
};

/**
 * The search box's suggestions for `text` (`GET /api/search/suggest`): asked {@link SUGGEST_DEBOUNCE_MS}
 * after typing stops, from {@link SUGGEST_MIN_CHARS} characters. Only the answer for the text now in
 * the box is returned: while the next one is waited for (typing, the debounce, a slow network) there
 * are none, so a part suggested for an earlier text can never be shown or picked with ↓ Enter. A
 * failed request gives no suggestions (the box keeps working without them).
 * @returns up to 8 parts (code and description) and the matching categories; empty below 2 characters.
 */
export function useSuggestions(text: string): Suggestions {
  const q = text.trim();
  const [debounced, setDebounced] = useState(q);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const enabled = q.length >= SUGGEST_MIN_CHARS && debounced.length >= SUGGEST_MIN_CHARS;
  const query = useQuery({ ...suggestQueries.forText(debounced), enabled });
  // The query's key is the debounced text: until it catches up, its answer belongs to another text.
  return enabled && debounced === q && query.data && !query.isError ? query.data : NO_SUGGESTIONS;
}
