/**
 * Carousel administration routes (docs/product.md §10.2 "Gestión de Carruseles", §12): admins only,
 * checked before the body is read. Rules live in carousels.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../shared/auth.ts';
import {
  carouselBodySchema,
  carouselCollectionParamsSchema,
  carouselDraftSchema,
  carouselOrderBodySchema,
  carouselPartParamsSchema,
  discountedProductListSchema,
} from '../../../shared/carousels.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { carouselDraft, discountedProducts, publishCarousels, reorderCarousel, updateCarouselDraft } from './carousels.ts';

const tags = ['admin'];

export function carouselRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.addHook('onRequest', requireAdmin);

    app.get('/api/admin/carousels', { schema: { tags, response: { 200: carouselDraftSchema } } }, async () => carouselDraft(db));
    app.put(
      '/api/products/carousel/:partId',
      { schema: { tags, params: carouselPartParamsSchema, body: carouselBodySchema, response: { 200: carouselDraftSchema } } },
      async (request) => {
        await updateCarouselDraft(db, actorOf(request), request.params.partId, request.body);
        return carouselDraft(db);
      },
    );
    app.put(
      '/api/admin/carousels/:collection/order',
      {
        schema: {
          tags,
          summary: 'Order of a carousel draft (drag and drop)',
          params: carouselCollectionParamsSchema,
          body: carouselOrderBodySchema,
          response: { 200: carouselDraftSchema },
        },
      },
      async (request) => {
        await reorderCarousel(db, actorOf(request), request.params.collection, request.body.partIds);
        return carouselDraft(db);
      },
    );
    app.post('/api/carousel/save', { schema: { tags, response: { 200: messageSchema } } }, async (request) => {
      await publishCarousels(db, actorOf(request));
      return { message: 'Cambios guardados' };
    });
    app.get(
      '/api/carousel/products-with-discounts/on-sale',
      { schema: { tags, response: { 200: discountedProductListSchema } } },
      async () => discountedProducts(db),
    );
  };
}
