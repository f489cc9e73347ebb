/**
 * Helpers of the tests of one data migration: its statements as the migrator runs them, run again
 * on a test database whose schema is already current, and its place in drizzle's journal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

const drizzleDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** The statements of `drizzle/<tag>.sql`, split where the migrator splits them. */
function migrationStatements(tag: string): string[] {
  return fs
    .readFileSync(path.join(drizzleDir, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Runs the migration `tag` again, in one transaction, on data a test set up as it was before it. */
export async function runMigration(db: Db, tag: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const statement of migrationStatements(tag)) await tx.execute(sql.raw(statement));
  });
}

/** The tags of drizzle's journal, in order: a migration not there is never run. */
export function journalTags(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((e) => e.tag);
}
