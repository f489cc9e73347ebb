/**
 * The PostgreSQL server a run measured: its version and the settings that move the bench's
 * figures (shared buffers above all: at a million parts a broad search and the reads during an ERP
 * sync wait on data files that 128 MB cannot hold, docs/performance.md "Session 26"). The run
 * prints them, keeps them in latest-options.json, and the comparison with the previous run says
 * when they differ, since figures then move without a change of code.
 */
import pg from 'pg';

/** The settings read, in the order printed. */
export const POSTGRES_SETTINGS = [
  'shared_buffers',
  'effective_cache_size',
  'work_mem',
  'maintenance_work_mem',
  'max_wal_size',
  'synchronous_commit',
  'fsync',
  'autovacuum',
  'jit',
  'max_parallel_workers_per_gather',
] as const;

/** A PostgreSQL server as a run found it: `version` (`15.20 (Debian 15.20-0+deb12u1)`), and each of {@link POSTGRES_SETTINGS} with its unit (`128MB`). */
export interface PostgresServer {
  version: string;
  settings: Record<string, string>;
}

/**
 * Reads the version and {@link POSTGRES_SETTINGS} of the server of `databaseUrl` (the server's
 * values: a connection's own options, such as the portal's `jit=off`, are not these).
 * @throws the pg client's error when the server cannot be reached.
 */
export async function readPostgresServer(databaseUrl: string): Promise<PostgresServer> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; value: string }>(
      `select name, current_setting(name) as value from pg_settings where name = any($1::text[])
       union all select 'server_version', current_setting('server_version')`,
      [POSTGRES_SETTINGS],
    );
    const byName = new Map(rows.map((r) => [r.name, r.value]));
    const settings: Record<string, string> = {};
    for (const name of POSTGRES_SETTINGS) {
      const value = byName.get(name);
      if (value !== undefined) settings[name] = value;
    }
    return { version: byName.get('server_version') ?? 'unknown', settings };
  } finally {
    await client.end();
  }
}

/** `postgresql 15.20: shared_buffers 128MB, effective_cache_size 4GB, …` */
export function formatPostgresServer(server: PostgresServer): string {
  const settings = Object.entries(server.settings).map(([name, value]) => `${name} ${value}`);
  return `postgresql ${server.version}: ${settings.join(', ')}`;
}

/** A value of latest-options.json's `postgres`, or `null` when it is not one (runs before session 26, PGlite-only runs). */
export function asPostgresServer(value: unknown): PostgresServer | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, settings } = value as { version?: unknown; settings?: unknown };
  if (typeof version !== 'string' || typeof settings !== 'object' || settings === null) return null;
  const entries = Object.entries(settings).filter((e): e is [string, string] => typeof e[1] === 'string');
  return { version, settings: Object.fromEntries(entries) };
}

/**
 * What differs between the server of the previous run and this one's, as `shared_buffers 2GB now,
 * 128MB then` phrases (the version first); empty when either is unknown or they agree.
 */
export function postgresServerChanges(previous: PostgresServer | null, current: PostgresServer | null): string[] {
  if (!previous || !current) return [];
  const changes: string[] = [];
  if (previous.version !== current.version) changes.push(`version ${current.version} now, ${previous.version} then`);
  for (const name of POSTGRES_SETTINGS) {
    const now = current.settings[name];
    const then = previous.settings[name];
    if (now !== undefined && then !== undefined && now !== then) changes.push(`${name} ${now} now, ${then} then`);
  }
  return changes;
}
