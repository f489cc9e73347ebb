/**
 * Part requests / feedback ("Dejanos tu comentario"; docs/product.md §8). Signed-in users send them;
 * the username comes from the session, never from the body; an `Idempotency-Key` makes a retry
 * safe, and staff (`STAFF_EMAIL`) are mailed once per request. Admins list (by status, with the
 * sender's contact data), set status and delete.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partRequestBodySchema, partRequestSchema } from '../../../shared/account.ts';
import { partRequestStatusBodySchema } from '../../../shared/admin.ts';
import { adminPartRequestListSchema, partRequestsQuerySchema } from '../../../shared/admin-users.ts';
import { idParamsSchema } from '../../../shared/api.ts';
import { messageSchema } from '../../../shared/auth.ts';
import type { AppContext } from '../../context.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin, requireUser } from '../auth/guards.ts';
import type { Mailer } from '../auth/mail.ts';
import { partRequestNotice } from '../auth/notices.ts';
import { idempotencyHeadersSchema, idempotencyKeyOf, idempotent, REPLAYED_HEADER } from '../idempotency/service.ts';
import { createPartRequest, deletePartRequest, listPartRequests, senderContact, setPartRequestStatus } from './service.ts';

export function partRequestRoutes(ctx: AppContext, mailer: Mailer): FastifyPluginAsyncZod {
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
        schema: {
          tags: ['part-requests'],
          headers: idempotencyHeadersSchema,
          body: partRequestBodySchema,
          response: { 201: partRequestSchema },
        },
      },
      // A retry with the same Idempotency-Key gets the first answer and stores nothing twice.
      async (request, reply) => {
        const answer = await idempotent(
          db,
          {
            scope: 'part-request',
            owner: `user:${request.viewer.userId ?? 0}`,
            key: idempotencyKeyOf(request),
            request: request.body,
          },
          async (tx) => ({ statusCode: 201, body: await createPartRequest(tx, request.viewer, request.body.message) }),
        );
        if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
        const userId = request.viewer.userId;
        if (!answer.replayed && userId !== undefined && config.staffEmail) {
          // Staff hear of it (issue 21 item 7), once: a replayed retry mails nothing.
          const message = request.body.message;
          app.background.run('part request notice', async () => {
            const sender = await senderContact(db, userId);
            const notice = sender ? partRequestNotice(config, sender, message) : null;
            if (notice) await mailer.send(notice);
          });
        }
        return reply.status(201).send(answer.body);
      },
    );

    app.get(
      '/api/part-requests',
      {
        onRequest: requireAdmin,
        schema: { tags: ['part-requests'], querystring: partRequestsQuerySchema, response: { 200: adminPartRequestListSchema } },
      },
      async (request) => listPartRequests(db, request.query),
    );

    app.patch(
      '/api/part-requests/:id/status',
      {
        onRequest: requireAdmin,
        schema: {
          tags: ['part-requests'],
          params: idParamsSchema,
          body: partRequestStatusBodySchema,
          response: { 200: partRequestSchema },
        },
      },
      async (request) => setPartRequestStatus(db, actorOf(request), request.params.id, request.body.status),
    );

    app.delete(
      '/api/part-requests/:id',
      { onRequest: requireAdmin, schema: { tags: ['part-requests'], params: idParamsSchema, response: { 200: messageSchema } } },
      async (request) => {
        await deletePartRequest(db, actorOf(request), request.params.id);
        return { message: 'Solicitud eliminada' };
      },
    );
  };
}
