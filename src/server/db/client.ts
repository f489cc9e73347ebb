/**
 * One database type over two engines: the embedded PGlite (file-backed under `DATA_DIR`, the
 * default) or a real PostgreSQL through a node-postgres pool when `DATABASE_URL` is set. Both get
 * the same schema and the same migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { holdFolder } from './folder-lock.ts';
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

/** A connection of its own ({@link Database.sideConnection}): its handle, and how to close it (never throws). */
export interface SideConnection {
  db: Db;
  close(): Promise<void>;
}

export interface Database {
  db: Db;
  /**
   * The handle for long work that is not a request (import and sync jobs, the demo seed): on
   * PostgreSQL a separate small pool whose statement timeout is `bulkStatementTimeoutMs`, so the
   * request pool's short timeout never cuts a large import; the same as `db` on PGlite.
   */
  bulk: Db;
  kind: DatabaseKind;
  /**
   * The `postgres://…` URL this database was opened with (PostgreSQL only): a catalogue job's own
   * process connects with it (modules/sync/job-process.ts). Absent on PGlite, whose database only
   * the process that opened it can reach.
   */
  url?: string;
  /** The node-postgres request pool (PostgreSQL only): rate-limit counters share it. */
  pool?: pg.Pool;
  /**
   * Opens a connection of its own, outside both pools, for work that runs beside a transaction
   * (PostgreSQL only: a first load counts its vocabulary on one while its transaction builds indexes,
   * import/service.ts `countWordsBeside`). The caller closes it. Its statement timeout is the
   * bulk pool's.
   */
  sideConnection?: () => Promise<SideConnection>;
  /** Applies the committed migrations of `drizzle/`, under an advisory lock on PostgreSQL. */
  migrate(): Promise<void>;
  /**
   * Runs `task` while holding the session advisory lock `key` on a connection of its own
   * (PostgreSQL; waits for the lock without a statement timeout), so N processes starting at once
   * run start-up steps one after another. On PGlite (one process) it just runs `task`.
   */
  withLock<T>(key: number, task: () => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` for every `NOTIFY channel` of any process, and once more whenever the
   * listening connection is (re)established (notifications may have been missed meanwhile). On
   * PostgreSQL a dedicated connection that reconnects every second after a loss.
   * @returns a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string | null) => void): Promise<() => Promise<void>>;
  /**
   * `select 1` within `timeoutMs`.
   * @returns true when the database answered in time.
   */
  ping(timeoutMs: number): Promise<boolean>;
  /** Closes the pool or the embedded engine; a PostgreSQL query still running after 1 s is cut (its transaction rolls back). */
  close(): Promise<void>;
}

/** Advisory lock key held while migrations run (any process of any version). */
export const MIGRATION_LOCK_KEY = 727_100;

/** Error codes and messages of a database that cannot be reached or stopped answering. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /not queryable/i,
  /connection (is )?(closed|ended)/i,
  /pglite is closed/i,
  /cannot use a pool after calling end/i,
  /client was closed and is not queryable/i,
];

/**
 * Whether `error` (or one of its causes) says the database cannot be reached or stopped answering:
 * a refused, reset or timed-out connection, a query that got no answer in time, a server shutting
 * down or not accepting connections (SQLSTATE classes 08 and 57P, 53300), a statement cancelled by
 * `statement_timeout` (57014). The error handler answers these 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P') || code === '57014' || code === '53300') {
      return true;
    }
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // A refused connection to a name with several addresses is an AggregateError of them.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
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
  /** Longest wait for a new connection or a free pooled one, ms (`DB_CONNECT_TIMEOUT_MS`); none when absent. */
  connectTimeoutMs?: number;
  /**
   * Server-side `statement_timeout` of request queries, ms (`DB_STATEMENT_TIMEOUT_MS`); the client
   * also gives up on a query that gets no answer 1 s after it (a silent network cut) and drops that
   * connection. None when absent.
   */
  statementTimeoutMs?: number;
  /** TCP keepalive delay on database connections, ms (`DB_KEEPALIVE_MS`); 10 s when absent. */
  keepAliveMs?: number;
  /** Statement timeout of the {@link Database.bulk} pool, ms; 30 minutes when absent. */
  bulkStatementTimeoutMs?: number;
  /** The embedded PGlite's `shared_buffers`, MB (`PGLITE_SHARED_BUFFERS_MB`); {@link DEFAULT_PGLITE_SHARED_BUFFERS_MB} when absent. */
  pgliteSharedBuffersMb?: number;
}

/**
 * The embedded PGlite's shared buffers when none is configured, MB. PGlite starts PostgreSQL with
 * 128 MB, which it allocates and touches at start in the process's memory whatever the catalogue's
 * size; 32 MB hold a catalogue of tens of thousands of parts, and a bigger one reads the rest from
 * the operating system's file cache: a 100,000-part server holds about 100 MB less, and its
 * searches never seen before were 0–17 % slower (docs/performance.md "PGlite's shared buffers").
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 32;

/** Bounds of one node-postgres pool. */
interface PoolBounds {
  max: number;
  /** Connections kept open once opened, however long they stay idle (the rest close after 10 s idle). */
  min: number;
  connectTimeoutMs: number | undefined;
  statementTimeoutMs: number | undefined;
  keepAliveMs: number;
}

/** The connections each bounded pool has open, so that {@link endPool} can cut the busy ones. */
const openClients = new WeakMap<pg.Pool, Set<pg.PoolClient>>();

/** How long closing the database waits for queries still running (an import), ms. */
const CLOSE_GRACE_MS = 1000;

/**
 * Ends a pool: idle connections close at once; a connection still busy after `graceMs` (an import
 * cut short by SIGTERM, already marked interrupted) is destroyed, so its transaction rolls back and
 * the process exits in time instead of waiting for the query.
 */
async function endPool(pool: pg.Pool, graceMs: number): Promise<void> {
  const ended = pool.end().catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    ended.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(resolve, graceMs, true))),
  ]);
  clearTimeout(timer);
  if (!late) return;
  for (const client of openClients.get(pool) ?? []) {
    // A checked-out client has no pool listener: its 'error' would crash the process.
    client.on('error', () => {});
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
}

/**
 * Settings of every PostgreSQL connection: `client_connection_check_interval` so that the server
 * ends the work of a client that died (a SIGKILLed process no longer holds its locks), and no JIT
 * compilation. PostgreSQL compiles a statement whose plan cost passes `jit_above_cost` (100,000):
 * at 1,000,000 parts, every search for a broad word (`encendido`, 93,000 matches) spent 39–48 ms
 * compiling 17 functions it ran once (docs/performance.md "No JIT for searches").
 */
const CONNECTION_OPTIONS = '-c client_connection_check_interval=1000 -c jit=off';

/**
 * A node-postgres pool with bounded waits: connect timeout, statement timeout (server side) and
 * query timeout (client side), TCP keepalive, and {@link CONNECTION_OPTIONS}.
 */
function boundedPool(connectionString: string, bounds: PoolBounds): pg.Pool {
  const statement = bounds.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString,
    max: bounds.max,
    min: bounds.min,
    keepAlive: true,
    keepAliveInitialDelayMillis: bounds.keepAliveMs,
    options: CONNECTION_OPTIONS,
    ...(bounds.connectTimeoutMs ? { connectionTimeoutMillis: bounds.connectTimeoutMs } : {}),
    ...(statement
      ? {
          statement_timeout: statement,
          query_timeout: statement + 1000,
          idle_in_transaction_session_timeout: Math.max(statement * 2, 10_000),
        }
      : {}),
  });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  const clients = new Set<pg.PoolClient>();
  openClients.set(pool, clients);
  pool.on('connect', (client) => {
    clients.add(client);
    // The pool listens for errors of idle clients only; a client checked out between two
    // statements (a transaction) that loses its connection would emit an error no one hears and
    // end the process. Its next query fails instead, and the pool drops it when it is released.
    client.on('error', () => {});
  });
  pool.on('remove', (client) => clients.delete(client));
  // A query that timed out on the client still occupies its connection: drop that connection so
  // the pool opens a fresh one instead of queueing the next query behind it.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).catch((error: unknown) => {
          if (error instanceof Error && /query read timeout/i.test(error.message)) {
            (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
          }
        });
      }
      return result;
    };
  });
  return pool;
}

/** A dedicated LISTEN connection that reconnects every second after a loss. */
async function listenPostgres(
  connectionString: string,
  keepAliveMs: number,
  channel: string,
  onMessage: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: keepAliveMs,
      connectionTimeoutMillis: 5000,
    });
    const lost = () => {
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (client === next) client = null;
      if (!stopped && !retry) {
        retry = setTimeout(() => {
          retry = null;
          void connect();
        }, 1000);
        retry.unref();
      }
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, '""')}"`);
      next.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? null);
      });
      client = next;
      onMessage(null);
    } catch {
      lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** Opens the database chosen by the options. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const keepAliveMs = options.keepAliveMs ?? 10_000;
    const bulkTimeoutMs = options.bulkStatementTimeoutMs ?? 30 * 60 * 1000;
    const poolSize = options.poolSize ?? 10;
    const pool = boundedPool(url, {
      max: poolSize,
      // Every connection the requests opened stays open: a new one's first statements load the
      // relations, indexes and functions they use into that backend's caches, which made the first
      // request after 10 s without traffic slow (a part read 30–52 ms instead of 3–5; docs/performance.md
      // "A request after a pause").
      min: poolSize,
      connectTimeoutMs: options.connectTimeoutMs,
      statementTimeoutMs: options.statementTimeoutMs,
      keepAliveMs,
    });
    const bulkPool = boundedPool(url, {
      max: 2,
      min: 0,
      connectTimeoutMs: options.connectTimeoutMs,
      statementTimeoutMs: bulkTimeoutMs,
      keepAliveMs,
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const sideConnection = async (): Promise<SideConnection> => {
      const client = new pg.Client({
        connectionString: url,
        keepAlive: true,
        keepAliveInitialDelayMillis: keepAliveMs,
        options: CONNECTION_OPTIONS,
        statement_timeout: bulkTimeoutMs,
        ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
      });
      // A dropped connection fails its query; it must not crash the process.
      client.on('error', () => {});
      await client.connect();
      return { db: drizzleNodePg(client, { schema }) as unknown as Db, close: () => client.end().catch(() => {}) };
    };
    const withLock = async <T>(key: number, task: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('set statement_timeout = 0');
        await client.query({ text: 'select pg_advisory_lock($1)', values: [key], query_timeout: 24 * 3600 * 1000 } as pg.QueryConfig);
        try {
          return await task();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]).catch((error: Error) => {
            broken = error;
          });
        }
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        // A session that held a lock is never reused with changed settings.
        client.release(broken ?? true);
      }
    };
    return {
      db,
      bulk: drizzleNodePg(bulkPool, { schema }) as unknown as Db,
      kind: 'postgres',
      url,
      pool,
      sideConnection,
      // On the bulk pool: a migration that rewrites the parts table (0022 at a million parts) runs
      // longer than a request's statement timeout, and failed on the request pool.
      migrate: () =>
        withLock(MIGRATION_LOCK_KEY, () => migrateNodePg(drizzleNodePg(bulkPool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER })),
      withLock,
      listen: (channel, onMessage) => listenPostgres(url, keepAliveMs, channel, onMessage),
      ping: (timeoutMs) => ping(db, timeoutMs),
      close: async () => {
        await Promise.all([endPool(pool, CLOSE_GRACE_MS), endPool(bulkPool, CLOSE_GRACE_MS)]);
      },
    };
  }
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const release = options.pgliteDir ? holdFolder(options.pgliteDir) : () => {};
  // Loaded only for the embedded engine: PGlite adds ~40 MB to a process that talks to PostgreSQL.
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: InstanceType<typeof PGlite>;
  try {
    client = await PGlite.create({
      ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
      extensions: { pg_trgm, unaccent },
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        `shared_buffers=${options.pgliteSharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`,
      ],
    });
  } catch (error) {
    release();
    throw error;
  }
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    bulk: db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    withLock: (_key, task) => task(),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, (payload) => onMessage(payload));
      onMessage(null);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** `select 1` within `timeoutMs`: true when the database answered in time. */
async function ping(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
