/**
 * Files the server hands out as they are: supplier photos under `/images/` (image types only,
 * cached 30 days) and the built web app, whose client-side routes all answer `index.html`
 * (docs/product.md §2). Unknown API and file paths answer a Spanish 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

/** Image types `/images/` serves (by extension, lower case). */
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif', '.avif']);

/**
 * True when `/images/<pathName>` may be served: an image type by extension and no path segment
 * starting with a dot (no `.env`, `.git/…`, `.hidden.jpg`).
 */
export function isServableImagePath(pathName: string): boolean {
  const segments = pathName.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((segment) => segment.startsWith('.'))) return false;
  return IMAGE_EXTENSIONS.has(path.extname(pathName).toLowerCase());
}

/** Registers `/images/`, the web app's files and the SPA fallback / 404 handler. */
export async function registerStaticFiles(app: FastifyInstance, config: Config): Promise<void> {
  // Supplier photos (docs/product.md §4.4), long-lived caching. Mounted even while the folder does
  // not exist yet: the first photo uploaded in the panel creates it (unique names, never rewritten).
  await app.register(fastifyStatic, {
    root: config.imageDir,
    prefix: '/images/',
    decorateReply: false,
    maxAge: '30d',
    immutable: true,
    index: false,
    suppressWarning: true,
    // Photos only: no dotfiles, no other file that happens to sit in the folder.
    allowedPath: isServableImagePath,
  });
  // The built web app: hashed assets cached for a year, index.html never cached.
  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      index: false,
      // The build writes brotli and gzip copies of scripts and styles (vite.config.ts): sent as
      // they are when the browser accepts them, instead of compressing on each request.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isFile = /^\/(api|images|assets)\//.test(url) || /\.[a-z0-9]{2,5}$/i.test(url);
    if (hasWeb && request.method === 'GET' && !isFile) {
      return sendIndex(reply);
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `Ruta no encontrada: ${request.method} ${url}` } });
  });
}
