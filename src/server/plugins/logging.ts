/**
 * The request log (docs/architecture.md "Request lifecycle"): Fastify's pino logger at `LOG_LEVEL`,
 * with reset tokens masked in logged URLs and error logs that carry no SQL parameters nor row
 * values (`db/errors.ts`).
 */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { safeErrorForLog } from '../db/errors.ts';

/** Replaces secrets in a URL before it is logged (reset tokens in paths and query strings). */
export function redactUrl(url: string): string {
  return url.replace(/(validate-reset-token\/)[^/?#]+/, '$1[redacted]').replace(/([?&]token=)[^&#]+/, '$1[redacted]');
}

/**
 * Fastify's `logger` option: the options above when `enabled`, `false` (no log, as in tests)
 * otherwise.
 */
export function loggerOptions(config: Config, enabled: boolean | undefined): FastifyServerOptions['logger'] {
  if (!enabled) return false;
  return {
    level: config.logLevel,
    serializers: {
      // Reset tokens travel in a URL path: keep them out of the request log.
      req: (request: { method: string; url: string }) => ({ method: request.method, url: redactUrl(request.url) }),
      // Never SQL parameters (password hashes, tokens) nor row values in an error log.
      err: safeErrorForLog,
    },
  };
}
