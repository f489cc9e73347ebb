/**
 * Archive-bomb guard for XLSX sources (issue 15 item 6). An XLSX is a zip; ExcelJS inflates every
 * entry into memory, so a 1 MB file can ask for gigabytes. Before ExcelJS sees the bytes, every
 * entry the central directory lists (the same list ExcelJS reads) is inflated as a stream and the
 * bytes actually produced are counted: the sizes the archive declares are never trusted, and the
 * inflated data is thrown away chunk by chunk, so the check itself holds almost no memory.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from '../../errors.ts';

/** Limits of one XLSX archive. */
export interface XlsxArchiveLimits {
  /** Most bytes all entries together may inflate to. */
  maxInflatedBytes: number;
  /** Most entries the archive may hold (a real workbook has a few dozen). */
  maxEntries: number;
}

const refuse = (message: string): AppError => new AppError('IMPORT_FAILED', message);

const megabytes = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The Spanish refusal for an archive that inflates past `maxInflatedBytes`. */
export function tooLargeMessage(limits: XlsxArchiveLimits): string {
  return `El archivo XLSX se descomprime a más de ${megabytes(limits.maxInflatedBytes)}: no se puede importar.`;
}

/** The Spanish refusal for an archive with more than `maxEntries` entries. */
export function tooManyEntriesMessage(limits: XlsxArchiveLimits): string {
  return `El archivo XLSX tiene más de ${limits.maxEntries.toLocaleString('es-AR')} archivos internos: no se puede importar.`;
}

const damaged = (error: Error): AppError => refuse(`El archivo XLSX está dañado y no se puede leer (${error.message}).`);

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // validateEntrySizes off: the count below is the check, and its message is the clear one.
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false }, (error, zipfile) =>
      error ? reject(damaged(error)) : resolve(zipfile),
    );
  });
}

/**
 * Inflates every entry of the zip held in `buffer` without keeping the output, counting the bytes.
 * Resolves when the whole archive is within `limits`; stops inflating as soon as it is not.
 * @throws AppError IMPORT_FAILED (Spanish message) when the entries inflate to more than
 *   `maxInflatedBytes` in total, when there are more than `maxEntries` entries, or when the archive
 *   cannot be read (truncated, encrypted, an unknown compression method).
 */
export async function checkXlsxArchive(buffer: Buffer, limits: XlsxArchiveLimits): Promise<void> {
  const zipfile = await openZip(buffer);
  // The declared count is checked first (cheap); the entries actually listed are counted too.
  if (zipfile.entryCount > limits.maxEntries) {
    zipfile.close();
    throw refuse(tooManyEntriesMessage(limits));
  }
  await new Promise<void>((resolve, reject) => {
    let inflated = 0;
    let entries = 0;
    let settled = false;
    let current: Readable | null = null;
    const stop = (error: AppError | null) => {
      if (settled) return;
      settled = true;
      current?.destroy();
      zipfile.close();
      if (error) reject(error);
      else resolve();
    };
    zipfile.on('error', (error: Error) => stop(damaged(error)));
    zipfile.on('end', () => stop(null));
    zipfile.on('entry', (entry: yauzl.Entry) => {
      entries += 1;
      if (entries > limits.maxEntries) return stop(refuse(tooManyEntriesMessage(limits)));
      zipfile.openReadStream(entry, (error, stream) => {
        if (error) return stop(damaged(error));
        if (settled) return stream.destroy();
        current = stream;
        stream.on('data', (chunk: Buffer) => {
          inflated += chunk.length;
          if (inflated > limits.maxInflatedBytes) stop(refuse(tooLargeMessage(limits)));
        });
        stream.on('error', (streamError: Error) => stop(damaged(streamError)));
        stream.on('end', () => {
          current = null;
          if (!settled) zipfile.readEntry();
        });
      });
    });
    zipfile.readEntry();
  });
}
