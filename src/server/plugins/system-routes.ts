/**
 * The routes that are about the running system, not the product: health for balancers and the
 * public configuration the web app reads at start (docs/product.md §12). Balancers use
 * `/api/health/live` (the process answers) and `/api/health/ready` (it should get traffic: not
 * draining and the database answers; docs/deploy.md).
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../shared/api.ts';
import { healthDownSchema, healthLiveSchema, healthReadySchema, healthSchema } from '../../shared/system.ts';
import type { AppContext } from '../context.ts';
import { lockNotAvailable } from '../db/errors.ts';
import { countActiveParts } from '../modules/catalogue/service.ts';

/** Longest wait of the readiness probe on the database, ms. */
export const READY_PROBE_TIMEOUT_MS = 2000;

/**
 * Longest wait of `GET /api/health` for the parts table, ms. A first load holds the table's
 * exclusive lock until its commit (docs/product.md §11.1); the health check then answers the
 * count it read last instead of waiting for the load (docs/product.md §15.3).
 */
export const HEALTH_LOCK_WAIT_MS = 1000;

/**
 * `GET /api/health` (503 while the database does not answer), `GET /api/health/live`,
 * `GET /api/health/ready` (503 while draining or while the database does not answer within
 * {@link READY_PROBE_TIMEOUT_MS}) and `GET /api/config`.
 */
export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { database, config } = ctx;
  /** The active parts the last health check counted: what it answers while a first load holds the table. */
  let lastCount = 0;
  const countWithoutWaiting = (): Promise<number> =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = ${HEALTH_LOCK_WAIT_MS}`));
      return countActiveParts(tx);
    });
  return async (app) => {
    app.get('/api/health/live', { schema: { tags: ['system'], response: { 200: healthLiveSchema } } }, async () => ({
      status: 'ok' as const,
    }));
    app.get(
      '/api/health/ready',
      { schema: { tags: ['system'], response: { 200: healthReadySchema, 503: healthReadySchema } } },
      async (_request, reply) => {
        if (app.draining) return reply.status(503).header('retry-after', '5').send({ status: 'draining', database: database.kind });
        if (!(await database.ping(READY_PROBE_TIMEOUT_MS))) {
          return reply.status(503).header('retry-after', '5').send({ status: 'unavailable', database: database.kind });
        }
        return { status: 'ready' as const, database: database.kind };
      },
    );
    app.get(
      '/api/health',
      { schema: { tags: ['system'], response: { 200: healthSchema, 503: healthDownSchema } } },
      async (_request, reply) => {
        try {
          lastCount = await countWithoutWaiting();
          return { status: 'ok' as const, database: database.kind, parts: lastCount };
        } catch (error) {
          // The database answered but a first load holds the parts table: the catalogue others see
          // has not changed since the last count.
          if (lockNotAvailable(error)) return { status: 'ok' as const, database: database.kind, parts: lastCount };
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
