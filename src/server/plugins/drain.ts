/**
 * Graceful stop (docs/architecture.md "Request lifecycle"): once `app.drain()` is called, new
 * requests answer 503 with `Retry-After` while those in flight, and the background tasks, finish.
 */
import type { FastifyInstance } from 'fastify';
import { BackgroundTasks } from '../background.ts';
import { AppError } from '../errors.ts';

/** Decorates `app.drain(timeoutMs)` and `app.background`, and counts the requests in flight. */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  let inFlight = 0;
  app.addHook('onRequest', async (_request, reply) => {
    if (draining) {
      reply.header('connection', 'close').header('retry-after', '5');
      throw new AppError('UNAVAILABLE', 'El servidor se está reiniciando. Intente nuevamente en unos segundos.');
    }
    inFlight++;
    reply.raw.once('close', () => {
      inFlight--;
    });
  });
  const background = new BackgroundTasks(app.log);
  app.decorate('background', background);
  app.decorate('drain', async (timeoutMs: number) => {
    draining = true;
    const end = Date.now() + timeoutMs;
    // A short grace period lets requests already on the wire be answered (503) instead of reset.
    const minimum = Date.now() + 250;
    while ((inFlight > 0 || Date.now() < minimum) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await Promise.race([background.idle(), new Promise((r) => setTimeout(r, Math.max(0, end - Date.now())))]);
  });
}
