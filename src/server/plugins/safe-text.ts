/**
 * Text the database cannot store is refused at the door (docs/security.md "Bad input"): a URL
 * whose percent-escapes are not UTF-8, a JSON body that is not UTF-8, and a NUL character in any
 * parameter or body string answer 400 with a Spanish message instead of reaching PostgreSQL
 * (which rejects NUL in text) as a 500.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** The answer to text that cannot be read. */
export const BAD_TEXT = 'La solicitud contiene caracteres no válidos (texto que no es UTF-8 o un carácter nulo).';

/** True when `value` holds a string with a NUL character anywhere inside (objects and arrays walked, 20 levels at most). */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1));
}

/** True when a request target's percent-escapes decode to valid UTF-8 without NUL. */
export function isReadableUrl(url: string): boolean {
  if (!url.includes('%')) return !url.includes('\u0000');
  try {
    return !decodeURIComponent(url).includes('\u0000');
  } catch {
    return false;
  }
}

/** Registers the checks: the URL on arrival, JSON bytes while parsing, parsed values before validation. */
export function registerSafeText(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isReadableUrl(request.url)) throw new AppError('VALIDATION', BAD_TEXT);
  });
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(new AppError('VALIDATION', BAD_TEXT), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) throw new AppError('VALIDATION', BAD_TEXT);
  });
}
