/**
 * Test databases (docs/architecture.md): every test file gets its own migrated database, an
 * in-memory PGlite always and, when `DATABASE_URL` is set, a fresh PostgreSQL database created for
 * it and dropped afterwards. Never a mock.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, type DatabaseKind, openDatabase } from '../db/client.ts';

/** The engines the API tests run on: PGlite always, PostgreSQL when `DATABASE_URL` is set. */
export function testEngines(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Runs `text` on the `postgres` database of the server of `baseUrl` (create or drop a database). */
export async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const url = new URL(baseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Opens a fresh, migrated database of the given engine; `close()` also drops a PostgreSQL one. */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('DATABASE_URL is not set');
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
