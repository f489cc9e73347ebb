/**
 * HTTP routes of the public catalogue (docs/product.md §12 "Catalogue"). Rules live in service.ts; this
 * file adds the catalogue cache: the service reads through a reader built around it (price lists,
 * categories and filter totals once per catalogue version), and responses are serialized once per
 * catalogue version and price list, answered with an ETag, and revalidated with 304.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  brandCountsSchema,
  categoryTreeSchema,
  collectionParamsSchema,
  collectionQuerySchema,
  idParamsSchema,
  partListSchema,
  partSchema,
  partsQuerySchema,
  partsResponseSchema,
  suggestQuerySchema,
  suggestionsSchema,
} from '../../../shared/api.ts';
import { foldText } from '../../../shared/text.ts';
import type { AppContext } from '../../context.ts';
import { Negotiator } from '@fastify/accept-negotiator';
import type { BodyEncoding, CatalogueCache } from './cache.ts';
import { cachedReader, filterKey } from './reader.ts';
import { getPart, listBrands, listCollection, listParts, listRelated, publicCategoryTree, suggest } from './service.ts';

/** Content codings served from the cache (@fastify/compress handles every other response). */
const encodings = new Negotiator<BodyEncoding>({ supportedValues: ['br', 'gzip'] });
/** Bodies below this size are sent as they are (the same threshold as @fastify/compress). */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Answers the cached JSON body of `key` (computing it on a miss) with a weak ETag of (catalogue
 * version, price list); a matching If-None-Match gets 304. A client that accepts brotli or gzip
 * gets the body's compressed form, made once per cached body. Bodies depend on the session's
 * price list, so caches must vary on Cookie.
 */
async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: CatalogueCache,
  key: string,
  priceList: number,
  compute: () => Promise<string>,
) {
  const { body, version } = await cache.body(key, compute);
  const etag = `W/"c${version}-l${priceList}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Cookie, Accept-Encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const accept = request.headers['accept-encoding'];
  const encoding = accept && body.json.length >= COMPRESS_MIN_BYTES ? encodings.negotiate(accept) : null;
  if (!encoding) return reply.send(body.json);
  const compressed = await cache.encoded(key, version, body, encoding);
  return reply.header('content-encoding', encoding).send(compressed);
}

export function catalogueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { cache } = ctx;
  // Price lists, categories and filter totals come from the catalogue cache.
  const reader = cachedReader(ctx.db, { imageBaseUrl: ctx.config.imageBaseUrl }, cache);
  return async (app) => {
    app.get(
      '/api/parts',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Parts list at the viewer’s prices',
          querystring: partsQuerySchema,
          response: { 200: partsResponseSchema },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const priceList = await reader.priceList(request.viewer);
        return sendCached(
          request,
          reply,
          cache,
          `parts|${priceList}|${JSON.stringify([filterKey(q), q.sortBy, q.sortDir, q.page, q.limit])}`,
          priceList,
          async () => JSON.stringify(partsResponseSchema.parse(await listParts(reader, request.viewer, q))),
        );
      },
    );

    app.get(
      '/api/parts/:id',
      { schema: { tags: ['catalogue'], params: idParamsSchema, response: { 200: partSchema } } },
      async (request, reply) => {
        const priceList = await reader.priceList(request.viewer);
        return sendCached(request, reply, cache, `part|${priceList}|${request.params.id}`, priceList, async () =>
          JSON.stringify(partSchema.parse(await getPart(reader, request.viewer, request.params.id))),
        );
      },
    );

    app.get(
      '/api/products/:collection',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Published home carousel',
          params: collectionParamsSchema,
          querystring: collectionQuerySchema,
          response: { 200: partListSchema },
        },
      },
      async (request, reply) => {
        const priceList = await reader.priceList(request.viewer);
        return sendCached(request, reply, cache, `collection|${priceList}|${request.params.collection}`, priceList, async () =>
          JSON.stringify(partListSchema.parse(await listCollection(reader, request.viewer, request.params.collection))),
        );
      },
    );

    app.get(
      '/api/products/:id/related',
      {
        schema: {
          tags: ['catalogue'],
          params: idParamsSchema,
          querystring: collectionQuerySchema,
          response: { 200: partListSchema },
        },
      },
      async (request, reply) => {
        const priceList = await reader.priceList(request.viewer);
        return sendCached(request, reply, cache, `related|${priceList}|${request.params.id}`, priceList, async () =>
          JSON.stringify(partListSchema.parse(await listRelated(reader, request.viewer, request.params.id))),
        );
      },
    );

    app.get('/api/categories/public', { schema: { tags: ['catalogue'], response: { 200: categoryTreeSchema } } }, async (request, reply) =>
      sendCached(request, reply, cache, 'tree', 0, async () => JSON.stringify(categoryTreeSchema.parse(await publicCategoryTree(reader)))),
    );

    app.get(
      '/api/search/suggest',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Search box suggestions: parts (code and description, no prices) and categories',
          querystring: suggestQuerySchema,
          response: { 200: suggestionsSchema },
        },
      },
      async (request, reply) => {
        // The same for every viewer: no price in it.
        const q = request.query.q;
        return sendCached(request, reply, cache, `suggest|${foldText(q).trim()}`, 0, async () =>
          JSON.stringify(suggestionsSchema.parse(await suggest(reader, q))),
        );
      },
    );

    app.get('/api/brands', { schema: { tags: ['catalogue'], response: { 200: brandCountsSchema } } }, async (request, reply) =>
      sendCached(request, reply, cache, 'brands', 0, async () => JSON.stringify(brandCountsSchema.parse(await listBrands(reader)))),
    );
  };
}
