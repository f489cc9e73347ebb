/**
 * `importCatalogue`: the one code path of file imports, the CLI and the ERP sync (docs/product.md §11.1):
 * parse → validate each row → upsert in one transaction. A failed run changes nothing; importing
 * the same source twice reports every part unchanged.
 */
import { sql } from 'drizzle-orm';
import { foldText } from '../../../shared/text.ts';
import { type Db, type Tx, executeCount, queryRows } from '../../db/client.ts';
import { categories, parts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { bumpCatalogueVersion } from '../catalogue/version.ts';
import { rebuildVocabulary } from '../search/service.ts';
import { type CatalogueRow, PRICE_LIST_COUNT, type Rejection, mapRecords } from './map.ts';
import { type SourceFormat, type SourceRecord, parseSource } from './parse.ts';

export interface ImportProgress {
  phase: 'reading' | 'validating' | 'writing' | 'done';
  /** Source records read so far. */
  read: number;
  /** Parts written (inserted or updated) so far. */
  written: number;
  total: number;
}

export interface ImportOptions {
  /** Full sync: active parts missing from the source are marked inactive (never deleted). */
  fullSync?: boolean;
  /** Stock quantity (units) below which a part shows "Bajo Stock". */
  lowStock: number;
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Refuse the run (changing nothing) when more than this share (0–1) of the source rows is
   * rejected: a feed that lost its columns must not deactivate the catalogue.
   */
  maxRejectedRatio?: number;
}

/** PostgreSQL advisory lock key held by every import and sync while it writes. */
export const IMPORT_LOCK_KEY = 727_001;

export interface ImportReport {
  format: SourceFormat | 'records';
  /** Source records read (header rows excluded). */
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Parts marked inactive by a full sync. */
  deactivated: number;
  rejected: number;
  /** Each rejected row with its row number and reason. */
  rejections: Rejection[];
}

/** The summary line of the CLI and the logs (docs/product.md §11.2). */
export function formatSummary(report: ImportReport): string {
  const base = `imported: ${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected} rejected`;
  return report.deactivated ? `${base}, ${report.deactivated} deactivated` : base;
}

const BATCH = 2000;

/**
 * Imports a source file held in memory (JSON, CSV or XLSX, detected by content).
 * @throws AppError IMPORT_FAILED when the file cannot be read or no row is valid; nothing changes then.
 */
export async function importCatalogueFile(db: Db, buffer: Buffer, options: ImportOptions): Promise<ImportReport> {
  options.onProgress?.({ phase: 'reading', read: 0, written: 0, total: 0 });
  const source = await parseSource(buffer);
  return importRecords(db, source.records, source.format, options);
}

/** Rows changed by one import from which the parts table is vacuumed and analyzed at once. */
const TIDY_THRESHOLD = 1000;

/**
 * After a large import: `VACUUM (ANALYZE) parts`, so that the next reads have planner statistics
 * and a visibility map at once instead of after autovacuum's next round (the deferred-join pages
 * read the sort indexes index-only; without the map every entry costs a heap visit: a 100,000-part
 * catalogue's last page took ~280 ms instead of ~15 ms). It runs outside the import's transaction,
 * after the commit; a failure leaves the work to autovacuum and does not fail the import.
 */
async function tidyAfterImport(db: Db, changed: number): Promise<void> {
  if (changed < TIDY_THRESHOLD) return;
  try {
    await db.execute(sql`vacuum (analyze) parts`);
  } catch {
    // Autovacuum does the same later; the import itself has committed.
  }
}

/**
 * Imports records already read (an ERP's JSON array, a generator's output).
 * @throws AppError IMPORT_FAILED when no row is valid; nothing changes then.
 */
export async function importRecords(
  db: Db,
  records: SourceRecord[],
  format: ImportReport['format'],
  options: ImportOptions,
): Promise<ImportReport> {
  const total = records.length;
  if (total === 0) throw new AppError('IMPORT_FAILED', 'El archivo no tiene filas de datos.');
  options.onProgress?.({ phase: 'validating', read: total, written: 0, total });
  const { rows, rejections } = mapRecords(records, { lowStock: options.lowStock });
  if (rows.length === 0) {
    const first = rejections
      .slice(0, 3)
      .map((r) => `fila ${r.row}: ${r.reason}`)
      .join('; ');
    throw new AppError('IMPORT_FAILED', `No se pudo importar ninguna fila${first ? ` (${first})` : ''}.`, { rejections });
  }
  if (options.maxRejectedRatio !== undefined && total > 0 && rejections.length / total > options.maxRejectedRatio) {
    throw new AppError(
      'IMPORT_FAILED',
      `Se rechazaron ${rejections.length} de ${total} filas (más del ${Math.round(options.maxRejectedRatio * 100)} %): no se aplicó ningún cambio.`,
      { rejections },
    );
  }
  const report: ImportReport = {
    format,
    rows: total,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    deactivated: 0,
    rejected: rejections.length,
    rejections,
  };
  await db.transaction(async (tx) => {
    // One writer at a time, across processes too: a second import waits for none and fails fast.
    const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${IMPORT_LOCK_KEY}) as ok`);
    if (!lock?.ok) throw new AppError('CONFLICT', 'Ya hay una importación o sincronización en curso.');
    const categoryIds = await ensureCategories(tx, rows);
    let written = 0;
    // While the database writes one batch, the next one's JSON is built here (two cores at work).
    const prepare = (start: number) => {
      const batch = rows.slice(start, start + BATCH);
      return { json: batchJson(batch, categoryIds), size: batch.length };
    };
    let next = prepare(0);
    for (let start = 0; start < rows.length; start += BATCH) {
      const sending = upsertBatch(tx, next.json, next.size);
      // Let the query leave before the CPU work; a rejection is read by the await below.
      sending.catch(() => {});
      await new Promise((resolve) => setImmediate(resolve));
      if (start + BATCH < rows.length) next = prepare(start + BATCH);
      const counts = await sending;
      report.inserted += counts.inserted;
      report.updated += counts.updated;
      report.unchanged += counts.unchanged;
      written += counts.inserted + counts.updated;
      options.onProgress?.({ phase: 'writing', read: total, written, total });
    }
    if (options.fullSync) {
      const keep = rows.map((r) => r.partNumber);
      report.deactivated = await executeCount(
        tx,
        sql`update parts set is_active = false, updated_at = now()
            where is_active and part_number <> all(${sql.param(keep)}::text[])`,
      );
    }
    if (report.inserted + report.updated + report.deactivated > 0) {
      // The search's vocabulary follows the parts (typo correction, abbreviations; issue 18).
      await rebuildVocabulary(tx);
      await bumpCatalogueVersion(tx);
    }
  });
  await tidyAfterImport(db, report.inserted + report.updated + report.deactivated);
  options.onProgress?.({ phase: 'done', read: total, written: report.inserted + report.updated, total });
  return report;
}

const pathKey = (path: string[]) => path.map(foldText).join('\u0000');

/**
 * Creates the categories the rows name, level by level, folding accent twins into one category.
 * Among spellings of one new category the one with most accented letters wins (`REFRIGERACIÓN`).
 * @returns the category id of each distinct path key.
 */
async function ensureCategories(tx: Tx, rows: CatalogueRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const spellings = new Map<string, string>();
  const accents = (s: string) => s.normalize('NFD').length - s.length;
  const wanted = new Map<string, string[]>();
  for (const row of rows) {
    for (let level = 1; level <= row.categoryPath.length; level++) {
      const path = row.categoryPath.slice(0, level);
      const key = pathKey(path);
      wanted.set(key, path);
      const name = path[level - 1] as string;
      const best = spellings.get(key);
      if (best === undefined || accents(name) > accents(best)) spellings.set(key, name);
    }
  }
  const existing = await tx.select({ id: categories.id, nameKey: categories.nameKey, parentId: categories.parentId }).from(categories);
  const byParentAndKey = new Map(existing.map((c) => [`${c.parentId ?? 0}|${c.nameKey}`, c.id]));
  const sorted = [...wanted.entries()].sort((a, b) => a[1].length - b[1].length);
  for (const [key, path] of sorted) {
    const parentId = path.length > 1 ? (ids.get(pathKey(path.slice(0, -1))) ?? null) : null;
    const nameKey = foldText(path[path.length - 1] as string);
    const lookup = `${parentId ?? 0}|${nameKey}`;
    let id = byParentAndKey.get(lookup);
    if (id === undefined) {
      const [created] = await tx
        .insert(categories)
        .values({ name: spellings.get(key) as string, nameKey, level: path.length, parentId })
        .returning({ id: categories.id });
      id = (created as { id: number }).id;
      byParentAndKey.set(lookup, id);
    }
    ids.set(key, id);
  }
  return ids;
}

type PartValues = typeof parts.$inferInsert;

/**
 * Columns an import owns, compared to tell an updated part from an unchanged one. Admin-owned
 * fields (documentUrl, videoUrl, discount) are never written; categoryPath is written but not
 * compared, since it follows category names that staff may have renamed (the id is compared).
 */
const IMPORTED_FIELDS = [
  'description',
  'brand',
  'categoryId',
  'alternateCodes',
  'price',
  'priceList1',
  'priceList2',
  'priceList3',
  'priceList4',
  'priceList5',
  'priceList6',
  'priceList7',
  'priceList8',
  'priceList9',
  'priceList10',
  'stockQuantity',
  'stockLevel',
  'salesUnit',
  'imageUrl',
  'isActive',
] as const satisfies readonly (keyof PartValues)[];

type PriceListField = `priceList${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`;

/** One column an import writes: its field, its SQL type for `json_to_recordset`, its value for a row. */
type WriteColumn = readonly [field: keyof PartValues, type: string, value: (row: CatalogueRow, categoryId: number | null) => unknown];

/** The columns an import writes: the one list behind the batch statement and each batch's JSON. */
const WRITE_COLUMNS: readonly WriteColumn[] = [
  ['partNumber', 'text', (r) => r.partNumber],
  ['description', 'text', (r) => r.description],
  ['brand', 'text', (r) => r.brand],
  ['categoryId', 'integer', (_r, categoryId) => categoryId],
  ['categoryPath', 'text[]', (r) => r.categoryPath],
  ['alternateCodes', 'text[]', (r) => r.alternateCodes],
  ['price', 'numeric(12,2)', (r) => r.price],
  ...Array.from(
    { length: PRICE_LIST_COUNT },
    (_, i): WriteColumn => [`priceList${i + 1}` as PriceListField, 'numeric(12,2)', (r) => r.priceLists[i] ?? null],
  ),
  ['stockQuantity', 'integer', (r) => r.stockQuantity],
  ['stockLevel', 'text', (r) => r.stockLevel],
  ['salesUnit', 'text', (r) => r.salesUnit ?? '1 unidad'],
  ['imageUrl', 'text', (r) => r.imageUrl],
  ['isActive', 'boolean', () => true],
];

/** SQL column name of a parts field (`priceList1` → `price_list_1`). */
function columnName(field: keyof typeof parts.$inferSelect): string {
  return parts[field].name;
}

const WRITE_NAMES = WRITE_COLUMNS.map(([field]) => columnName(field));

/**
 * The batch statement, built once around its one parameter: the batch as a JSON array of objects keyed by column
 * name. In one round trip it updates the parts whose imported fields differ, inserts the new part
 * numbers and answers both counts; every part of the statement reads the same snapshot, so a part
 * updated here is not seen as new by the insert. `on conflict do nothing` leaves a part that staff
 * created meanwhile to the next import instead of failing this one.
 */
const UPSERT_SQL = (() => {
  const columns = WRITE_NAMES.join(', ');
  const record = WRITE_COLUMNS.map(([field, type]) => `${columnName(field)} ${type}`).join(', ');
  const compared = IMPORTED_FIELDS.map((f) => columnName(f));
  const assignments = WRITE_NAMES.filter((n) => n !== 'part_number').map((n) => `${n} = src.${n}`);
  const head = 'with src as materialized (select * from json_to_recordset(';
  const tail = `::json) as x(${record})),
updated as (
  update parts p set ${assignments.join(', ')}, updated_at = now()
  from src
  where p.part_number = src.part_number
    and (${compared.map((n) => `p.${n}`).join(', ')}) is distinct from (${compared.map((n) => `src.${n}`).join(', ')})
  returning 1
),
inserted as (
  insert into parts (${columns})
  select ${columns} from src
  where not exists (select 1 from parts e where e.part_number = src.part_number)
  on conflict (part_number) do nothing
  returning 1
)
select (select count(*) from inserted)::int as inserted, (select count(*) from updated)::int as updated`;
  return { head: sql.raw(head), tail: sql.raw(tail) };
})();

/**
 * The JSON text of one batch for {@link UPSERT_SQL}: an array of objects keyed by column name,
 * built straight from the mapped rows through {@link WRITE_COLUMNS}.
 */
function batchJson(batch: CatalogueRow[], categoryIds: Map<string, number>): string {
  const values = batch.map((row) => {
    const categoryId = row.categoryPath.length ? (categoryIds.get(pathKey(row.categoryPath)) ?? null) : null;
    const out: Record<string, unknown> = {};
    for (let c = 0; c < WRITE_COLUMNS.length; c++) out[WRITE_NAMES[c] as string] = (WRITE_COLUMNS[c] as WriteColumn)[2](row, categoryId);
    return out;
  });
  return JSON.stringify(values);
}

/** Sends one batch (see {@link UPSERT_SQL}); resolves with its counts once the database answers. */
async function upsertBatch(tx: Tx, json: string, size: number): Promise<{ inserted: number; updated: number; unchanged: number }> {
  const [counts] = await queryRows<{ inserted: number; updated: number }>(tx, sql`${UPSERT_SQL.head}${json}${UPSERT_SQL.tail}`);
  const inserted = Number(counts?.inserted ?? 0);
  const updated = Number(counts?.updated ?? 0);
  return { inserted, updated, unchanged: size - inserted - updated };
}
