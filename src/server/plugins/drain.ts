/**
 * Graceful stop (docs/architecture.md "Request lifecycle", docs/deploy.md): once `app.drain()` is
 * called the process reports not ready (`/api/health/ready` answers 503, so a balancer stops
 * sending it work) while it keeps answering what reaches it, each answer with `Connection: close`
 * so that keep-alive clients reconnect to another process. main.ts then closes the port
 * (`app.close()`: no new connections, idle ones closed, in-flight requests finished).
 */
import type { FastifyInstance } from 'fastify';
import { BackgroundTasks } from '../background.ts';

/** Decorates `app.drain(timeoutMs)`, `app.draining` and `app.background`, and counts the requests in flight. */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  let inFlight = 0;
  app.addHook('onRequest', async (_request, reply) => {
    inFlight++;
    reply.raw.once('close', () => {
      inFlight--;
    });
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
}
