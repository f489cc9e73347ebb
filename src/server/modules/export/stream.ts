/** Backpressure for the streamed exports: a slow client must not make the server buffer the file. */
import type { Writable } from 'node:stream';

/** Thrown when the client went away during a download; generation stops quietly. */
export class ExportAborted extends Error {
  constructor() {
    super('export aborted: the response stream closed');
  }
}

/** Bytes a generator may hold in its own buffer before it waits for the client. */
const BUFFER_LIMIT = 1 << 20;

/**
 * Resolves once `out` can take more data and `buffered()` (bytes the generator holds, such as a
 * PDFDocument's readable buffer) is under 1 MiB.
 * @throws ExportAborted when `out` was closed or destroyed (client disconnected).
 */
export async function whenWritable(out: Writable, buffered: () => number = () => 0): Promise<void> {
  while (!out.destroyed && (out.writableNeedDrain || buffered() > BUFFER_LIMIT)) {
    if (out.writableNeedDrain) {
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      });
    } else {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  if (out.destroyed) throw new ExportAborted();
}
