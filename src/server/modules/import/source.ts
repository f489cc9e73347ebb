/** Reads a catalogue source named by a trusted operator: a local file path or an http(s) URL. */
import fs from 'node:fs/promises';
import { AppError } from '../../errors.ts';
import { SOURCE_LIMITS, type SourceLimits } from './parse.ts';

/** Time allowed to fetch a source URL, ms. */
const FETCH_TIMEOUT_MS = 60_000;

/** The refusal of a source over `limits.maxBytes`, naming the limit (the setting an operator may raise). */
const tooLarge = (what: 'El archivo' | 'La fuente', limits: SourceLimits) =>
  new AppError('IMPORT_FAILED', `${what} supera el máximo de ${limits.maxBytes / 1024 / 1024} MB.`);

/**
 * Returns the bytes of `target` (never taken from a request; docs/product.md §11.2).
 * @param limits the operator's (parse.ts `sourceLimits`); only `maxBytes` applies here.
 * @throws AppError IMPORT_FAILED when the file is missing, too large or the URL answers an error.
 */
export async function readSource(target: string, limits: SourceLimits = SOURCE_LIMITS): Promise<Buffer> {
  if (/^https?:\/\//i.test(target)) {
    let response: Response;
    try {
      response = await fetch(target, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (error) {
      throw new AppError('IMPORT_FAILED', `No se pudo leer ${target}: ${(error as Error).message}`);
    }
    if (!response.ok) throw new AppError('IMPORT_FAILED', `La fuente respondió ${response.status} ${response.statusText}`);
    const buffer = Buffer.from(await response.arrayBuffer());
    if (buffer.length > limits.maxBytes) throw tooLarge('La fuente', limits);
    return buffer;
  }
  try {
    const stat = await fs.stat(target);
    if (stat.size > limits.maxBytes) throw tooLarge('El archivo', limits);
    return await fs.readFile(target);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'IMPORT_FAILED',
      `No se pudo leer el archivo ${target}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
