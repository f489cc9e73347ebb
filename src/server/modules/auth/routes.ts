/** HTTP routes of accounts and sessions (docs/product.md, accounts). Rules live in service.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotBodySchema,
  profileUpdateSchema,
  registerBodySchema,
  resetBodySchema,
  resetTokenParamsSchema,
} from '../../../shared/account.ts';
import {
  forgotResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  messageSchema,
  type Session,
  sessionSchema,
  TEXTS,
  validateTokenResponseSchema,
} from '../../../shared/auth.ts';
import type { AppContext } from '../../context.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { requireUser } from './guards.ts';
import { LoginThrottle } from './login-throttle.ts';
import type { Mailer } from './mail.ts';
import { forgotPasswordMessage, registrationNotice } from './notices.ts';
import { isResetTokenValid, login, register, requestPasswordReset, resetPassword, updateProfile } from './service.ts';
import { clearSessionCookie, createSession, deleteSession, type SessionUser, sessionCookieName, setSessionCookie } from './sessions.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

function sessionOf(user: SessionUser | null): Session {
  if (!user) {
    return { isAuthenticated: false, userId: null, username: null, userType: 'guest', email: null, fullName: null, clientCode: null };
  }
  return {
    isAuthenticated: true,
    userId: user.userId,
    username: user.username,
    userType: user.profileType,
    email: user.email,
    fullName: user.fullName,
    clientCode: user.clientCode,
  };
}

export function authRoutes(ctx: AppContext, mailer: Mailer): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    const limits = config.rateLimits;
    const perIp = (max: number, timeWindow: number) => rateLimit(app, { max, timeWindow });
    const throttle = new LoginThrottle({
      perAccountAndIp: limits.loginPerAccount,
      perIp: limits.loginPerIp,
      delayStepMs: limits.loginDelayStepMs,
      counters: app.counters,
    });
    const cookieName = sessionCookieName(config);
    const forgotLink = `${config.publicOrigin}/forgot-password`;

    app.post(
      '/api/auth/register',
      {
        preHandler: perIp(limits.registerPerIp, ONE_HOUR),
        schema: { tags: ['auth'], body: registerBodySchema, response: { 201: messageSchema } },
      },
      async (request, reply) => {
        const outcome = await register(db, request.body);
        if (outcome.kind === 'created') {
          // Staff hear of the request (STAFF_EMAIL; issue 21 item 7).
          const notice = registrationNotice(config, outcome.applicant);
          if (notice) app.background.run('registration notice', () => mailer.send(notice));
        } else {
          // The answer is the usual one; the address's owner learns of the attempt by mail.
          app.background.run('account-exists mail', () =>
            mailer.send({
              to: outcome.email,
              subject: `${config.brandName}: ya tenés una cuenta`,
              text: `Hola:\n\nAlguien pidió acceso al portal con esta dirección de email, pero ya hay una cuenta registrada con ella.\n\nSi fuiste vos y no recordás tu contraseña, podés recuperarla aquí:\n${forgotLink}\n\nSi no fuiste vos, ignorá este mensaje.`,
            }),
          );
        }
        return reply.status(201).send({ message: TEXTS.registered });
      },
    );

    app.post(
      '/api/auth/login',
      {
        schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginResponseSchema } },
      },
      async (request, reply) => {
        const user = await login(db, request.body, throttle, request.ip);
        const old = request.cookies[cookieName];
        if (old) await deleteSession(db, old);
        setSessionCookie(reply, config, await createSession(db, user.id));
        return {
          user: {
            id: user.id,
            username: user.username,
            email: user.email,
            fullName: user.fullName,
            clientCode: user.clientCode,
            userType: user.profileType,
          },
        };
      },
    );

    app.post('/api/auth/logout', { schema: { tags: ['auth'], response: { 200: messageSchema } } }, async (request, reply) => {
      const token = request.cookies[cookieName];
      if (token) await deleteSession(db, token);
      clearSessionCookie(reply, config);
      return { message: 'Sesión cerrada' };
    });

    app.post(
      '/api/auth/forgot-password',
      {
        preHandler: perIp(limits.forgotPerIp, FIFTEEN_MINUTES),
        schema: { tags: ['auth'], body: forgotBodySchema, response: { 200: forgotResponseSchema } },
      },
      async (request) => {
        const sendLink = async (reset: NonNullable<Awaited<ReturnType<typeof requestPasswordReset>>>) => {
          if (!reset.email) return;
          await mailer.send(forgotPasswordMessage(config, { token: reset.token, email: reset.email, username: reset.username }));
        };
        if (config.devResetToken) {
          // The development box of docs/product.md §7.6 (DEV_RESET_TOKEN, never in production): the token comes
          // back in the answer, except for an admin account.
          const reset = await requestPasswordReset(db, request.body.usernameOrEmail);
          if (reset) app.background.run('reset mail', () => sendLink(reset));
          return reset && reset.profileType !== 'admin'
            ? { message: TEXTS.forgotSent, resetToken: reset.token }
            : { message: TEXTS.forgotSent };
        }
        // The work happens after the answer, so its timing says nothing about the account.
        const { usernameOrEmail } = request.body;
        app.background.run('password reset', async () => {
          const reset = await requestPasswordReset(db, usernameOrEmail);
          if (reset) await sendLink(reset);
        });
        return { message: TEXTS.forgotSent };
      },
    );

    app.get(
      '/api/auth/validate-reset-token/:token',
      {
        schema: {
          tags: ['auth'],
          params: resetTokenParamsSchema,
          response: { 200: validateTokenResponseSchema },
        },
      },
      async (request) => {
        const valid = await isResetTokenValid(db, request.params.token);
        return { valid, message: valid ? 'Token válido' : TEXTS.tokenInvalid };
      },
    );

    app.post(
      '/api/auth/reset-password',
      {
        preHandler: perIp(limits.forgotPerIp * 2, FIFTEEN_MINUTES),
        schema: { tags: ['auth'], body: resetBodySchema, response: { 200: messageSchema } },
      },
      async (request, reply) => {
        await resetPassword(db, request.body.token, request.body.newPassword);
        clearSessionCookie(reply, config);
        return { message: 'Contraseña restablecida' };
      },
    );

    app.get('/api/user/session', { schema: { tags: ['auth'], response: { 200: sessionSchema } } }, async (request) =>
      sessionOf(request.sessionUser),
    );

    app.put(
      '/api/user/profile',
      {
        onRequest: requireUser,
        schema: { tags: ['auth'], body: profileUpdateSchema, response: { 200: sessionSchema } },
      },
      async (request, reply) => {
        const user = request.sessionUser as SessionUser;
        const passwordChanged = await updateProfile(db, user.userId, request.body);
        if (passwordChanged) setSessionCookie(reply, config, await createSession(db, user.userId));
        return sessionOf({
          ...user,
          fullName: request.body.fullName !== undefined ? request.body.fullName || null : user.fullName,
          email: request.body.email !== undefined ? request.body.email || null : user.email,
        });
      },
    );
  };
}
