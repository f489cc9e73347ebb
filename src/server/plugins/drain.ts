/**
 * Graceful stop (docs/architecture.md "Request lifecycle", docs/deploy.md). main.ts drives it:
 * 1. `app.drain()`: the process reports not ready (`/api/health/ready` answers 503, so a balancer
 *    with active checks stops sending it work) while it keeps answering what reaches it, each
 *    answer with `Connection: close` so that keep-alive clients reconnect to another process.
 * 2. `app.shedReads()`, after `SHUTDOWN_GRACE_MS`: GET and HEAD requests are answered 503 at once.
 *    A balancer with passive checks only (stock nginx: `proxy_next_upstream … http_503`,
 *    `max_fails`) retries them on another process and takes this one out; writes are still
 *    served, since a balancer never retries them.
 * 3. `app.quiet()`: waits until no new connection has arrived for a moment: the balancer has
 *    stopped opening connections here, so closing the port next resets none waiting to be
 *    accepted (those would fail a POST with 502 through nginx).
 * main.ts then closes the port (`app.close()`: no new connections, idle ones closed, in-flight
 * requests finished).
 */
import type { FastifyInstance } from 'fastify';
import { BackgroundTasks } from '../background.ts';
import { DATABASE_UNAVAILABLE } from './error-handler.ts';

/** Registers the stop phases above and counts the requests in flight. */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  let shedding = false;
  let inFlight = 0;
  let lastConnectionAt = 0;
  app.addHook('onReady', async () => {
    app.server.on('connection', () => {
      lastConnectionAt = Date.now();
    });
  });
  app.addHook('onRequest', async (request, reply) => {
    inFlight++;
    reply.raw.once('close', () => {
      inFlight--;
    });
    if (shedding && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('connection', 'close').header('retry-after', '1');
      return reply.status(503).send({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE } });
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  const background = new BackgroundTasks(app.log);
  app.decorate('background', background);
  app.decorate('draining', {
    getter: () => draining,
  });
  app.decorate('drain', async (timeoutMs: number) => {
    draining = true;
    const end = Date.now() + timeoutMs;
    while (inFlight > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await Promise.race([background.idle(), new Promise((r) => setTimeout(r, Math.max(0, end - Date.now())))]);
  });
  app.decorate('shedReads', () => {
    draining = true;
    shedding = true;
  });
  app.decorate('quiet', async (quietMs: number, maxMs: number) => {
    const end = Date.now() + maxMs;
    while (Date.now() < end && Date.now() - lastConnectionAt < quietMs) await new Promise((r) => setTimeout(r, 20));
  });
}
