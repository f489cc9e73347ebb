/**
 * Rate-limit counters in Redis (`REDIS_URL`, issue 20 item 5): two app instances, each on its own
 * database, share every limit through a real redis-server this test starts (Debian's
 * `redis-server`, installed by `.ci/run`); with Redis gone they keep answering from memory at
 * once, and share again once it is back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createUser } from '../test/factories.ts';
import { freePort } from '../test/net.ts';

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p));

async function startRedis(port: number): Promise<ChildProcess> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed (apt-get install redis-server; .ci/run does it)');
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => {});
  for (let i = 0; i < 100; i++) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

describe('rate limits shared through Redis', () => {
  let port: number;
  let redis: ChildProcess;
  let a: TestApp;
  let b: TestApp;
  const keyPrefix = `portal-test-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const overrides: Partial<Config> = {
      redis: { url: `redis://127.0.0.1:${port}`, keyPrefix },
      rateLimits: {
        loginPerAccount: 3,
        loginPerIp: 100,
        loginDelayStepMs: 0,
        forgotPerIp: 3,
        registerPerIp: 100,
        partRequestsPerUser: 100,
        exportsPerIp: 100,
      },
    };
    a = await buildTestApp('pglite', overrides);
    b = await buildTestApp('pglite', overrides);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (redis) await stopRedis(redis);
  });

  const forgot = (t: TestApp, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress, payload: { usernameOrEmail: 'nadie' } });

  it('two instances on different databases count one limit together, in Redis', async () => {
    // 3 per address: two through A and one through B use it up; the fourth is refused on both.
    expect((await forgot(a, '10.1.0.1')).statusCode).toBe(200);
    expect((await forgot(b, '10.1.0.1')).statusCode).toBe(200);
    expect((await forgot(a, '10.1.0.1')).statusCode).toBe(200);
    const refusedA = await forgot(a, '10.1.0.1');
    const refusedB = await forgot(b, '10.1.0.1');
    expect([refusedA.statusCode, refusedB.statusCode]).toEqual([429, 429]);
    expect(Number(refusedB.headers['retry-after'])).toBeGreaterThan(0);
    expect(refusedB.json().error.message).toMatch(/Demasiados intentos/);
    // Another address has its own counter.
    expect((await forgot(b, '10.1.0.2')).statusCode).toBe(200);

    // The counters are Redis keys under the configured prefix (and nowhere in either database).
    const client = new Redis({ port, host: '127.0.0.1' });
    try {
      const keys = await client.keys(`${keyPrefix}*`);
      expect(keys.some((k) => k.includes('10.1.0.1'))).toBe(true);
    } finally {
      client.disconnect();
    }
  });

  it('the login throttle is shared too: failures through both instances refuse the next attempt on either', async () => {
    // Same account name on both databases; each instance checks its own users.
    for (const t of [a, b]) await createUser(t.database.db, { username: 'compartido' });
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.2.0.1',
        payload: { username: 'compartido', password: 'incorrecta-1', userType: 'client' },
      });
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(429);
    expect((await attempt(a)).statusCode).toBe(429);
  });

  it('with Redis gone every instance answers at once from memory, and shares again once it is back', async () => {
    await stopRedis(redis);
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await forgot(a, '10.3.0.1')).statusCode);
    // Memory insurance: this instance's own limit of 3, never a 500 and never a wait on Redis.
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(Date.now() - started).toBeLessThan(3000);

    redis = await startRedis(port);
    // ioredis reconnects by itself (at most 2 s between attempts); then B sees A's new counts.
    const ready = async (t: TestApp) => {
      for (let i = 0; i < 60 && (t.app.counters as Redis).status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 100));
      return (t.app.counters as Redis).status;
    };
    expect(await ready(a)).toBe('ready');
    expect(await ready(b)).toBe('ready');
    for (let i = 0; i < 3; i++) expect((await forgot(a, '10.3.0.9')).statusCode).toBe(200);
    expect((await forgot(b, '10.3.0.9')).statusCode).toBe(429);
  });
});
