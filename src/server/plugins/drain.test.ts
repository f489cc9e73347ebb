/**
 * The stop phases of plugins/drain.ts over real HTTP (main.ts drives them on SIGTERM;
 * `npm run test:scale` checks the whole stop behind nginx).
 */
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

describe('graceful stop phases', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => fetch(`${base}${url}`);

  it('drain: not ready, still answering, every answer closes its connection', async () => {
    expect((await get('/api/health/ready')).status).toBe(200);
    void t.app.drain(1000);
    const ready = await get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect((await ready.json()).status).toBe('draining');
    const parts = await get('/api/parts?page=1');
    expect(parts.status).toBe(200);
    expect(parts.headers.get('connection')).toBe('close');
  });

  it('shedReads: reads answered 503 at once for the balancer to retry elsewhere; writes still served', async () => {
    t.app.shedReads();
    const read = await get('/api/parts?page=1');
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toBe('1');
    expect(read.headers.get('connection')).toBe('close');
    expect((await read.json()).error).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/no está disponible/) });
    // A write reaches its handler (here: wrong credentials, 401), since a balancer never retries it.
    const write = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nadie', password: 'incorrecta-1', userType: 'client' }),
    });
    expect(write.status).toBe(401);
  });

  it('quiet: resolves once no connection has arrived for a while, and by its bound under steady connections', async () => {
    // Real sockets, fake clock: the app stamps each accepted connection with Date.now() and polls with setTimeout.
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    try {
      const port = Number(new URL(base).port);
      const connect = async () => {
        const accepted = once(t.app.server, 'connection');
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => {});
        await accepted;
        socket.destroy();
      };
      const settled = (promise: Promise<void>) => {
        const state = { done: false };
        void promise.then(() => {
          state.done = true;
        });
        return state;
      };

      // Connections of the earlier tests are long past.
      await vi.advanceTimersByTimeAsync(1000);
      await connect();
      const quiet = settled(t.app.quiet(150, 10_000));
      await vi.advanceTimersByTimeAsync(100);
      expect(quiet.done).toBe(false);
      await vi.advanceTimersByTimeAsync(80);
      expect(quiet.done).toBe(true);

      // A connection every 30 ms never leaves 100 ms of quiet: the 400 ms bound ends the wait.
      await connect();
      const bounded = settled(t.app.quiet(100, 400));
      for (let elapsed = 0; elapsed < 360; elapsed += 30) {
        await vi.advanceTimersByTimeAsync(30);
        await connect();
      }
      expect(bounded.done).toBe(false);
      await vi.advanceTimersByTimeAsync(60);
      expect(bounded.done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
