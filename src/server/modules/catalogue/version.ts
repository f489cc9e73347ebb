/**
 * The catalogue version: a counter bumped by every import and admin change of catalogue data, so
 * caches keyed by it never serve stale prices.
 */
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** Bumps the catalogue version inside the caller's transaction and returns the new value. */
export async function bumpCatalogueVersion(db: Executor): Promise<number> {
  const rows = await queryRows<{ value: number }>(
    db,
    sql`
    insert into catalogue_state (key, value, updated_at) values ('version', '1'::jsonb, now())
    on conflict (key) do update set value = to_jsonb(coalesce((catalogue_state.value)::text::int, 0) + 1), updated_at = now()
    returning (value)::text::int as value`,
  );
  return Number(rows[0]?.value ?? 0);
}

/** Reads the current catalogue version (0 when nothing was ever written). */
export async function readCatalogueVersion(db: Executor): Promise<number> {
  const rows = await queryRows<{ value: number }>(db, sql`select (value)::text::int as value from catalogue_state where key = 'version'`);
  return Number(rows[0]?.value ?? 0);
}
