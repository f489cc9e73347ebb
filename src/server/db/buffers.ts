/**
 * Whether PostgreSQL's shared buffers hold what a search reads: the `parts` table, whose rows a
 * search rechecks for every match of a word, and its trigram index. When they do not, a search for
 * a common word and the reads during an ERP sync wait on data files: at a million parts, with
 * PostgreSQL's default 128 MB against 2 GB, searches never seen before took 47 ms at the 95th
 * percentile instead of 27 ms, and the longest read during a sync 4.7 s instead of 1.8 s
 * (docs/performance.md "Session 26"; docs/deploy.md "The PostgreSQL server"). The server checks
 * this at start and after each catalogue job, and `npm run import` after an import, and they warn
 * the operator; nothing is changed.
 */
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from './client.ts';

/** Sizes in bytes, with PostgreSQL's own rendering of each (`128 MB`). */
export interface BufferFit {
  sharedBuffers: number;
  sharedBuffersText: string;
  /** The `parts` table's heap and `parts_search_trgm_idx` (schema.ts). */
  searchRelations: number;
  searchRelationsText: string;
}

/**
 * Reads `shared_buffers` and the size of what a search reads (see the module comment). Meant for
 * PostgreSQL; PGlite's buffers are the server's own memory (`PGLITE_SHARED_BUFFERS_MB`, a memory
 * trade-off decided in docs/performance.md "PGlite's shared buffers").
 * @throws the driver's error when the database cannot answer.
 */
export async function readBufferFit(db: Executor): Promise<BufferFit> {
  const [row] = await queryRows<{ buffers: string; buffers_text: string; search: string; search_text: string }>(
    db,
    sql`select b.bytes::text as buffers, pg_size_pretty(b.bytes) as buffers_text,
               s.bytes::text as search, pg_size_pretty(s.bytes) as search_text
        from (select pg_size_bytes(current_setting('shared_buffers')) as bytes) b,
             (select pg_relation_size('parts') + coalesce(pg_relation_size(to_regclass('parts_search_trgm_idx')), 0) as bytes) s`,
  );
  return {
    sharedBuffers: Number(row!.buffers),
    sharedBuffersText: row!.buffers_text,
    searchRelations: Number(row!.search),
    searchRelationsText: row!.search_text,
  };
}

/**
 * The operator's warning when the shared buffers are smaller than what a search reads, else
 * undefined. English, like the server's other log lines.
 */
export function bufferAdvice(fit: BufferFit): string | undefined {
  if (fit.sharedBuffers >= fit.searchRelations) return undefined;
  return (
    `PostgreSQL's shared_buffers (${fit.sharedBuffersText}) is smaller than the parts table and its search index ` +
    `(${fit.searchRelationsText}): searches of common words and reads during an ERP sync wait on data files. ` +
    `Set shared_buffers to at least ${fit.searchRelationsText} on the database server (docs/deploy.md "The PostgreSQL server").`
  );
}

/** Where {@link checkBuffers} reports: the server's pino logger, or the import command's console. */
export interface BufferLog {
  warn(message: string): void;
  debug(details: object, message: string): void;
}

/**
 * On PostgreSQL, reads the fit ({@link readBufferFit}) and logs {@link bufferAdvice}, when there is
 * one, as a warning; nothing on PGlite. A failed check is logged at debug level and never thrown:
 * a hint must not stop a start or fail an import.
 */
export async function checkBuffers(database: Pick<Database, 'kind' | 'db'>, log: BufferLog): Promise<void> {
  if (database.kind !== 'postgres') return;
  try {
    const advice = bufferAdvice(await readBufferFit(database.db));
    if (advice) log.warn(advice);
  } catch (error) {
    log.debug({ err: error }, 'shared_buffers not checked');
  }
}
