/**
 * `app.routeTable`: every route the app registers (method and URL, HEAD left out), which the
 * route × role access matrix test (`modules/auth/access.test.ts`) and the fuzz test walk.
 */
import type { FastifyInstance } from 'fastify';

/** Decorates `app.routeTable` and fills it from then on; register it before any route. */
export function registerRouteTable(app: FastifyInstance): void {
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    }
  });
}
