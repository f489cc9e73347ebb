/**
 * User administration (docs/product.md §10.2 "Gestión de Usuarios"). Admin only: 401 without a
 * session, 403 for other roles. The rules and the audit trail live in service.ts; the mails that
 * tell an applicant of an approval or a rejection are sent after the answer, the password link
 * before it (the admin learns whether it left).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCodeBodySchema, userTypeBodySchema, userUpdateBodySchema } from '../../../shared/admin.ts';
import {
  adminUserListSchema,
  adminUserSchema,
  approveUserBodySchema,
  createUserBodySchema,
  disabledBodySchema,
  rejectBodySchema,
  usersQuerySchema,
} from '../../../shared/admin-users.ts';
import { idParamsSchema } from '../../../shared/api.ts';
import { messageSchema } from '../../../shared/auth.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { Mailer } from '../auth/mail.ts';
import { adminPasswordLinkMessage, approvalNotice, rejectionNotice } from '../auth/notices.ts';
import { streamDownload } from '../export/routes.ts';
import { fileDate } from '../export/service.ts';
import { XLSX_CONTENT_TYPE } from '../export/xlsx.ts';
import {
  approveUser,
  createUser,
  deleteUser,
  issuePasswordLink,
  listPendingUsers,
  listUsers,
  rejectUser,
  setClientCode,
  setUserDisabled,
  setUserType,
  updateUser,
} from './service.ts';
import { writeUsersXlsx } from './xlsx.ts';

/** The answer when the password link could not be handed to the mail server. */
const MAIL_FAILED = 'No se pudo enviar el email. Revise la configuración de correo (SMTP_URL) o intente más tarde.';

export function userRoutes(ctx: AppContext, mailer: Mailer): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const userSchema = { response: { 200: adminUserSchema } };

  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    const downloads = rateLimit(app, { max: config.rateLimits.exportsPerIp, timeWindow: 10 * 60 * 1000 });

    app.get(
      '/api/users',
      { schema: { tags: ['users'], querystring: usersQuerySchema, response: { 200: adminUserListSchema } } },
      async (request) => listUsers(db, request.query),
    );

    app.get('/api/users/pending', { schema: { tags: ['users'], response: { 200: adminUserListSchema } } }, async () =>
      listPendingUsers(db),
    );

    app.get(
      '/api/admin/users.xlsx',
      {
        preHandler: downloads,
        schema: {
          tags: ['users'],
          summary: 'The users list as a spreadsheet (streamed XLSX)',
          description:
            'Same filters as GET /api/users. Columns Usuario, Nombre, Email, Teléfono, Empresa, Código de cliente, Tipo, Estado, Alta, Último ingreso.',
          querystring: usersQuerySchema,
        },
      },
      async (request, reply) => {
        const now = new Date();
        const list = await listUsers(db, request.query);
        return streamDownload(reply, request.log, XLSX_CONTENT_TYPE, `usuarios-${fileDate(now)}.xlsx`, (out) =>
          writeUsersXlsx({ out, users: list, brandName: config.brandName, now }),
        );
      },
    );

    app.post(
      '/api/admin/users',
      { schema: { tags: ['users'], body: createUserBodySchema, response: { 201: adminUserSchema } } },
      async (request, reply) => reply.status(201).send(await createUser(db, actorOf(request), request.body)),
    );

    app.patch(
      '/api/users/:id/approve',
      { schema: { tags: ['users'], params: idParamsSchema, body: approveUserBodySchema, ...userSchema } },
      async (request) => {
        const { user, wasPending } = await approveUser(db, actorOf(request), request.params.id, request.body?.clientCode);
        // The registration screen promised it: "Recibirá una notificación cuando sea aprobada."
        const notice = wasPending ? approvalNotice(config, user) : null;
        if (notice) app.background.run('approval mail', () => mailer.send(notice));
        return user;
      },
    );

    app.post(
      '/api/users/:id/reject',
      { schema: { tags: ['users'], params: idParamsSchema, body: rejectBodySchema, response: { 200: messageSchema } } },
      async (request) => {
        const user = await rejectUser(db, actorOf(request), request.params.id, request.body.reason);
        const notice = rejectionNotice(config, user, request.body.reason);
        if (notice) app.background.run('rejection mail', () => mailer.send(notice));
        return { message: notice ? `Solicitud rechazada. Se avisó a ${user.email}.` : 'Solicitud rechazada. El usuario no tenía email.' };
      },
    );

    app.post(
      '/api/users/:id/password-link',
      { schema: { tags: ['users'], params: idParamsSchema, response: { 200: messageSchema } } },
      async (request) => {
        const link = await issuePasswordLink(db, actorOf(request), request.params.id);
        try {
          await mailer.send(adminPasswordLinkMessage(config, link));
        } catch (error) {
          request.log.error({ err: error }, 'password link mail failed');
          throw new AppError('UNAVAILABLE', MAIL_FAILED);
        }
        return { message: `Se envió el enlace a ${link.email}. Vence en 60 minutos.` };
      },
    );

    app.patch(
      '/api/users/:id/disabled',
      { schema: { tags: ['users'], params: idParamsSchema, body: disabledBodySchema, ...userSchema } },
      async (request) => setUserDisabled(db, actorOf(request), request.params.id, request.body.disabled, request.viewer.userId),
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
