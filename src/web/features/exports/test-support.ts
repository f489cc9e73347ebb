/** Test helpers of the download buttons: object URLs and anchor clicks jsdom does not implement. */
import { vi } from 'vitest';

export interface SavedFile {
  href: string;
  download: string;
}

/**
 * Stubs `URL.createObjectURL`/`revokeObjectURL` and captures the `<a download>` clicks instead of
 * navigating. Call the returned `restore` after the test.
 */
export function captureDownloads() {
  const saved: SavedFile[] = [];
  const blobs: Blob[] = [];
  const url = URL as unknown as { createObjectURL?: unknown; revokeObjectURL?: unknown };
  const previous = { create: url.createObjectURL, revoke: url.revokeObjectURL };
  url.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:http://localhost/${blobs.length}`;
  });
  url.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  return {
    saved,
    blobs,
    restore: () => {
      click.mockRestore();
      url.createObjectURL = previous.create;
      url.revokeObjectURL = previous.revoke;
    },
  };
}

/** A file answer as the export routes send it. */
export function fileResponse(body: string, type: string, filename: string): Response {
  return new Response(new TextEncoder().encode(body), {
    status: 200,
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    },
  });
}

/** A promise with its resolve function, to hold an answer until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
