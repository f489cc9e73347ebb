/**
 * Part requests / feedback ("Dejanos tu comentario"; docs/product.md §8). Signed-in users send them; the
 * username comes from the session, never from the body. Admins list, set status and delete.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/api.ts';
import { messageSchema, partRequestBodySchema, partRequestSchema } from '../../../shared/auth.ts';
import type { AppContext } from '../../app.ts';
import { PART_REQUEST_STATUSES, partRequests } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireAdmin, requireUser } from '../auth/guards.ts';
import { rateLimit } from '../auth/rate-limit.ts';
import { actorOf, recordAudit } from '../audit/service.ts';

type Row = typeof partRequests.$inferSelect;
const present = (r: Row) => ({
  id: r.id,
  username: r.username,
  message: r.message,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

export function partRequestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.post(
      '/api/part-requests',
      {
        onRequest: requireUser,
        preHandler: [
          rateLimit(app, {
            max: config.rateLimits.partRequestsPerUser,
            timeWindow: 60 * 60 * 1000,
            keyGenerator: (request) => `part-request:${request.viewer.userId ?? request.ip}`,
          }),
        ],
        schema: { tags: ['part-requests'], body: partRequestBodySchema, response: { 201: partRequestSchema } },
      },
      async (request, reply) => {
        const [row] = await db
          .insert(partRequests)
          .values({ userId: request.viewer.userId ?? null, username: request.viewer.username ?? '', message: request.body.message })
          .returning();
        return reply.status(201).send(present(row as Row));
      },
    );

    app.get(
      '/api/part-requests',
      { onRequest: requireAdmin, schema: { tags: ['part-requests'], response: { 200: z.array(partRequestSchema) } } },
      async () => (await db.select().from(partRequests).orderBy(desc(partRequests.createdAt), desc(partRequests.id))).map(present),
    );

    app.patch(
      '/api/part-requests/:id/status',
      {
        onRequest: requireAdmin,
        schema: {
          tags: ['part-requests'],
          params: idParamsSchema,
          body: z.object({ status: z.enum(PART_REQUEST_STATUSES) }),
          response: { 200: partRequestSchema },
        },
      },
      async (request) =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(partRequests).where(eq(partRequests.id, request.params.id));
          if (!before) throw new AppError('NOT_FOUND', 'Solicitud no encontrada');
          const [row] = await tx
            .update(partRequests)
            .set({ status: request.body.status })
            .where(eq(partRequests.id, request.params.id))
            .returning();
          await recordAudit(tx, actorOf(request), {
            action: 'part_request.status',
            entity: 'part_request',
            entityId: before.id,
            before: { status: before.status },
            after: { status: request.body.status },
          });
          return present(row as Row);
        }),
    );

    app.delete(
      '/api/part-requests/:id',
      { onRequest: requireAdmin, schema: { tags: ['part-requests'], params: idParamsSchema, response: { 200: messageSchema } } },
      async (request) =>
        db.transaction(async (tx) => {
          const [row] = await tx.delete(partRequests).where(eq(partRequests.id, request.params.id)).returning();
          if (!row) throw new AppError('NOT_FOUND', 'Solicitud no encontrada');
          await recordAudit(tx, actorOf(request), {
            action: 'part_request.delete',
            entity: 'part_request',
            entityId: row.id,
            before: present(row),
            after: null,
          });
          return { message: 'Solicitud eliminada' };
        }),
    );
  };
}
