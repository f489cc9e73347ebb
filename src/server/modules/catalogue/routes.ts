/** HTTP routes of the public catalogue (spec section 7 "Catalogue"). Rules live in service.ts. */
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
import { categoryTree, getPart, listBrands, listCollection, listParts, listRelated } from './service.ts';

export function catalogueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const settings = { imageBaseUrl: ctx.config.imageBaseUrl };
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
      async (request) => listParts(ctx.db, request.viewer, request.query, settings),
    );

    app.get(
      '/api/parts/:id',
      { schema: { tags: ['catalogue'], params: idParamsSchema, response: { 200: partSchema } } },
      async (request) => getPart(ctx.db, request.viewer, request.params.id, settings),
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
      async (request) => listCollection(ctx.db, request.viewer, request.params.collection, settings),
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
      async (request) => listRelated(ctx.db, request.viewer, request.params.id, settings),
    );

    app.get(
      '/api/categories/public',
      { schema: { tags: ['catalogue'], response: { 200: categoryTreeSchema } } },
      async () => categoryTree(ctx.db),
    );

    app.get(
      '/api/brands',
      {
        schema: {
          tags: ['catalogue'],
          response: { 200: z.array(z.object({ brand: z.string(), count: z.number().int() })) },
        },
      },
      async () => listBrands(ctx.db),
    );
  };
}
