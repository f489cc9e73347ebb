/**
 * Fastify's own options: the request log (`logging.ts`), a 1 MiB limit on request bodies (file
 * uploads set their own) and the proxies whose `X-Forwarded-*` headers are trusted for the client
 * address (`TRUST_PROXY`; none by default).
 */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { loggerOptions } from './logging.ts';

/** Longest request body outside the routes that set their own, bytes. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** The options `buildApp` creates Fastify with; `logger` off (tests) when not `true`. */
export function serverOptions(config: Config, logger: boolean | undefined): FastifyServerOptions {
  return {
    logger: loggerOptions(config, logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
  };
}
