/**
 * Request-level security: the viewer from the session cookie (never from the request's claims),
 * cross-site write refusal (CSRF), JSON-only bodies, `Cache-Control: no-store` on every JSON
 * answer to a signed-in viewer, and the viewer's label on every API answer (docs/product.md §17).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { VIEWER_HEADER, viewerLabel } from '../../../shared/offline.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { resolveSession, sessionCookieName } from './sessions.ts';
import { GUEST, type Viewer, viewerOf } from './viewer.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Registers the hooks above and decorates `request.viewer` (a guest until the session says
 * otherwise) and `request.sessionUser`; register it before the routes.
 */
export function registerSecurity(app: FastifyInstance, db: Db, config: Config): void {
  const ownOrigin = new URL(config.publicOrigin).origin;
  const cookieName = sessionCookieName(config);
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.decorateRequest('sessionUser', null);

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
    const token = request.cookies[cookieName];
    if (token && token.length <= 200) {
      const user = await resolveSession(db, token);
      request.sessionUser = user;
      request.viewer = viewerOf(user);
    }
  });

  // What a signed-in viewer receives is theirs (their prices, their account): no cache, shared or
  // private, may keep it. Guests' answers keep their own revalidation headers. Every API answer
  // names the viewer it was computed for (a request refused before the viewer was read counts as a
  // guest's): the web app's service worker keeps offline copies only in that viewer's own cache
  // (docs/product.md §17).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.sessionUser && String(reply.getHeader('content-type') ?? '').includes('json')) reply.header('cache-control', 'no-store');
    if (request.url.startsWith('/api/')) {
      const viewer = request.viewer ?? GUEST;
      reply.header(VIEWER_HEADER, viewerLabel(viewer.role, viewer.userId));
    }
    return payload;
  });

  // JSON routes take JSON only: other bodies answer 415 (Fastify's default for unknown types).
  app.removeContentTypeParser('text/plain');
}
