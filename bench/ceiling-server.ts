/**
 * The bare ceiling (scenario `ceiling`): a minimal Fastify 5 server, same Node as the real one,
 * answering `GET /api/parts` with a fixed 60-part JSON held in memory (captured from the real
 * server's `/api/parts?limit=60`). No database, no validation, no serialisation, no plugins: what
 * any route of this stack could reach on this machine. Started by run.ts as a child process.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodyFile = process.env.CEILING_BODY_FILE;
if (!bodyFile) throw new Error('CEILING_BODY_FILE is required');
const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
app.get('/api/parts', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
const close = () => {
  app.close().finally(() => process.exit(0));
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
