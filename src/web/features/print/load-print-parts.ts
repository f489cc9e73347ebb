/**
 * Loads the parts of the print page in one call (issue 22): `GET /api/print/catalog` streams NDJSON,
 * a first line `{"total": N}` and then batches of rows, read as they arrive so the page shows its
 * progress. No cap: a catalogue of 100,000 parts prints whole.
 */
import { printBatchSchema, printHeadSchema } from '../../../shared/print.ts';
import { ApiError, apiFetch } from '../../lib/api-client.ts';

/** One printed row: what the table shows and what grouping needs. */
export interface PrintPart {
  id: number;
  partNumber: string;
  description: string;
  /** First photo URL, or undefined ("Sin imagen"). */
  image: string | undefined;
  /** The viewer's price ("1234.50") when prices were asked for, else null. */
  price: string | null;
  /** Category names from level 1 down. */
  categoryPath: string[];
}

export interface PrintLoadProgress {
  /** Parts received so far. */
  loaded: number;
  /** Parts the answer announced, null before its first line. */
  total: number | null;
}

export interface PrintParts {
  /** Every part of the selection, each once. */
  parts: PrintPart[];
}

export interface LoadPrintPartsOptions {
  signal?: AbortSignal;
  onProgress?: (progress: PrintLoadProgress) => void;
  /** Ask for the PRECIO column's prices (the session's list). */
  includePrices?: boolean;
}

const badResponse = (detail: string) => new ApiError(200, 'BAD_RESPONSE', `200: ${detail}`);

/**
 * Fetches every part of the chosen categories (`'all'`: the whole public catalogue) from
 * `GET /api/print/catalog`, reading the NDJSON lines as they come.
 * @throws {ApiError} when the call fails, or `BAD_RESPONSE` when the answer is cut or malformed;
 *   an `AbortError` when `signal` aborts.
 */
export async function loadPrintParts(categoryIds: 'all' | readonly number[], options: LoadPrintPartsOptions = {}): Promise<PrintParts> {
  const { signal, onProgress, includePrices = false } = options;
  const response = await apiFetch('/api/print/catalog', {
    query: { categoryIds: categoryIds === 'all' ? 'all' : categoryIds.join(','), includePrices: includePrices ? 'true' : undefined },
    accept: 'application/x-ndjson',
    signal,
  });
  if (!response.body) throw badResponse('sin cuerpo');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parts: PrintPart[] = [];
  let total: number | null = null;
  let buffer = '';
  const takeLine = (line: string) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw badResponse('línea ilegible');
    }
    if (total === null) {
      const head = printHeadSchema.safeParse(value);
      if (!head.success) throw badResponse('sin total');
      total = head.data.total;
    } else {
      const batch = printBatchSchema.safeParse(value);
      if (!batch.success) throw badResponse('filas inválidas');
      for (const [id, partNumber, description, image, price, categoryPath] of batch.data) {
        parts.push({ id, partNumber, description, image: image ?? undefined, price, categoryPath });
      }
    }
    onProgress?.({ loaded: parts.length, total });
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      takeLine(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  }
  takeLine(buffer);
  if (total === null || parts.length !== total) throw badResponse('respuesta incompleta');
  return { parts };
}
