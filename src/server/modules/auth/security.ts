/**
 * Request-level security: the viewer from the session cookie (never from the request's claims),
 * cross-site write refusal (CSRF) and JSON-only bodies.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { SESSION_COOKIE, resolveSession } from './sessions.ts';
import { GUEST, viewerOf } from './viewer.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerSecurity(app: FastifyInstance, db: Db, config: Config): void {
  const ownOrigin = new URL(config.publicOrigin).origin;

  app.addHook('onRequest', async (request) => {
    if (UNSAFE.has(request.method)) {
      // Browsers mark cross-site requests; a foreign Origin is refused too (OWASP CSRF, Fetch Metadata).
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', 'Solicitud de otro sitio rechazada');
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        let host: string | undefined;
        try {
          host = new URL(origin).host;
        } catch {
          throw new AppError('FORBIDDEN', 'Origen no válido');
        }
        if (origin !== ownOrigin && host !== request.headers.host) throw new AppError('FORBIDDEN', 'Solicitud de otro sitio rechazada');
      } else if (origin === 'null') {
        throw new AppError('FORBIDDEN', 'Origen no válido');
      }
    }
    request.viewer = GUEST;
    request.sessionUser = null;
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 200) {
      const user = await resolveSession(db, token);
      request.sessionUser = user;
      request.viewer = viewerOf(user);
    }
  });

  // JSON routes take JSON only: other bodies answer 415 (Fastify's default for unknown types).
  app.removeContentTypeParser('text/plain');
}
