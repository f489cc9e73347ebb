/**
 * Admin routes (docs/product.md §10, §12). Every route answers 401 without a session and 403 for a
 * non-admin, checked before the body is read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPartListSchema,
  adminPartSchema,
  adminPartsQuerySchema,
  adminPartsResponseSchema,
  flatCategoryListSchema,
  multimediaBodySchema,
  priceListBodySchema,
  profileListSchema,
  profileSchema,
  profileTypeParamsSchema,
  relatedBodySchema,
  relationParamsSchema,
  relationSearchQuerySchema,
  relationsResponseSchema,
  salesUnitBodySchema,
  visibilityBodySchema,
  visibilityResponseSchema,
} from '../../../shared/admin.ts';
import { auditPageSchema, auditQuerySchema, partDetailSchema, partEditBodySchema } from '../../../shared/admin-parts.ts';
import { categoryTreeSchema, idParamsSchema } from '../../../shared/api.ts';
import { messageSchema } from '../../../shared/auth.ts';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../auth/guards.ts';
import { categoryTree } from '../catalogue/service.ts';
import { actorOf, listAudit } from '../audit/service.ts';
import { carouselRoutes } from './carousel-routes.ts';
import { getPartDetail, updatePart } from './parts-edit.ts';
import { listAdminParts } from './parts-list.ts';
import {
  addRelation,
  listAllCategories,
  listProfiles,
  listRelations,
  removeRelation,
  searchForRelation,
  setMultimedia,
  setProfilePriceList,
  setSalesUnit,
  setVisibility,
} from './service.ts';

const tags = ['admin'];

export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.addHook('onRequest', requireAdmin);

    app.get('/api/profiles', { schema: { tags, response: { 200: profileListSchema } } }, async () => listProfiles(db));
    app.post(
      '/api/profiles/:profileType/price-list',
      {
        schema: {
          tags,
          params: profileTypeParamsSchema,
          body: priceListBodySchema,
          response: { 200: profileSchema },
        },
      },
      async (request) => setProfilePriceList(db, actorOf(request), request.params.profileType, request.body.priceList),
    );

    app.get(
      '/api/admin/parts',
      { schema: { tags, querystring: adminPartsQuerySchema, response: { 200: adminPartsResponseSchema } } },
      // A filter's total is kept per catalogue version, as the public list's are: paging through a
      // brand or the parts without a photo counts them once (docs/performance.md "Session 22").
      async (request) => listAdminParts(db, request.query, async (key, count) => (await ctx.cache.get(`admin-count|${key}`, count)).value),
    );
    app.get('/api/admin/parts/:id', { schema: { tags, params: idParamsSchema, response: { 200: partDetailSchema } } }, async (request) =>
      getPartDetail(db, request.params.id),
    );
    app.patch(
      '/api/admin/parts/:id',
      { schema: { tags, params: idParamsSchema, body: partEditBodySchema, response: { 200: partDetailSchema } } },
      async (request) => updatePart(db, actorOf(request), request.params.id, request.body, config.lowStock),
    );
    app.patch(
      '/api/admin/parts/:id/sales-unit',
      // Edited in place: a refused value is named by `field` for the inline edit to mark it.
      {
        schema: { tags, params: idParamsSchema, body: salesUnitBodySchema, response: { 200: adminPartSchema } },
        config: { fieldErrors: true },
      },
      async (request) => setSalesUnit(db, actorOf(request), request.params.id, request.body.salesUnit),
    );
    app.put(
      '/api/admin/parts/:id/multimedia',
      {
        schema: { tags, params: idParamsSchema, body: multimediaBodySchema, response: { 200: adminPartSchema } },
        config: { fieldErrors: true },
      },
      async (request) => setMultimedia(db, actorOf(request), request.params.id, request.body),
    );

    app.get('/api/categories', { schema: { tags, response: { 200: flatCategoryListSchema } } }, async () => listAllCategories(db));
    // Kept per catalogue version like the public tree: its part counts read every active part
    // (0.25 s at 1,000,000 parts), and any change of parts or categories is a new version.
    app.get(
      '/api/categories/admin',
      { schema: { tags, response: { 200: categoryTreeSchema } } },
      async () => (await ctx.cache.get('admin-category-tree', () => categoryTree(db, { includeHidden: true }))).value,
    );
    app.put(
      '/api/categories/visibility',
      { schema: { tags, body: visibilityBodySchema, response: { 200: visibilityResponseSchema } } },
      async (request) => ({ updated: await setVisibility(db, actorOf(request), request.body.updates) }),
    );

    app.get(
      '/api/products/:id/relations',
      { schema: { tags, params: idParamsSchema, response: { 200: relationsResponseSchema } } },
      async (request) => ({ relatedProducts: await listRelations(db, request.params.id) }),
    );
    app.post(
      '/api/products/:id/related',
      { schema: { tags, params: idParamsSchema, body: relatedBodySchema, response: { 201: messageSchema } } },
      async (request, reply) => {
        await addRelation(db, actorOf(request), request.params.id, request.body.relatedProductId);
        return reply.status(201).send({ message: 'Producto relacionado agregado' });
      },
    );
    app.delete(
      '/api/products/:id/related/:relatedId',
      {
        schema: {
          tags,
          params: relationParamsSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await removeRelation(db, actorOf(request), request.params.id, request.params.relatedId);
        return { message: 'Producto relacionado eliminado' };
      },
    );
    app.get(
      '/api/products/search-for-relation',
      { schema: { tags, querystring: relationSearchQuerySchema, response: { 200: adminPartListSchema } } },
      async (request) => searchForRelation(db, request.query.query, request.query.excludeId),
    );

    app.get(
      '/api/admin/audit',
      {
        schema: {
          tags,
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      async (request) => listAudit(db, request.query),
    );

    // Gestión de Carruseles (carousel-routes.ts).
    await app.register(carouselRoutes(ctx));
  };
}
