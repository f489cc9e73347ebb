import { useCallback, useEffect, useState } from 'react';
import { loadPrintParts, type PrintLoadProgress, type PrintParts } from './load-print-parts.ts';

export type PrintPartsState =
  | { status: 'loading'; progress: PrintLoadProgress }
  | { status: 'error'; error: unknown }
  | { status: 'done'; result: PrintParts; loadedAt: Date };

/**
 * Loads the parts of the chosen categories for the print page, reporting progress; reloads when
 * the selection changes or `retry` is called, and cancels when the page is left.
 */
export function usePrintParts(categoryIds: 'all' | readonly number[] | null): PrintPartsState & { retry: () => void } {
  const [state, setState] = useState<PrintPartsState>({ status: 'loading', progress: { loaded: 0, total: null } });
  const [attempt, setAttempt] = useState(0);
  const key = categoryIds === null ? null : categoryIds === 'all' ? 'all' : categoryIds.join(',');

  useEffect(() => {
    // `attempt` re-runs the load on retry.
    void attempt;
    if (key === null) return;
    const ids = key === 'all' ? 'all' : key.split(',').map(Number);
    const controller = new AbortController();
    setState({ status: 'loading', progress: { loaded: 0, total: null } });
    loadPrintParts(ids, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (!controller.signal.aborted) setState({ status: 'loading', progress });
      },
    }).then(
      (result) => {
        if (!controller.signal.aborted) setState({ status: 'done', result, loadedAt: new Date() });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
