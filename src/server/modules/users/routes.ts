/**
 * User administration (docs/product.md §10.2 "Gestión de Usuarios"). Admin only: 401 without a
 * session, 403 for other roles. A change of type or approval takes effect on the user's next
 * request, because every request reads the account behind its session.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/api.ts';
import { adminUserSchema, approveBodySchema, createUserBodySchema, messageSchema } from '../../../shared/auth.ts';
import type { AppContext } from '../../app.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../auth/guards.ts';
import { hashPassword } from '../auth/password.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import { type Actor, actorOf, recordAudit } from '../audit/service.ts';

type UserRow = typeof users.$inferSelect;

/** Whitelists a user row: the password hash never leaves the server. */
export function presentUser(u: UserRow) {
  return {
    id: u.id,
    username: u.username,
    fullName: u.fullName,
    email: u.email,
    phone: u.phone,
    company: u.company,
    clientCode: u.clientCode,
    profileType: u.profileType,
    isApproved: u.isApproved,
    createdAt: u.createdAt.toISOString(),
  };
}

const clientCode = z.string().trim().max(40).nullable().optional();
const updateUserSchema = z.object({
  username: z.string().trim().min(3).max(60).optional(),
  fullName: z.string().trim().max(120).nullable().optional(),
  email: z
    .union([z.email({ error: 'El email no es válido' }), z.literal('')])
    .nullable()
    .optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  company: z.string().trim().max(120).nullable().optional(),
  clientCode,
  profileType: z.enum(['client', 'distributor']).optional(),
});

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const one = async (id: number): Promise<UserRow> => {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
    return user;
  };
  /** Applies a change to a user and writes its audit row in the same transaction. */
  const save = async (actor: Actor, action: string, id: number, set: Partial<typeof users.$inferInsert>) => {
    try {
      return await db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, id));
        if (!before) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
        const [updated] = await tx
          .update(users)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(users.id, id))
          .returning();
        const after = presentUser(updated as UserRow);
        const previous = presentUser(before);
        const changed = Object.keys(set).filter((k) => k in after) as (keyof typeof after)[];
        await recordAudit(tx, actor, {
          action,
          entity: 'user',
          entityId: id,
          before: Object.fromEntries(changed.map((k) => [k, previous[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        });
        return after;
      });
    } catch (error) {
      if (String((error as { code?: string }).code) === '23505' || /unique/i.test(String(error))) {
        throw new AppError('CONFLICT', 'Ya existe un usuario con ese nombre');
      }
      throw error;
    }
  };
  const userSchema = { response: { 200: adminUserSchema } };

  return async (app) => {
    app.addHook('onRequest', requireAdmin);

    app.get('/api/users', { schema: { tags: ['users'], response: { 200: z.array(adminUserSchema) } } }, async () =>
      (await db.select().from(users).orderBy(desc(users.createdAt), desc(users.id))).map(presentUser),
    );

    app.get('/api/users/pending', { schema: { tags: ['users'], response: { 200: z.array(adminUserSchema) } } }, async () =>
      (await db.select().from(users).where(eq(users.isApproved, false)).orderBy(desc(users.createdAt))).map(presentUser),
    );

    app.post(
      '/api/admin/users',
      { schema: { tags: ['users'], body: createUserBodySchema, response: { 201: adminUserSchema } } },
      async (request, reply) => {
        const { username, password, profileType } = request.body;
        const [existing] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
        if (existing) throw new AppError('CONFLICT', 'Ya existe un usuario con ese nombre');
        const passwordHash = await hashPassword(password);
        const created = await db.transaction(async (tx) => {
          const [row] = await tx.insert(users).values({ username, passwordHash, profileType, isApproved: true }).returning();
          const user = presentUser(row as UserRow);
          await recordAudit(tx, actorOf(request), { action: 'user.create', entity: 'user', entityId: user.id, before: null, after: user });
          return user;
        });
        return reply.status(201).send(created);
      },
    );

    app.patch(
      '/api/users/:id/approve',
      { schema: { tags: ['users'], params: idParamsSchema, body: z.optional(approveBodySchema), ...userSchema } },
      async (request) => {
        const code = request.body?.clientCode?.trim();
        return save(actorOf(request), 'user.approve', request.params.id, { isApproved: true, ...(code ? { clientCode: code } : {}) });
      },
    );

    app.patch(
      '/api/users/:id/client-code',
      { schema: { tags: ['users'], params: idParamsSchema, body: z.object({ clientCode }), ...userSchema } },
      async (request) =>
        save(actorOf(request), 'user.client_code', request.params.id, { clientCode: request.body.clientCode?.trim() || null }),
    );

    app.patch(
      '/api/users/:id/type',
      {
        schema: {
          tags: ['users'],
          params: idParamsSchema,
          body: z.object({ profileType: z.enum(['client', 'distributor']) }),
          ...userSchema,
        },
      },
      async (request) => {
        const user = await one(request.params.id);
        if (user.profileType === 'admin') throw new AppError('VALIDATION', 'No se puede cambiar el tipo de un administrador');
        return save(actorOf(request), 'user.type', user.id, { profileType: request.body.profileType });
      },
    );

    app.patch(
      '/api/users/:id',
      { schema: { tags: ['users'], params: idParamsSchema, body: updateUserSchema, ...userSchema } },
      async (request) => {
        const user = await one(request.params.id);
        const b = request.body;
        if (b.profileType && user.profileType === 'admin') {
          throw new AppError('VALIDATION', 'No se puede cambiar el tipo de un administrador');
        }
        const set: Partial<typeof users.$inferInsert> = {};
        if (b.username !== undefined) set.username = b.username;
        if (b.fullName !== undefined) set.fullName = b.fullName || null;
        if (b.email !== undefined) set.email = b.email || null;
        if (b.phone !== undefined) set.phone = b.phone || null;
        if (b.company !== undefined) set.company = b.company || null;
        if (b.clientCode !== undefined) set.clientCode = b.clientCode || null;
        if (b.profileType !== undefined) set.profileType = b.profileType;
        return save(actorOf(request), 'user.update', user.id, set);
      },
    );

    app.delete(
      '/api/users/:id',
      { schema: { tags: ['users'], params: idParamsSchema, response: { 200: messageSchema } } },
      async (request) => {
        const user = await one(request.params.id);
        if (user.id === request.viewer.userId) throw new AppError('VALIDATION', 'No puede eliminar su propio usuario');
        await db.transaction(async (tx) => {
          await deleteUserSessions(tx, user.id);
          await tx.delete(users).where(eq(users.id, user.id));
          await recordAudit(tx, actorOf(request), {
            action: 'user.delete',
            entity: 'user',
            entityId: user.id,
            before: presentUser(user),
            after: null,
          });
        });
        return { message: 'Usuario eliminado' };
      },
    );
  };
}
