/**
 * Bulk price change routes (issue 21 item 3; docs/product.md §10.2 "Cambiar precios", §12 "Admin").
 * Admin only: 401 without a session and 403 for a non-admin, checked before the body is read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkPriceBodySchema,
  bulkPriceResultSchema,
  lastPriceChangeSchema,
  undoPriceChangeBodySchema,
  undoPriceChangeResultSchema,
} from '../../../shared/price-changes.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { bulkChangePrices, lastPriceChange, undoPriceChange } from './service.ts';

const tags = ['admin'];

/**
 * `POST /api/admin/prices/bulk` (preview, or apply with `apply: true`), `GET
 * /api/admin/prices/bulk/last` (the change "Deshacer" offers) and `POST /api/admin/prices/bulk/undo`.
 */
export function priceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  // Applying and undoing write every selected part in one transaction (tens of seconds for the whole
  // catalogue): on PostgreSQL they run on the bulk pool, whose statement timeout allows it, like imports.
  const writer = ctx.database.bulk;
  return async (app) => {
    app.addHook('onRequest', requireAdmin);

    app.post(
      '/api/admin/prices/bulk',
      {
        schema: {
          tags,
          summary: 'Preview or apply a bulk change of one price list',
          body: bulkPriceBodySchema,
          response: { 200: bulkPriceResultSchema },
        },
      },
      async (request) => bulkChangePrices(request.body.apply ? writer : db, actorOf(request), request.body),
    );
    app.get('/api/admin/prices/bulk/last', { schema: { tags, response: { 200: lastPriceChangeSchema } } }, async () => ({
      change: await lastPriceChange(db),
    }));
    app.post(
      '/api/admin/prices/bulk/undo',
      { schema: { tags, body: undoPriceChangeBodySchema, response: { 200: undoPriceChangeResultSchema } } },
      async (request) => undoPriceChange(writer, actorOf(request), request.body.changeId),
    );
  };
}
