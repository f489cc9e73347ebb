/**
 * The request pool keeps the connections it opened (client.ts `openDatabase`): a new PostgreSQL
 * connection's first statements load what they use into that backend's caches, so the first
 * request after a pause was several times slower while node-postgres closed connections idle for
 * 10 s (docs/performance.md "A request after a pause"). The pool's idle timers run on fake timers
 * here; the connections and statements are real. The embedded engine runs inside the process: no
 * connection to keep, and no side connection (a first load rebuilds its vocabulary instead).
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testEngines } from '../test/db.ts';
import { queryRows } from './client.ts';

describe.each(testEngines())('database connections on %s', (engine) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stay open however long they stay idle', async () => {
    const database = await createTestDatabase(engine);
    try {
      const pool = database.pool;
      if (engine === 'pglite') {
        expect(pool).toBeUndefined();
        expect(database.sideConnection).toBeUndefined();
        return;
      }
      if (!pool) throw new Error('no request pool');
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      // Three connections at once, each released (and left idle) once it answered.
      const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      const pids = new Set<number>();
      for (const client of clients) {
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        pids.add(Number(rows[0]?.pid));
        client.release();
      }
      expect(pids.size).toBe(3);
      expect(pool.totalCount).toBe(3);
      // An hour without a request.
      vi.advanceTimersByTime(3_600_000);
      expect(pool.totalCount).toBe(3);
      vi.useRealTimers();
      const [again] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      expect(pids.has(Number(again?.pid))).toBe(true);
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  }, 60_000);
});
