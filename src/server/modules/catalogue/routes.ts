/**
 * HTTP routes of the public catalogue (docs/product.md §12 "Catalogue"). Rules live in service.ts; this
 * file adds the catalogue cache: responses are serialized once per catalogue version and price
 * list, answered with an ETag, and revalidated with 304.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryTreeSchema,
  collectionQuerySchema,
  collectionSchema,
  idParamsSchema,
  partListSchema,
  partSchema,
  partsQuerySchema,
  partsResponseSchema,
} from '../../../shared/api.ts';
import type { AppContext } from '../../app.ts';
import { Negotiator } from '@fastify/accept-negotiator';
import type { BodyEncoding, CatalogueCache } from './cache.ts';
import {
  type Known,
  type Viewer,
  categoryTree,
  countParts,
  getPart,
  listBrands,
  listCollection,
  listParts,
  listRelated,
  loadCategories,
  profileOf,
  profilePriceLists,
} from './service.ts';

const brandsSchema = z.array(z.object({ brand: z.string(), count: z.number().int() }));

/** What every cached read knows up front: the viewer's price list and the categories. */
async function knownFor(
  cache: CatalogueCache,
  ctx: AppContext,
  viewer: Viewer,
): Promise<Required<Pick<Known, 'priceList' | 'categories'>>> {
  const [lists, categories] = await Promise.all([
    cache.get('profiles', () => profilePriceLists(ctx.db)),
    cache.get('categories', () => loadCategories(ctx.db)),
  ]);
  return { priceList: lists.value[profileOf(viewer)], categories: categories.value };
}

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
  const settings = { imageBaseUrl: ctx.config.imageBaseUrl };
  const { cache } = ctx;
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
        const known = await knownFor(cache, ctx, request.viewer);
        const filterKey = JSON.stringify([q.categoryId ?? 0, q.brand ?? '', q.search ?? '']);
        return sendCached(
          request,
          reply,
          cache,
          `parts|${known.priceList}|${JSON.stringify([filterKey, q.sortBy, q.sortDir, q.page, q.limit])}`,
          known.priceList,
          async () => {
            // The total of a filter is counted once per catalogue version, whatever the page or sort.
            const countKey = `count|${filterKey}`;
            const version = await cache.currentVersion();
            const countTotal = async (where: Parameters<NonNullable<Known['countTotal']>>[0]) =>
              (await cache.get(countKey, () => countParts(ctx.db, where))).value;
            const result = await listParts(ctx.db, request.viewer, q, settings, {
              ...known,
              countTotal,
              cachedTotal: () => cache.peek<number>(countKey),
              rememberTotal: (total) => cache.put(countKey, version, total),
            });
            return JSON.stringify(partsResponseSchema.parse(result));
          },
        );
      },
    );

    app.get(
      '/api/parts/:id',
      { schema: { tags: ['catalogue'], params: idParamsSchema, response: { 200: partSchema } } },
      async (request, reply) => {
        const known = await knownFor(cache, ctx, request.viewer);
        return sendCached(request, reply, cache, `part|${known.priceList}|${request.params.id}`, known.priceList, async () =>
          JSON.stringify(partSchema.parse(await getPart(ctx.db, request.viewer, request.params.id, settings, known))),
        );
      },
    );

    app.get(
      '/api/products/:collection',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Published home carousel',
          params: z.object({ collection: collectionSchema }),
          querystring: collectionQuerySchema,
          response: { 200: partListSchema },
        },
      },
      async (request, reply) => {
        const known = await knownFor(cache, ctx, request.viewer);
        return sendCached(request, reply, cache, `collection|${known.priceList}|${request.params.collection}`, known.priceList, async () =>
          JSON.stringify(partListSchema.parse(await listCollection(ctx.db, request.viewer, request.params.collection, settings, known))),
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
        const known = await knownFor(cache, ctx, request.viewer);
        return sendCached(request, reply, cache, `related|${known.priceList}|${request.params.id}`, known.priceList, async () =>
          JSON.stringify(partListSchema.parse(await listRelated(ctx.db, request.viewer, request.params.id, settings, known))),
        );
      },
    );

    app.get(
      '/api/categories/public',
      { schema: { tags: ['catalogue'], response: { 200: categoryTreeSchema } } },
      async (request, reply) => {
        const known = await knownFor(cache, ctx, request.viewer);
        return sendCached(request, reply, cache, 'tree', 0, async () =>
          JSON.stringify(categoryTreeSchema.parse(await categoryTree(ctx.db, { categories: known.categories }))),
        );
      },
    );

    app.get('/api/brands', { schema: { tags: ['catalogue'], response: { 200: brandsSchema } } }, async (request, reply) => {
      const known = await knownFor(cache, ctx, request.viewer);
      return sendCached(request, reply, cache, 'brands', 0, async () =>
        JSON.stringify(brandsSchema.parse(await listBrands(ctx.db, known.categories))),
      );
    });
  };
}
