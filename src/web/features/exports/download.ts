/**
 * File downloads of the catalogue exports (issue 7): `GET /api/export/catalog.xlsx` and
 * `GET /api/export/catalog.pdf`, same-origin with the session cookie (the server prices the
 * export for the viewer). The answer is read into a blob, offered through an object URL and a
 * temporary `<a download>`, and saved under the name of its Content-Disposition header.
 */
import type { PartSort } from '../../../shared/api.ts';
import { ApiError, apiFetch, type QueryParams, withQuery } from '../../lib/api-client.ts';

export const EXCEL_EXPORT_PATH = '/api/export/catalog.xlsx';
export const PDF_EXPORT_PATH = '/api/export/catalog.pdf';

/** The catalogue filters an Excel export follows (the query of `GET /api/parts`, no page). */
export interface ExcelExportFilters {
  /** 0 or absent: every category. */
  categoryId?: number;
  search?: string;
  brand?: string;
  sortBy?: PartSort;
  sortDir?: 'asc' | 'desc';
}

/** The parameters of a PDF export (those of `/print`). */
export interface PdfExportOptions {
  /** `'all'` (default) or the ids of the categories to print, sub-categories included. */
  categoryIds?: number[] | 'all';
  /** Title of the cover; also part of the file name. */
  categoryName?: string;
  includeImages?: boolean;
  includePrices?: boolean;
  /** The list's search: the PDF keeps only the parts the list shows for it (docs/product.md §9.2). */
  search?: string;
  /** The list's brand filter. */
  brand?: string;
}

/** `/api/export/catalog.xlsx?…` with the filters that narrow the list (defaults left out). */
export function excelExportUrl(filters: ExcelExportFilters = {}): string {
  return withQuery(EXCEL_EXPORT_PATH, {
    categoryId: filters.categoryId && filters.categoryId > 0 ? filters.categoryId : undefined,
    search: filters.search?.trim() || undefined,
    brand: filters.brand?.trim() || undefined,
    sortBy: filters.sortBy,
    sortDir: filters.sortDir,
  });
}

/** `/api/export/catalog.pdf?categoryIds=…&…`; flags, search and brand are sent only when given. */
export function pdfExportUrl(options: PdfExportOptions = {}): string {
  const ids = options.categoryIds;
  const query: QueryParams = {
    categoryIds: ids === undefined || ids === 'all' || ids.length === 0 ? 'all' : ids.join(','),
    categoryName: options.categoryName?.trim() || undefined,
    includeImages: options.includeImages,
    includePrices: options.includePrices,
    search: options.search?.trim() || undefined,
    brand: options.brand?.trim() || undefined,
  };
  return withQuery(PDF_EXPORT_PATH, query);
}

/**
 * The file name of a Content-Disposition header: the UTF-8 `filename*` when present, otherwise
 * the quoted or bare `filename`, otherwise `fallback`. Path separators are never kept.
 * @example filenameFromDisposition(`attachment; filename="catalogo.pdf"; filename*=UTF-8''cat%C3%A1logo.pdf`, 'x') // 'catálogo.pdf'
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  }
  const clean = name?.replace(/[/\\]/g, '_').trim();
  return clean || fallback;
}

/** How long an object URL stays valid after its download started (some browsers read it late). */
export const OBJECT_URL_LIFETIME_MS = 30_000;

/** Offers a blob as a download named `filename` (object URL and a temporary `<a download>`). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  }
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Bytes received so far, while the file streams in. */
  onProgress?: (bytes: number) => void;
}

/** Reads a body to a blob, reporting the bytes received. */
async function readBlob(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(chunks, { type });
}

/**
 * Downloads `url` (same origin, with cookies, through the one client's `apiFetch`) and saves it
 * under the name the server gives.
 * @returns the saved file name.
 * @throws {ApiError} on a network failure (status 0), a non-2xx answer (429 when rate limited, with
 *   the server's message) or a cut stream; an `AbortError` when `signal` aborts.
 */
export async function downloadFile(url: string, fallbackName: string, options: DownloadOptions = {}): Promise<string> {
  const response = await apiFetch(url, { accept: '*/*', signal: options.signal });
  let blob: Blob;
  try {
    blob = await readBlob(response, options.onProgress);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // The server cuts the stream when generation fails after the first byte.
    throw new ApiError(response.status, 'INTERNAL', `${response.status}: descarga interrumpida`);
  }
  const filename = filenameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, filename);
  return filename;
}

/** The server's message of a 429 answer (too many exports), or null for any other failure. */
export function rateLimitMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status === 429 && error.serverMessage ? error.serverMessage : null;
}
