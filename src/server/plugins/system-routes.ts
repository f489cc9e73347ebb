/**
 * The routes that are about the running system, not the product: health for balancers and the
 * public configuration the web app reads at start (docs/product.md §12).
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDownSchema, healthSchema, publicConfigSchema } from '../../shared/api.ts';
import type { AppContext } from '../context.ts';
import { queryRows } from '../db/client.ts';

/** `GET /api/health` (503 while the database does not answer) and `GET /api/config`. */
export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { database, config } = ctx;
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { tags: ['system'], response: { 200: healthSchema, 503: healthDownSchema } } },
      async (_request, reply) => {
        try {
          const [row] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from parts where is_active`);
          return { status: 'ok' as const, database: database.kind, parts: Number(row?.count ?? 0) };
        } catch {
          return reply
            .status(503)
            .send({ status: 'unavailable' as const, database: database.kind, message: 'La base de datos no responde' });
        }
      },
    );
    app.get('/api/config', { schema: { tags: ['system'], response: { 200: publicConfigSchema } } }, async () => ({
      brandName: config.brandName,
      tagline: config.tagline,
      whatsappAdmin: config.whatsappAdmin,
      whatsappSales: config.whatsappSales,
      orderPlatformUrl: config.orderPlatformUrl,
    }));
  };
}
