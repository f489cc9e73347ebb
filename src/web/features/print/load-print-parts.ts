/**
 * Loads the parts of the print page. There is no print-specific JSON endpoint: the page reads
 * `GET /api/parts?limit=200&page=N` (with `categoryId` for each chosen category, sub-categories
 * included by the server) until everything is loaded or the cap is reached.
 */
import { MAX_PAGE_SIZE, type Part, partsResponseSchema } from '../../../shared/api.ts';
import { apiGet } from '../../lib/api-client.ts';

/** Page size of the print requests: the largest `GET /api/parts` allows. */
export const PRINT_PAGE_LIMIT = MAX_PAGE_SIZE;
/** Parts the browser page prints at most; beyond that the PDF export is the way (issue 7). */
export const PRINT_MAX_PARTS = 5000;
/** Page requests in flight at once, after the first page of each category tells the total. */
export const PRINT_FETCH_CONCURRENCY = 4;

export interface PrintLoadProgress {
  /** Parts received so far. */
  loaded: number;
  /** Parts announced by the answers so far (the sum over the chosen categories), null before the first. */
  total: number | null;
}

export interface PrintParts {
  /** The parts to print, each once, at most `maxParts`. */
  parts: Part[];
  /** Parts the selection holds (sum over the chosen categories: an upper bound when they overlap). */
  available: number;
  /** True when the cap left parts out. */
  truncated: boolean;
}

export interface LoadPrintPartsOptions {
  signal?: AbortSignal;
  onProgress?: (progress: PrintLoadProgress) => void;
  maxParts?: number;
  concurrency?: number;
}

/** Runs `task` for each item with at most `limit` at once; results keep the input order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Fetches every part of the chosen categories (`'all'`: the whole public catalogue), page by page,
 * in part-number order, without duplicates (a category and its own sub-category may both be
 * chosen), stopping at `maxParts`.
 * @throws {ApiError} when a page fails; an `AbortError` when `signal` aborts.
 */
export async function loadPrintParts(categoryIds: 'all' | readonly number[], options: LoadPrintPartsOptions = {}): Promise<PrintParts> {
  const { signal, onProgress, maxParts = PRINT_MAX_PARTS, concurrency = PRINT_FETCH_CONCURRENCY } = options;
  const sources: (number | undefined)[] = categoryIds === 'all' ? [undefined] : [...categoryIds];
  const seen = new Set<number>();
  const parts: Part[] = [];
  let available = 0;
  let announced: number | null = null;
  let received = 0;
  let truncated = false;

  const fetchPage = async (categoryId: number | undefined, page: number) => {
    const answer = await apiGet(
      '/api/parts',
      partsResponseSchema,
      { limit: PRINT_PAGE_LIMIT, page, sortBy: 'partNumber', sortDir: 'asc', categoryId },
      signal,
    );
    received += answer.parts.length;
    onProgress?.({ loaded: Math.min(received, maxParts), total: announced });
    return answer;
  };
  const keep = (list: readonly Part[]) => {
    for (const part of list) {
      if (parts.length >= maxParts) {
        truncated = true;
        return;
      }
      if (seen.has(part.id)) continue;
      seen.add(part.id);
      parts.push(part);
    }
  };

  for (const categoryId of sources) {
    if (parts.length >= maxParts) {
      truncated = true;
      break;
    }
    const first = await fetchPage(categoryId, 1);
    available += first.total;
    announced = (announced ?? 0) + first.total;
    onProgress?.({ loaded: Math.min(received, maxParts), total: announced });
    keep(first.parts);
    const pages = Math.ceil(first.total / PRINT_PAGE_LIMIT);
    // Only the pages that can still fit under the cap.
    const room = Math.max(0, maxParts - parts.length);
    const lastPage = Math.min(pages, 1 + Math.ceil(room / PRINT_PAGE_LIMIT));
    if (lastPage < pages) truncated = true;
    const rest = Array.from({ length: Math.max(0, lastPage - 1) }, (_, i) => i + 2);
    const answers = await mapLimited(rest, concurrency, (page) => fetchPage(categoryId, page));
    for (const answer of answers) keep(answer.parts);
  }
  return { parts, available, truncated };
}
