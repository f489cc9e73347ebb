/** `export-xlsx` / `export-pdf`: one whole download each, timed from request to last byte. */

export interface DownloadResult {
  status: number;
  ms: number;
  bytes: number;
  contentType: string;
  /** Set when the endpoint is missing (404) or failed. */
  note?: string;
}

/** Downloads `origin + path`, counting bytes as they stream; bounded by `timeoutMs`. */
export async function timeDownload(origin: string, path: string, timeoutMs: number): Promise<DownloadResult> {
  const started = performance.now();
  const response = await fetch(origin + path, { signal: AbortSignal.timeout(timeoutMs) });
  let bytes = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  const ms = performance.now() - started;
  const contentType = response.headers.get('content-type') ?? '';
  const result: DownloadResult = { status: response.status, ms, bytes, contentType };
  if (response.status === 404) result.note = `${path} answered 404: skipped`;
  else if (!response.ok) result.note = `${path} answered ${response.status}`;
  return result;
}
