/**
 * Faults (issue "It keeps working under load, faults and bad input"): graceful shutdown under load,
 * a PGlite process killed while writing, PostgreSQL connections terminated under load, and the
 * health check while the database is gone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './db/client.ts';
import { DATABASE_UNAVAILABLE } from './plugins/error-handler.ts';
import { buildTestApp } from './test/app.ts';
import { buildPartRecord, insertParts } from './test/factories.ts';
import { freePort } from './test/net.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function get(port: number, url: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent: false }, (response) => {
      let body = '';
      response.on('data', (c) => {
        body += c;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', (error) => resolve({ error: error.message }));
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests after SIGTERM, then exits 0 within a bounded time', async () => {
    const port = await freePort();
    const dataDir = path.join(tmp, 'shutdown');
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_CATALOGUE_SIZE: '3000',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
      },
      stdio: 'ignore',
    });
    try {
      await waitFor(async () => 'status' in (await get(port, '/api/health')), 90_000);
      const inFlight = Array.from({ length: 40 }, (_, i) =>
        get(port, `/api/parts?search=${['filtro', 'bujia', 'bomba', 'junta'][i % 4]}&sortBy=description&limit=200&page=${(i % 3) + 1}`),
      );
      await new Promise((r) => setTimeout(r, 30));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const signalled = Date.now();
      child.kill('SIGTERM');
      const results = await Promise.all(inFlight);
      for (const r of results) {
        expect('error' in r ? r.error : r.status, JSON.stringify(r).slice(0, 200)).toSatisfy((s: unknown) => s === 200 || s === 503);
      }
      expect(results.filter((r) => 'status' in r && r.status === 200).length).toBeGreaterThan(0);
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      const after = await get(port, '/api/health');
      expect('error' in after).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

describe('PGlite crash', () => {
  it('a process killed with SIGKILL during writes leaves a database that opens and holds every committed write', async () => {
    const dir = path.join(tmp, 'crash');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/fixtures/pglite-writer.ts', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const committed: number[] = [];
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('committed ')) committed.push(Number(line.slice(10)));
    });
    await waitFor(async () => committed.length >= 200, 90_000);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const database = await openDatabase({ pgliteDir: dir });
    try {
      const rows = await queryRows<{ id: number }>(database.db, sql`select id from part_requests`);
      const stored = new Set(rows.map((r) => r.id));
      expect(committed.length).toBeGreaterThanOrEqual(200);
      expect(committed.filter((id) => !stored.has(id))).toEqual([]);
      await database.db.execute(sql`insert into part_requests (username, message) values ('after', 'sigue funcionando')`);
    } finally {
      await database.close();
    }
  });
});

describe('health while the database is gone', () => {
  it('answers 503 with the engine, every route 503 with Retry-After, not ready but live', async () => {
    const t = await buildTestApp('pglite');
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'pglite', message: 'La base de datos no responde' });
    const parts = await t.app.inject({ method: 'GET', url: '/api/parts' });
    expect(parts.statusCode).toBe(503);
    expect(parts.headers['retry-after']).toBe('5');
    expect(parts.json()).toEqual({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'pglite' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await t.app.close();
  });
});

// Registered only with a PostgreSQL to terminate (DATABASE_URL), like every PostgreSQL API test.
if (process.env.DATABASE_URL)
  describe('PostgreSQL connections terminated under load', () => {
    it('survives, masks the failures and recovers by itself', async () => {
      const t = await buildTestApp('postgres');
      try {
        await insertParts(
          t.database.db,
          Array.from({ length: 300 }, (_, i) => buildPartRecord({ descripcion: `Filtro de aceite ${i}` })),
        );
        const load = Array.from({ length: 200 }, (_, i) =>
          t.app.inject({ method: 'GET', url: `/api/parts?search=filtro&page=${(i % 5) + 1}` }),
        );
        const [current] = await queryRows<{ db: string }>(t.database.db, sql`select current_database() as db`);
        const admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
        try {
          await admin.db.execute(
            sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${current?.db} and pid <> pg_backend_pid()`,
          );
        } finally {
          await admin.close();
        }
        const results = await Promise.all(load);
        for (const r of results) {
          expect([200, 503]).toContain(r.statusCode);
          if (r.statusCode === 503) expect(r.json()).toEqual({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE } });
        }
        await waitFor(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200, 10_000);
        const after = await t.app.inject({ method: 'GET', url: '/api/parts?search=filtro' });
        expect(after.statusCode).toBe(200);
        expect(after.json().total).toBe(300);
      } finally {
        await t.close();
      }
    });
  });

// A first load holds the parts table's exclusive lock until its commit (docs/product.md §11.1);
// only PostgreSQL serves other requests meanwhile (PGlite runs one statement at a time).
if (process.env.DATABASE_URL)
  describe('health while a first load holds the parts table', () => {
    it('answers the last count at once instead of waiting for the commit', async () => {
      const t = await buildTestApp('postgres');
      try {
        await insertParts(t.database.db, [buildPartRecord({}), buildPartRecord({}), buildPartRecord({})]);
        const before = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(before.json()).toEqual({ status: 'ok', database: 'postgres', parts: 3 });
        const [current] = await queryRows<{ db: string }>(t.database.db, sql`select current_database() as db`);
        const url = new URL(process.env.DATABASE_URL as string);
        url.pathname = `/${current?.db}`;
        const locker = new pg.Client({ connectionString: url.toString() });
        await locker.connect();
        try {
          await locker.query('begin');
          await locker.query('lock table parts in access exclusive mode');
          await locker.query(`insert into parts (part_number, description) values ('NUEVO-1', 'Sin confirmar')`);
          const during = await t.app.inject({ method: 'GET', url: '/api/health' });
          expect(during.statusCode).toBe(200);
          expect(during.json()).toEqual({ status: 'ok', database: 'postgres', parts: 3 });
          expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
          await locker.query('commit');
        } finally {
          await locker.end();
        }
        const after = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(after.json()).toEqual({ status: 'ok', database: 'postgres', parts: 4 });
      } finally {
        await t.close();
      }
    });
  });
