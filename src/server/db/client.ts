/**
 * One database type over two engines: the embedded PGlite (file-backed under `DATA_DIR`, the
 * default) or a real PostgreSQL through a node-postgres pool when `DATABASE_URL` is set. Both get
 * the same schema and the same migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle database every service takes first (docs/architecture.md "Request lifecycle"). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; it offers the same query API as {@link Db}. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/**
 * Runs raw SQL and returns its rows; both drivers answer `{ rows }`.
 * @example const [r] = await queryRows<{ n: number }>(db, sql`select 1 as n`);
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Rows changed by a raw UPDATE/DELETE (PGlite says `affectedRows`, node-postgres `rowCount`). */
export async function executeCount(db: Executor, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { affectedRows?: number; rowCount?: number | null };
  return Number(result.affectedRows ?? result.rowCount ?? 0);
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Applies the committed migrations of `drizzle/`. */
  migrate(): Promise<void>;
  /** Closes the pool or the embedded engine. */
  close(): Promise<void>;
}

/**
 * The committed `drizzle/` folder: the nearest one above this module, which is src/server/db when
 * run from the sources and dist/server when run from the bundle (docs/decisions/004).
 */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('drizzle/meta/_journal.json not found above the server module');
    dir = parent;
  }
}

const MIGRATIONS_FOLDER = findMigrationsFolder();

export interface OpenOptions {
  /** `postgres://…`; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder of the PGlite files; `undefined` with no URL means an in-memory PGlite (tests). */
  pgliteDir?: string | undefined;
  /** node-postgres pool size. */
  poolSize?: number;
}

/** Opens the database chosen by the options. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A dropped connection must not crash the process; the next query gets a fresh one.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  // Loaded only for the embedded engine: PGlite adds ~40 MB to a process that talks to PostgreSQL.
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    extensions: { pg_trgm, unaccent },
  });
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}
