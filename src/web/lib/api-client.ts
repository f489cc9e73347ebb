/**
 * The one HTTP client of the web app (docs/architecture.md). Every call sends cookies, sends
 * a JSON content type only when there is a body, and parses the answer with a shared zod schema
 * (habit 3). Failures throw {@link ApiError}.
 */
import * as z from 'zod/mini';
import { errorBodySchema } from '../../shared/api.ts';
import type { ErrorCode } from '../../shared/errors.ts';

/** Codes the client adds to the server's closed set: no answer at all, or an answer of the wrong shape. */
export type ClientErrorCode = ErrorCode | 'NETWORK' | 'BAD_RESPONSE';

/**
 * A failed call. `message` follows docs/product.md §13.1: the status code, a colon and a space, then the
 * response body text (or the status text when the body is empty). `serverMessage` holds the
 * human-readable message of an `{error:{code,message}}` body, when there is one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly serverMessage: string | undefined;
  /** The body field the server named as at fault (`username`, `email`…), for a form to mark it. */
  readonly field: string | undefined;

  constructor(status: number, code: ClientErrorCode, message: string, serverMessage?: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.field = field;
  }
}

/** Query-string values; `undefined`, `null` and `''` are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Appends the defined query parameters to a path: `withQuery('/api/parts', {page: 2})` → `/api/parts?page=2`. */
export function withQuery(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export interface FetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** Sent as JSON (`Content-Type: application/json`). */
  body?: unknown;
  /** Sent as is, as `application/octet-stream` (a file upload); wins over `body`. */
  rawBody?: Blob;
  /** Sent as `multipart/form-data` (files with their names; the browser sets the boundary); wins over both. */
  formData?: FormData;
  /** The `Accept` header; `application/json` unless a download asks for anything. */
  accept?: string;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Options of {@link apiRequest}: those of {@link apiFetch}. */
export type RequestOptions = FetchOptions;

/**
 * The {@link ApiError} of a non-2xx answer whose body text was read: the server's `{error}` code,
 * message and field at fault when present; the "status: body" message of docs/product.md §13.1 either way. Shared by every caller
 * that uses `fetch` itself (downloads, the raw-body upload).
 */
export function errorFromResponse(response: Response, text: string): ApiError {
  const message = `${response.status}: ${text || response.statusText}`;
  let code: ClientErrorCode = 'INTERNAL';
  let serverMessage: string | undefined;
  let field: string | undefined;
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      code = parsed.data.error.code;
      serverMessage = parsed.data.error.message;
      field = parsed.data.error.field;
    }
  } catch {
    // Not JSON: keep the generic code; the text is in `message`.
  }
  if (!serverMessage && response.status === 404) code = 'NOT_FOUND';
  if (!serverMessage && response.status === 401) code = 'UNAUTHENTICATED';
  if (!serverMessage && response.status === 429) code = 'RATE_LIMITED';
  return new ApiError(response.status, code, message, serverMessage, field);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The one `fetch` of the web app: same origin with cookies, the query appended, a JSON, raw or
 * multipart body with its content type. Answers the 2xx response unread (downloads stream it).
 * @throws {ApiError} on a network failure (status 0, code `NETWORK`) or a non-2xx answer (its
 *   status and the server's `{error}` code and message, {@link errorFromResponse}); the
 *   `AbortError` itself when `signal` aborts.
 */
export async function apiFetch(path: string, options: FetchOptions = {}): Promise<Response> {
  const { method = 'GET', query, body, rawBody, formData, accept = 'application/json', signal } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: accept };
  const init: RequestInit = { method, credentials: 'include', signal, headers };
  if (formData !== undefined) {
    init.body = formData;
  } else if (rawBody !== undefined) {
    headers['Content-Type'] = 'application/octet-stream';
    init.body = rawBody;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), init);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, 'NETWORK', `0: ${error instanceof Error ? error.message : 'Network error'}`);
  }
  if (!response.ok) throw errorFromResponse(response, await response.text().catch(() => ''));
  return response;
}

/**
 * Calls the API ({@link apiFetch}) and returns the JSON body parsed with `schema` (an empty body
 * is `null`).
 * @throws {ApiError} as {@link apiFetch}, and code `BAD_RESPONSE` for a body that is not JSON or
 *   does not match the schema.
 */
export async function apiRequest<S extends z.core.$ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
  const response = await apiFetch(path, options);
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, 'BAD_RESPONSE', `${response.status}: ${text.slice(0, 200)}`);
    }
  }
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) {
    throw new ApiError(response.status, 'BAD_RESPONSE', `${response.status}: respuesta inesperada del servidor`);
  }
  return parsed.data;
}

/** `GET path?query`, parsed with `schema`. */
export function apiGet<S extends z.core.$ZodType>(
  path: string,
  schema: S,
  query?: QueryParams,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  return apiRequest(path, schema, { query, signal });
}
