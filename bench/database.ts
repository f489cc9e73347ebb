/**
 * A fresh database per run: a PGlite folder under the OS temp folder, or a new database on the
 * server of DATABASE_URL. The catalogue is imported in this process through `importRecords` (the
 * import the server and the CLI use), timed, then the database is closed so the server can open it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { dropDatabase, removeDir, trackDatabase, trackDir } from './cleanup.ts';
import { checkBuffers } from '../src/server/db/buffers.ts';
import { openDatabase, queryRows } from '../src/server/db/client.ts';
import { carouselEntries, parts } from '../src/server/db/schema.ts';
import type { SourceRecord } from '../src/server/modules/import/parse.ts';
import { type ImportReport, importRecords } from '../src/server/modules/import/service.ts';
import type { DatabaseKind } from './args.ts';

export interface PreparedDatabase {
  kind: DatabaseKind;
  /** Environment the server needs to open it (DATA_DIR or DATABASE_URL). */
  serverEnv: Record<string, string>;
  /** Removes the folder or drops the database; safe to call twice. */
  cleanup(): Promise<void>;
}

/** Creates an empty PGlite folder or PostgreSQL database, tracked by cleanup.ts until removed. */
export async function createDatabase(kind: DatabaseKind, databaseUrl: string | undefined): Promise<PreparedDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'repuestos-bench-'));
    trackDir(dir);
    return { kind, serverEnv: { DATA_DIR: dir }, cleanup: async () => removeDir(dir) };
  }
  if (!databaseUrl) throw new Error('PostgreSQL needs DATABASE_URL');
  const name = `bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    trackDatabase(name, databaseUrl);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return { kind, serverEnv: { DATABASE_URL: url.toString() }, cleanup: () => dropDatabase(name) };
}

export interface LoadResult {
  report: ImportReport;
  /** Wall time of `importRecords` in milliseconds (migrations and carousels excluded). */
  importMs: number;
  /** Wall time of the `import-small` run ({@link smallImport}) in milliseconds, when one was asked. */
  smallImportMs?: number;
  /** Ids of the active parts, for the `part-by-id` scenario. */
  ids: number[];
  /**
   * The server's warning when PostgreSQL's shared buffers cannot hold the loaded `parts` table and
   * its search index (src/server/db/buffers.ts), which slows broad searches at this size; absent
   * when they can, and on PGlite.
   */
  bufferAdvice?: string;
}

/** Rows of the `import-small` scenario: half of them new parts, half new descriptions. */
const SMALL_IMPORT_ROWS = 20;

/**
 * The `import-small` scenario's source, a daily import into the loaded catalogue: the first
 * {@link SMALL_IMPORT_ROWS}/2 parts with a word added to their descriptions, and as many new parts
 * (copies of the next ones under new codes). Both change the search vocabulary's words, which is
 * what made such a run read the whole catalogue until session 19 (docs/performance.md).
 * @returns undefined when the catalogue has fewer parts than the run needs.
 */
export function smallImport(records: readonly SourceRecord[]): SourceRecord[] | undefined {
  const half = SMALL_IMPORT_ROWS / 2;
  if (records.length < SMALL_IMPORT_ROWS) return undefined;
  const changed = records
    .slice(0, half)
    .map((r) => ({ row: r.row, values: { ...r.values, descripcion: `${r.values.descripcion} REFORZADO` } }));
  const added = records
    .slice(half, SMALL_IMPORT_ROWS)
    .map((r, i) => ({ row: half + i + 1, values: { ...r.values, codigo: `${r.values.codigo}-NUEVO` } }));
  return [...changed, ...added];
}

/**
 * Migrates, imports the records (timed), then the `small` import when given (timed: the
 * `import-small` scenario), publishes the demo carousels, closes the database.
 */
export async function loadCatalogue(prepared: PreparedDatabase, records: SourceRecord[], small?: SourceRecord[]): Promise<LoadResult> {
  const database = await openDatabase({
    databaseUrl: prepared.serverEnv.DATABASE_URL,
    pgliteDir: prepared.serverEnv.DATA_DIR ? path.join(prepared.serverEnv.DATA_DIR, 'pglite') : undefined,
  });
  try {
    await database.migrate();
    const started = performance.now();
    const report = await importRecords(database.db, records, 'records', { lowStock: 5, sideConnection: database.sideConnection });
    const importMs = performance.now() - started;
    let smallImportMs: number | undefined;
    if (small) {
      const smallStarted = performance.now();
      const smallReport = await importRecords(database.db, small, 'records', { lowStock: 5, confirmLarge: true });
      smallImportMs = performance.now() - smallStarted;
      if (smallReport.inserted + smallReport.updated !== small.length)
        throw new Error(`import-small wrote ${smallReport.inserted} new and ${smallReport.updated} changed parts of ${small.length}`);
    }
    await seedCarousels(database.db);
    const rows = await queryRows<{ id: number }>(database.db, sql`select id from parts where is_active order by id`);
    let bufferAdvice: string | undefined;
    await checkBuffers(database, {
      warn: (advice) => {
        bufferAdvice = advice;
      },
      debug: () => {},
    });
    return {
      report,
      importMs,
      ...(smallImportMs === undefined ? {} : { smallImportMs }),
      ids: rows.map((r) => Number(r.id)),
      ...(bufferAdvice === undefined ? {} : { bufferAdvice }),
    };
  } finally {
    await database.close();
  }
}

/** As the demo seed does: the first priced parts in each home carousel, on-sale ones at 10–30 % off. */
async function seedCarousels(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<void> {
  const size = 12;
  const candidates = await db
    .select({ id: parts.id })
    .from(parts)
    .where(isNotNull(parts.priceList1))
    .orderBy(asc(parts.id))
    .limit(size * 3);
  const collections = ['featured', 'new-arrivals', 'on-sale'] as const;
  await db.transaction(async (tx) => {
    for (const [c, collection] of collections.entries()) {
      for (const [position, part] of candidates.slice(c * size, (c + 1) * size).entries()) {
        const discount = collection === 'on-sale' ? String(10 + (position % 3) * 10) : '0';
        for (const stage of ['draft', 'published'] as const) {
          await tx
            .insert(carouselEntries)
            .values({ stage, collection, partId: part.id, position, discountPercentage: discount })
            .onConflictDoNothing();
        }
        if (collection === 'on-sale') await tx.update(parts).set({ discountPercentage: discount }).where(eq(parts.id, part.id));
      }
    }
  });
}
