import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { loadPrintParts, type PrintLoadProgress, type PrintParts } from './load-print-parts.ts';

export type PrintPartsState =
  | { status: 'loading'; progress: PrintLoadProgress }
  | { status: 'error'; error: unknown }
  | { status: 'done'; result: PrintParts; loadedAt: Date };

const NO_PROGRESS: PrintLoadProgress = { loaded: 0, total: null };

/**
 * The print page's parts of a selection (`'all'` or a comma list of category ids, then `+p` when
 * prices are asked for). Read afresh on
 * every visit (`gcTime: 0`: nothing kept once the page is left) and under the `parts` prefix, so a
 * catalogue import invalidates it with the other part lists.
 */
export const printPartsQuery = (key: string, onProgress: (progress: PrintLoadProgress) => void) =>
  queryOptions({
    queryKey: ['parts', 'print', key] as const,
    queryFn: ({ signal }) => {
      onProgress(NO_PROGRESS);
      const [ids = 'all', prices] = key.split('+');
      return loadPrintParts(ids === 'all' ? 'all' : ids.split(',').map(Number), {
        signal,
        includePrices: prices === 'p',
        onProgress: (progress) => {
          if (!signal.aborted) onProgress(progress);
        },
      });
    },
    gcTime: 0,
  });

/**
 * Loads the parts of the chosen categories for the print page (TanStack Query, one streamed call),
 * reporting progress; reloads when the selection changes or `retry` is called, and cancels the page
 * requests when the page is left (the query's abort signal). `null` (bad parameters) loads nothing.
 */
export function usePrintParts(
  categoryIds: 'all' | readonly number[] | null,
  includePrices = false,
): PrintPartsState & { retry: () => void } {
  const [progress, setProgress] = useState<PrintLoadProgress>(NO_PROGRESS);
  const ids = categoryIds === null ? null : categoryIds === 'all' ? 'all' : categoryIds.join(',');
  const key = ids === null ? null : `${ids}${includePrices ? '+p' : ''}`;
  const query = useQuery({ ...printPartsQuery(key ?? 'all', setProgress), enabled: key !== null });
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  if (query.isSuccess) return { status: 'done', result: query.data, loadedAt: new Date(query.dataUpdatedAt), retry };
  // A retry shows the progress again rather than the old error.
  if (query.isError && !query.isFetching) return { status: 'error', error: query.error, retry };
  return { status: 'loading', progress, retry };
}
