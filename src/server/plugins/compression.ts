/**
 * Response compression (@fastify/compress, brotli or gzip as the client accepts) for every
 * response of at least 1 KiB whose type compresses well. The catalogue's cached bodies carry their
 * own compressed forms (`modules/catalogue/routes.ts`) and skip it.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Registers compression on the whole app; register it before the routes. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // The default compressible types plus NDJSON (the print rows of GET /api/print/catalog).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)(?:x-nd)?json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u,
  });
}
