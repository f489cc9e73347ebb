/**
 * User administration (docs/product.md §10.2 "Gestión de Usuarios"). Admin only: 401 without a
 * session, 403 for other roles. The rules and the audit trail live in service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCodeBodySchema, userTypeBodySchema, userUpdateBodySchema } from '../../../shared/admin.ts';
import { idParamsSchema } from '../../../shared/api.ts';
import { adminUserSchema, approveBodySchema, createUserBodySchema, messageSchema } from '../../../shared/auth.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { approveUser, createUser, deleteUser, listPendingUsers, listUsers, setClientCode, setUserType, updateUser } from './service.ts';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const userSchema = { response: { 200: adminUserSchema } };

  return async (app) => {
    app.addHook('onRequest', requireAdmin);

    app.get('/api/users', { schema: { tags: ['users'], response: { 200: z.array(adminUserSchema) } } }, async () => listUsers(db));

    app.get('/api/users/pending', { schema: { tags: ['users'], response: { 200: z.array(adminUserSchema) } } }, async () =>
      listPendingUsers(db),
    );

    app.post(
      '/api/admin/users',
      { schema: { tags: ['users'], body: createUserBodySchema, response: { 201: adminUserSchema } } },
      async (request, reply) => reply.status(201).send(await createUser(db, actorOf(request), request.body)),
    );

    app.patch(
      '/api/users/:id/approve',
      { schema: { tags: ['users'], params: idParamsSchema, body: z.optional(approveBodySchema), ...userSchema } },
      async (request) => approveUser(db, actorOf(request), request.params.id, request.body?.clientCode),
    );

    app.patch(
      '/api/users/:id/client-code',
      { schema: { tags: ['users'], params: idParamsSchema, body: clientCodeBodySchema, ...userSchema } },
      async (request) => setClientCode(db, actorOf(request), request.params.id, request.body.clientCode),
    );

    app.patch(
      '/api/users/:id/type',
      { schema: { tags: ['users'], params: idParamsSchema, body: userTypeBodySchema, ...userSchema } },
      async (request) => setUserType(db, actorOf(request), request.params.id, request.body.profileType),
    );

    app.patch(
      '/api/users/:id',
      { schema: { tags: ['users'], params: idParamsSchema, body: userUpdateBodySchema, ...userSchema } },
      async (request) => updateUser(db, actorOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/users/:id',
      { schema: { tags: ['users'], params: idParamsSchema, response: { 200: messageSchema } } },
      async (request) => {
        await deleteUser(db, actorOf(request), request.params.id, request.viewer.userId);
        return { message: 'Usuario eliminado' };
      },
    );
  };
}
