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
async function adminQuery(baseUrl: string, text: string): Promise<void> {
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

/** An empty database for a test that opens it itself: its URL, and how to drop it. */
export interface EmptyDatabase {
  /** `postgres://…` of a new database, or undefined for PGlite (an in-memory one: `openDatabase({})`). */
  databaseUrl: string | undefined;
  /** Drops the PostgreSQL database (close every handle first); nothing for PGlite. */
  drop(): Promise<void>;
}

/**
 * A new, empty, unmigrated database of the given engine on the server of `DATABASE_URL`.
 * @param prefix the start of its name (`portal_test`); the process id and a random suffix follow.
 * @throws Error when `kind` is postgres and `DATABASE_URL` is not set.
 */
export async function createEmptyDatabase(kind: DatabaseKind, prefix: string): Promise<EmptyDatabase> {
  if (kind === 'pglite') return { databaseUrl: undefined, drop: async () => {} };
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('DATABASE_URL is not set');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`) };
}

/** Opens a fresh, migrated database of the given engine; `close()` also drops a PostgreSQL one. */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const empty = await createEmptyDatabase(kind, 'portal_test');
  const database = await openDatabase({ databaseUrl: empty.databaseUrl, poolSize: 4 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}
