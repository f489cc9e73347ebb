/**
 * Routes for search engines and browsers (issue 22): `/product/:id` served with the part's own head,
 * `/robots.txt`, `/sitemap.xml` (an index of `/sitemaps/N.xml` above 50,000 parts), `/favicon.svg`
 * and `/manifest.webmanifest`. What they say is a guest's view of the catalogue without prices.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productPageParamsSchema, SITEMAP_MAX_URLS, sitemapFileParamsSchema } from '../../../shared/seo.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { cachedReader } from '../catalogue/service.ts';
import {
  FAVICON_SVG,
  renderMissingPartPage,
  renderPartPage,
  robotsTxt,
  type SiteFacts,
  sitemapIndexXml,
  sitemapXml,
  webManifest,
} from './html.ts';
import { partPageFacts, sitemapEntries, sitemapFileCount } from './service.ts';

/** Crawlers and browsers may keep these an hour. */
const PUBLIC_HOUR = 'public, max-age=3600';

export function seoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { config } = ctx;
  const reader = cachedReader(ctx.db, { imageBaseUrl: config.imageBaseUrl }, ctx.cache);
  const site: SiteFacts = { origin: config.publicOrigin, brandName: config.brandName, tagline: config.tagline };
  const indexFile = path.join(config.webDistDir, 'index.html');
  // Read on each request, as the static-files fallback streams it: a rebuild in place (new hashed
  // asset names) is picked up at once. The file is a few kilobytes.
  const readIndex = () => fs.readFile(indexFile, 'utf8').catch(() => null);

  return async (app) => {
    app.get('/product/:id', { schema: { hide: true, params: productPageParamsSchema } }, async (request, reply) => {
      const html = await readIndex();
      if (html === null) return reply.callNotFound();
      const part = await partPageFacts(reader, request.params.id);
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!part) return reply.code(404).send(renderMissingPartPage(html, site));
      return reply.send(renderPartPage(html, part, site));
    });

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', PUBLIC_HOUR).type('text/plain; charset=utf-8').send(robotsTxt(site.origin)),
    );

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const files = await sitemapFileCount(reader);
      let body: string;
      if (files === 1) {
        const entries = await sitemapEntries(reader, 1);
        body = sitemapXml(site.origin, entries, entries.length < SITEMAP_MAX_URLS);
      } else body = sitemapIndexXml(site.origin, files);
      return reply.header('cache-control', PUBLIC_HOUR).type('application/xml; charset=utf-8').send(body);
    });

    app.get('/sitemaps/:file', { schema: { hide: true, params: sitemapFileParamsSchema } }, async (request, reply) => {
      const file = Number.parseInt(request.params.file, 10);
      const entries = file <= (await sitemapFileCount(reader)) ? await sitemapEntries(reader, file) : [];
      if (entries.length === 0) throw new AppError('NOT_FOUND', 'Archivo de sitemap inexistente');
      return reply
        .header('cache-control', PUBLIC_HOUR)
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(site.origin, entries, false));
    });

    app.get('/favicon.svg', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(FAVICON_SVG),
    );

    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', PUBLIC_HOUR).type('application/manifest+json; charset=utf-8').send(webManifest(site)),
    );
  };
}
