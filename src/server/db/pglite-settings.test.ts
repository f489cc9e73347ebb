/**
 * The embedded PGlite's shared buffers (`PGLITE_SHARED_BUFFERS_MB`, docs/deploy.md): PGlite's own
 * default is 128 MB, allocated in the process whatever the catalogue's size; ours is
 * {@link DEFAULT_PGLITE_SHARED_BUFFERS_MB} unless configured.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, DEFAULT_PGLITE_SHARED_BUFFERS_MB, openDatabase, queryRows } from './client.ts';

async function sharedBuffers(database: Database): Promise<string> {
  const [row] = await queryRows<{ value: string }>(database.db, sql`select current_setting('shared_buffers') as value`);
  return row?.value ?? '';
}

describe('PGlite shared buffers', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('start at our default, below PGlite’s 128 MB', async () => {
    expect(DEFAULT_PGLITE_SHARED_BUFFERS_MB).toBeLessThan(128);
    database = await openDatabase({});
    expect(await sharedBuffers(database)).toBe(`${DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`);
  });

  it('follow the configured size, and the database works with it', async () => {
    database = await openDatabase({ pgliteSharedBuffersMb: 48 });
    expect(await sharedBuffers(database)).toBe('48MB');
    await database.migrate();
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from parts`);
    expect(row?.n).toBe(0);
  });
});
