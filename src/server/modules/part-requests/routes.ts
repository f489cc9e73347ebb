/**
 * Part requests / feedback ("Dejanos tu comentario"; spec 7). Signed-in users send them; the
 * username comes from the session, never from the body. Admins list, set status and delete.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partRequestStatusBodySchema } from '../../../shared/admin.ts';
import { idParamsSchema } from '../../../shared/api.ts';
import { messageSchema, partRequestBodySchema, partRequestSchema } from '../../../shared/auth.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin, requireUser } from '../auth/guards.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { createPartRequest, deletePartRequest, listPartRequests, setPartRequestStatus } from './service.ts';

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
      async (request, reply) => reply.status(201).send(await createPartRequest(db, request.viewer, request.body.message)),
    );

    app.get(
      '/api/part-requests',
      { onRequest: requireAdmin, schema: { tags: ['part-requests'], response: { 200: z.array(partRequestSchema) } } },
      async () => listPartRequests(db),
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
