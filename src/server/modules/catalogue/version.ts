/**
 * The catalogue version: a counter bumped by every import and admin change of catalogue data, so
 * caches keyed by it never serve stale prices. Each bump also sends `NOTIFY catalogue_version`
 * (delivered when its transaction commits), so every process learns of a change at once; the
 * version TTL stays as the fallback (issue 20).
 */
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client.ts';

/** The `LISTEN/NOTIFY` channel of catalogue changes; the payload is the new version. */
export const CATALOGUE_CHANNEL = 'catalogue_version';

/** Bumps the catalogue version inside the caller's transaction, notifies it, and returns the new value. */
export async function bumpCatalogueVersion(db: Executor): Promise<number> {
  const rows = await queryRows<{ value: number }>(
    db,
    sql`
    insert into catalogue_state (key, value, updated_at) values ('version', '1'::jsonb, now())
    on conflict (key) do update set value = to_jsonb(coalesce((catalogue_state.value)::text::int, 0) + 1), updated_at = now()
    returning (value)::text::int as value`,
  );
  const version = Number(rows[0]?.value ?? 0);
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${String(version)})`);
  return version;
}

/**
 * Calls `onChange` whenever any process changes the catalogue (and when the listening connection
 * is re-established, since changes may have been missed meanwhile).
 * @returns a function that stops listening.
 */
export function listenCatalogueChanges(database: Database, onChange: () => void): Promise<() => Promise<void>> {
  return database.listen(CATALOGUE_CHANNEL, () => onChange());
}

/** Reads the current catalogue version (0 when nothing was ever written). */
export async function readCatalogueVersion(db: Executor): Promise<number> {
  const rows = await queryRows<{ value: number }>(db, sql`select (value)::text::int as value from catalogue_state where key = 'version'`);
  return Number(rows[0]?.value ?? 0);
}
