/**
 * Raw SQL that recurs in the same shape run as named prepared statements (issue 23 item 3,
 * docs/performance.md "Searches as prepared statements"). A search's SQL depends on its plan's
 * shape (how many terms, which alternatives), not on its words, which are parameters: the bench's
 * 2,000 queries never sent before made 39 shapes, ten of them 94 % of the queries. Named by a hash
 * of its text, such a statement is parsed once per PostgreSQL connection, and PostgreSQL may keep
 * its plan (a generic plan, after five custom ones, when it costs no more): an uncached search then
 * costs PostgreSQL ~30 % less time than parsing and planning it for every request.
 *
 * Bounded: a text is named only from its second use, and at most {@link MAX_NAMED} texts per
 * process are (each holds ~150 kB in every PostgreSQL connection that ran it). PGlite ignores
 * statement names: there this is a plain query.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { renderSql } from './render.ts';

/** Most statement texts one process names. */
export const MAX_NAMED = 32;
/** Texts counted while deciding which recur; the count starts over when it is full. */
const MAX_COUNTED = 4096;

/** Names of the texts named so far (a name is a hash of its text). */
const named = new Set<string>();
/** Uses seen of the texts not named yet, by name: a few bytes each, whatever the text's length. */
const seen = new Map<string, number>();

/** The name of `text` once it recurs (see the module comment); undefined to run it unnamed. */
function nameFor(text: string): string | undefined {
  const name = `q_${createHash('sha256').update(text).digest('hex').slice(0, 20)}`;
  if (named.has(name)) return name;
  if (named.size >= MAX_NAMED) return undefined;
  const uses = (seen.get(name) ?? 0) + 1;
  if (uses < 2) {
    if (seen.size >= MAX_COUNTED) seen.clear();
    seen.set(name, uses);
    return undefined;
  }
  seen.delete(name);
  named.add(name);
  return name;
}

/**
 * Runs `query` and returns its rows, as a named prepared statement once its text recurs (see the
 * module comment); values are always parameters, so a name never carries a user's words.
 * @throws the database's error, as `db.execute` would.
 */
export async function preparedRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const built = renderSql(query);
  const prepared = db._.session.prepareQuery(built, undefined, nameFor(built.sql), false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}

/** How many statement texts this process has named (tests). */
export function namedStatements(): number {
  return named.size;
}

/**
 * Forgets which texts were named and counted (tests). A text named again gets the same name, which
 * connections that prepared it already hold.
 */
export function forgetNamedStatements(): void {
  named.clear();
  seen.clear();
}
