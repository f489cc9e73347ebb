/**
 * `importCatalogue`: the one code path of file imports, the CLI and the ERP sync (docs/product.md §11.1):
 * parse → map and validate each row → compare with the catalogue → write in one transaction. A
 * failed run changes nothing; importing the same source twice reports every part unchanged; a dry
 * run computes the same report and changes nothing; fields staff edited by hand are kept
 * (docs/product.md §11.4).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type SQL, desc, eq, ne, sql } from 'drizzle-orm';
import { type ColumnAssignment, type DuplicateMode, type HandEditableField, PRICE_LIST_TARGETS } from '../../../shared/import.ts';
import { foldText } from '../../../shared/text.ts';
import { type Db, type Executor, type SideConnection, type Tx, executeCount, queryRows } from '../../db/client.ts';
import { categories, importRunParts, importRuns, parts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { bumpCatalogueVersion } from '../catalogue/version.ts';
import {
  type WordCounts,
  type WordSource,
  countWords,
  lockedWordCounts,
  moveWordCounts,
  rebuildVocabulary,
  replaceVocabulary,
} from '../search/service.ts';
import {
  type CatalogueRow,
  type DuplicateGroup,
  type MergedRow,
  PRICE_LIST_COUNT,
  type Rejection,
  type UnreadablePrice,
  mapRecordsInSteps,
} from './map.ts';
import { type SourceFormat, type SourceLimits, type SourceRecord, parseSource } from './parse.ts';

export interface ImportProgress {
  /**
   * The step: `reading` the source, `validating` (mapping and planning each row), `writing` the
   * parts, `indexing` (after the last row: a first load's indexes, the search vocabulary and the
   * table's statistics; docs/product.md §11.1), `done`.
   */
  phase: 'reading' | 'validating' | 'writing' | 'indexing' | 'done';
  /** Source records read so far. */
  read: number;
  /** Parts written (inserted or updated) so far. */
  written: number;
  total: number;
}

export interface ImportOptions {
  /** Full sync: active parts missing from the source are marked inactive (never deleted). */
  fullSync?: boolean;
  /** Limits of the file {@link importCatalogueFile} reads: parse.ts `SOURCE_LIMITS` unless an operator named it (`sourceLimits`). */
  limits?: SourceLimits;
  /** Stock quantity (units) below which a part shows "Bajo Stock". */
  lowStock: number;
  /**
   * Told of each step. While the run is planned (phase `validating`) a returned promise is awaited
   * before the next batch is read.
   */
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
  /**
   * Refuse the run (changing nothing) when more than this share (0–1) of the source rows is
   * rejected: a feed that lost its columns must not deactivate the catalogue.
   */
  maxRejectedRatio?: number;
  /** Explicit column assignments; aliases map the rest. */
  mapping?: readonly ColumnAssignment[];
  /** Rows repeating a part number (default `merge`). */
  duplicates?: DuplicateMode;
  /**
   * Name of the source (a file's name, `erp`): parts remember the source that created them, and a
   * different part under the same code from another source is reported as a conflict. Default `archivo`.
   */
  source?: string;
  /** Compute the report and change nothing. */
  dryRun?: boolean;
  /** Allow a run over the large-change thresholds ({@link LARGE_CHANGE}). */
  confirmLarge?: boolean;
  /** Hand-edited fields this run may overwrite when the file carries them. */
  overwriteHandEdits?: readonly HandEditableField[];
  /** Folder of the supplier's photos (`IMAGE_DIR`): image references are checked against it. */
  imageDir?: string;
  /** Who runs it (a username, `cli`, `erp`), for the undo history. */
  actor?: string;
  /**
   * Opens a connection beside the run's (PostgreSQL: `Database.sideConnection`): a first load
   * counts its vocabulary on it while its transaction builds the parts table's indexes ({@link
   * countWordsBeside}). Without it, or when it fails, the vocabulary is rebuilt after the commit as
   * for any large run.
   */
  sideConnection?: () => Promise<SideConnection>;
}

/**
 * Thresholds above which a run needs `confirmLarge` (docs/product.md §11.4): share of the active
 * parts a full sync deactivates, and share of the active parts whose prices change (0–1).
 */
export const LARGE_CHANGE = { deactivated: 0.1, priceChanged: 0.3 } as const;

/** One price list's changes among existing parts (prices in ARS). */
export interface PriceListChanges {
  /** Price list 1–10. */
  list: number;
  up: number;
  down: number;
  /** A price where there was none. */
  added: number;
  /** No price where there was one. */
  removed: number;
  /** Mean change of the ups and downs, percent (null when none). */
  meanPercent: number | null;
}

/** One part's price change on one list. */
export interface PriceChange {
  partNumber: string;
  list: number;
  before: string | null;
  after: string | null;
  /** Change in percent of `before` (null when either side has no price). */
  percent: number | null;
}

/** A row not imported because its code belongs to a different part of another source. */
export interface SourceConflict {
  row: number;
  partNumber: string;
  /** The source that created the part in the catalogue. */
  source: string;
  existing: string;
  incoming: string;
}

/** One hand edit a run keeps (docs/product.md §11.4): the part, the field, its value and the file's, as text. */
export interface KeptEdit {
  partNumber: string;
  /** The hand-edited field (`description`, `priceList1`, `stock`, `category1`…). */
  field: HandEditableField;
  /** The part's value, which stays (null: empty). */
  kept: string | null;
  /** What the file brings instead (null: empty). */
  incoming: string | null;
}

/** Kept hand edits a report lists; `handEditsKept` counts them all. */
export const KEPT_EDITS_LISTED = 50;

/** Rows with an unreadable price a report lists; `unreadablePrices.count` counts them all. */
export const UNREADABLE_PRICES_LISTED = 100;

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
  /** Rows with no value. */
  blank?: number;
  /** Section headings (a lone text cell). */
  headings?: { row: number; text: string }[];
  /** Rows merged into an earlier row with the same code and description (stock added). */
  merged?: MergedRow[];
  /** Codes repeated with different descriptions: the first row kept, the others not imported. */
  duplicates?: DuplicateGroup[];
  /** Rows not imported: their code is another source's different part. */
  conflicts?: SourceConflict[];
  /** Price changes among existing parts: how many parts, per list, and the 20 largest. */
  priceChanges?: { parts: number; lists: PriceListChanges[]; largest: PriceChange[] };
  /** Categories this run creates, as paths `A › B`. */
  categoriesAdded?: string[];
  /** Categories that had active parts before and have none after. */
  categoriesEmptied?: string[];
  /** Fields kept because staff edited them by hand (one per part and field that the file would change). */
  handEditsKept?: number;
  /** The first {@link KEPT_EDITS_LISTED} of those kept hand edits, in file order. */
  keptEdits?: KeptEdit[];
  /**
   * Imported rows whose price cell holds no readable price (`consultar`, `-50`, `1e20`): how many,
   * and the first {@link UNREADABLE_PRICES_LISTED} with their row, list and text. They are imported
   * without that price.
   */
  unreadablePrices?: { count: number; first: UnreadablePrice[] };
  /** Image references that resolve to no file in `IMAGE_DIR`: how many, and the first 50. */
  missingImages?: { count: number; first: string[] };
  /** The column assignments used, explicit and automatic. */
  assignments?: ColumnAssignment[];
  ignoredColumns?: { column: string; reason: string }[];
  /** Active parts before the run. */
  activeBefore?: number;
  /** Why this run needs `confirmLarge` (empty when it does not). */
  largeChange?: string[];
  /** True when nothing was written (a preview). */
  dryRun?: boolean;
}

/**
 * The summary line of the CLI and the logs (docs/product.md §11.2): the four counts always, the
 * other buckets when not zero, so that the numbers add up to the rows of the file.
 */
export function formatSummary(report: ImportReport): string {
  const base = `imported: ${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected} rejected`;
  const extra: [number, string][] = [
    [report.merged?.length ?? 0, 'merged'],
    [(report.duplicates ?? []).reduce((n, g) => n + g.rows.length - 1, 0), 'duplicates'],
    [report.conflicts?.length ?? 0, 'conflicts'],
    [report.headings?.length ?? 0, 'headings'],
    [report.blank ?? 0, 'blank'],
    [report.deactivated, 'deactivated'],
  ];
  return [base, ...extra.filter(([n]) => n > 0).map(([n, label]) => `${n} ${label}`)].join(', ');
}

const BATCH = 2000;

/**
 * Imports a source file held in memory (JSON, CSV or XLSX, detected by content).
 * @throws AppError IMPORT_FAILED when the file cannot be read or no row is valid; nothing changes then.
 */
export async function importCatalogueFile(db: Db, buffer: Buffer, options: ImportOptions): Promise<ImportReport> {
  options.onProgress?.({ phase: 'reading', read: 0, written: 0, total: 0 });
  const source = await parseSource(buffer, options.limits);
  // The records are this function's own, so the import lets them go once mapped.
  return runImport(db, source.records, source.format, options, true);
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

/** Thrown inside a dry run's transaction to roll it back once its report is complete. */
class DryRunRollback extends Error {}

/**
 * Imports records already read (an ERP's JSON array, a generator's output).
 * @throws AppError IMPORT_FAILED when no row is valid, when too many rows are rejected, or when the
 *   run crosses {@link LARGE_CHANGE} without `confirmLarge`; nothing changes then. AppError
 *   VALIDATION when the mapping names a missing column; CONFLICT when another import runs.
 */
export async function importRecords(
  db: Db,
  records: SourceRecord[],
  format: ImportReport['format'],
  options: ImportOptions,
): Promise<ImportReport> {
  return runImport(db, records, format, options, false);
}

/**
 * {@link importRecords}; with `release`, `records` is emptied once mapped, so that a caller that
 * owns them (a parsed file) does not hold them for the rest of the run: about 70 MB of the heap at
 * 100,000 rows, while planning and writing need only the mapped rows (docs/performance.md "The
 * import's records").
 */
/**
 * The failure of a run with no valid row (docs/product.md §11.1), in Spanish: a reason every row
 * shares (a file without a code column) is said once, as the file's; otherwise the first three rows
 * with theirs, e.g. "No se pudo importar ninguna fila (fila 2: falta el código del producto; fila 3: …)."
 */
function nothingImportedMessage(rejections: readonly { row: number; reason: string }[]): string {
  // A reason as a clause inside the sentence: without its full stop, a leading word in lower case.
  const clause = (reason: string) =>
    reason
      .trim()
      .replace(/\.$/, '')
      .replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
  const reasons = new Set(rejections.map((r) => r.reason));
  const [only] = reasons;
  if (reasons.size === 1 && only !== undefined) {
    // "No se encontró la columna de código (…). Asígnela …": its first sentence joins the message.
    const [first, ...rest] = only.trim().split(/(?<=\.) /);
    return `No se pudo importar ninguna fila: ${clause(first ?? only)}.${rest.length ? ` ${rest.join(' ')}` : ''}`;
  }
  const first = rejections
    .slice(0, 3)
    .map((r) => `fila ${r.row}: ${clause(r.reason)}`)
    .join('; ');
  return `No se pudo importar ninguna fila${first ? ` (${first})` : ''}.`;
}

async function runImport(
  db: Db,
  records: SourceRecord[],
  format: ImportReport['format'],
  options: ImportOptions,
  release: boolean,
): Promise<ImportReport> {
  const total = records.length;
  if (total === 0) throw new AppError('IMPORT_FAILED', 'El archivo no tiene filas de datos.');
  options.onProgress?.({ phase: 'validating', read: total, written: 0, total });
  const mapped = await mapRecordsInSteps(records, { lowStock: options.lowStock, mapping: options.mapping, duplicates: options.duplicates });
  if (release) records.length = 0;
  const { rows, rejections } = mapped;
  if (rows.length === 0) throw new AppError('IMPORT_FAILED', nothingImportedMessage(rejections), { rejections });
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
    blank: mapped.blank,
    headings: mapped.headings,
    merged: mapped.merged,
    duplicates: mapped.duplicates,
    conflicts: [],
    handEditsKept: 0,
    keptEdits: [],
    unreadablePrices: { count: mapped.unreadablePrices.length, first: mapped.unreadablePrices.slice(0, UNREADABLE_PRICES_LISTED) },
    assignments: mapped.assignments,
    ignoredColumns: mapped.ignoredColumns,
    largeChange: [],
    dryRun: options.dryRun === true,
  };
  if (options.imageDir) report.missingImages = await missingImages(rows, options.imageDir);
  const source = (options.source ?? DEFAULT_SOURCE).slice(0, 120);
  const base = structuredClone(report);
  // A run is planned in short read-only steps while the catalogue keeps answering, then written in
  // one transaction (docs/product.md §11.1). When a part it would write changed in between, it is
  // planned again; the third attempt plans under the lock, inside its own transaction.
  for (let attempt = 1; ; attempt++) {
    const fresh: ImportReport = structuredClone(base);
    const outcome = await planAndApply(db, rows, mapped.carried, fresh, options, source, attempt >= 3);
    if (outcome === 'stale') continue;
    const changed = fresh.inserted + fresh.updated + fresh.deactivated;
    if (!options.dryRun && changed > 0) {
      // What follows the last row (vocabulary, statistics: tidyAfterImport's threshold) is `indexing`.
      if (outcome.vocabularyStale || changed >= TIDY_THRESHOLD)
        options.onProgress?.({ phase: 'indexing', read: total, written: fresh.inserted + fresh.updated, total });
      // The search's vocabulary follows the parts (typo correction, abbreviations; docs/product.md
      // §6.1, §11.1). A run that changed few parts' words moved them in its write transaction; one
      // that changed many rebuilds it here, after the write so that it does not lengthen it, and
      // bumps the version again so that no search cached in between keeps the old vocabulary.
      if (outcome.vocabularyStale) {
        await db.transaction(async (tx) => {
          await rebuildVocabulary(tx);
          await bumpCatalogueVersion(tx);
        });
      }
      await tidyAfterImport(db, changed);
    }
    options.onProgress?.({ phase: 'done', read: total, written: fresh.inserted + fresh.updated, total });
    return fresh;
  }
}

/**
 * One attempt of a run: the plan (what each row would write, read from the catalogue in batches of
 * {@link BATCH}, yielding between them so that other requests are served), then the write in one
 * transaction that holds the import lock and sends only new and changed parts. Fills `report`.
 * @param underLock plan inside the write transaction (the last attempt: nothing can change meanwhile).
 * @returns `stale` when a part the plan writes changed before the write began (nothing written);
 *   otherwise `vocabularyStale`: the run changed the search vocabulary's words ({@link
 *   VOCABULARY_FIELDS}) of too many parts to move them one by one, and the vocabulary must be rebuilt.
 */
async function planAndApply(
  db: Db,
  rows: CatalogueRow[],
  carried: Set<HandEditableField>,
  report: ImportReport,
  options: ImportOptions,
  source: string,
  underLock: boolean,
): Promise<{ vocabularyStale: boolean } | 'stale'> {
  const total = report.rows;
  const prices = new PriceTally();
  const makePlan = async (reader: Executor, pause: boolean): Promise<RunPlan> => {
    const categories = carried.has('category1')
      ? await resolveCategories(reader, rows, false)
      : { ids: new Map<string, number>(), created: [], sentinels: new Map<number, string>() };
    report.categoriesAdded = categories.created;
    const plan: WritePlan = { carried, overwrite: new Set(options.overwriteHandEdits ?? []), source, categoryIds: categories.ids };
    const writes: Record<string, unknown>[] = [];
    const changes: RunChange[] = [];
    const based = new Map<string, ExistingPart>();
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      const existing = await readExisting(
        reader,
        batch.map((r) => r.partNumber),
      );
      const prepared = prepareBatch(batch, existing, plan, prices, report);
      writes.push(...prepared.writes);
      changes.push(...prepared.changes);
      for (const change of prepared.changes) based.set(change.partNumber, existing.get(change.partNumber) as ExistingPart);
      await options.onProgress?.({ phase: 'validating', read: Math.min(start + BATCH, total), written: 0, total });
      if (pause) await new Promise((resolve) => setImmediate(resolve));
    }
    return { writes, changes, based, sentinels: categories.sentinels };
  };
  const keep = options.fullSync ? rows.map((r) => r.partNumber) : [];
  let planned: RunPlan | null = null;
  if (!underLock) {
    planned = await makePlan(db, true);
    // The large-change guard decides before anything is written.
    const activeBefore = await countActive(db);
    if (options.fullSync) report.deactivated = await countDeactivated(db, keep);
    report.priceChanges = prices.summary();
    const reasons = largeChangeReasons(report, activeBefore);
    if (reasons.length > 0 && !options.confirmLarge && !options.dryRun) throw largeChangeError(reasons);
    report.deactivated = 0;
  }
  let beside: WordsBeside | undefined;
  try {
    return await db.transaction(async (tx) => {
      // One writer at a time, across processes too: a second import waits for none and fails fast.
      const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${IMPORT_LOCK_KEY}) as ok`);
      if (!lock?.ok) throw new AppError('CONFLICT', 'Ya hay una importación o sincronización en curso.');
      const run = planned ?? (await makePlan(tx, false));
      const activeBefore = await countActive(tx);
      // The parts whose vocabulary words the run may change: when they are few, their words are
      // read now and moved at the end (vocabularyParts). Reading them locks them, before the check
      // below, so that no hand edit changes one between the check, this read and the write.
      const wordParts = vocabularyParts(run);
      const shift = !options.dryRun && activeBefore > 0 && wordParts.length <= activeBefore * VOCABULARY_SHIFT_MAX_SHARE;
      const wordsBefore = shift ? await lockedWordCounts(tx, wordParts) : undefined;
      if (planned && (await changedSincePlan(tx, run.based))) return 'stale' as const;
      report.activeBefore = activeBefore;
      const filledBefore = await categoriesWithActiveParts(tx);
      if (run.sentinels.size > 0) {
        const { ids } = await resolveCategories(tx, rows, true);
        for (const w of run.writes) {
          const id = w.category_id;
          if (typeof id === 'number' && id < 0) w.category_id = ids.get(run.sentinels.get(id) as string) ?? null;
        }
      }
      // What this run changes is kept so that it can be undone; an older run can no longer be.
      const runId = options.dryRun ? null : await startRun(tx, options.actor ?? 'sistema', source);
      report.unchanged += rows.length - (report.conflicts?.length ?? 0) - run.writes.length;
      let written = 0;
      const deferred = await deferIndexesOnFirstLoad(tx, run.writes.length);
      for (let start = 0; start < run.writes.length; start += BATCH) {
        const batch = run.writes.slice(start, start + BATCH);
        const counts = await upsertBatch(tx, JSON.stringify(batch), batch.length, deferred.empty);
        report.inserted += counts.inserted;
        report.updated += counts.updated;
        report.unchanged += counts.unchanged;
        written += counts.inserted + counts.updated;
        options.onProgress?.({ phase: 'writing', read: total, written, total });
      }
      if (!options.dryRun && deferred.dropped > 0) {
        options.onProgress?.({ phase: 'indexing', read: total, written, total });
        // A first load's vocabulary is counted beside the index builds (countWordsBeside).
        if (deferred.empty && options.sideConnection) beside = countWordsBeside(options.sideConnection, run.writes);
        await deferred.rebuild();
      }
      if (runId !== null) {
        for (let start = 0; start < run.changes.length; start += BATCH)
          await recordChanges(tx, runId, run.changes.slice(start, start + BATCH));
      }
      if (options.fullSync) {
        const gone = await deactivateMissing(tx, keep, runId, wordsBefore !== undefined);
        report.deactivated = gone.count;
        if (wordsBefore) for (const [word, parts] of gone.words) wordsBefore.set(word, (wordsBefore.get(word) ?? 0) + parts);
      }
      if (wordsBefore) await moveWordCounts(tx, wordsBefore, await lockedWordCounts(tx, wordParts));
      // Every part of a first load is new and written as counted: its words are the vocabulary.
      const counted = beside && report.inserted === run.writes.length ? await beside.counts : undefined;
      if (counted) await replaceVocabulary(tx, counted);
      report.priceChanges = prices.summary();
      report.categoriesEmptied = await emptiedCategories(tx, filledBefore);
      report.largeChange = largeChangeReasons(report, activeBefore);
      if (report.largeChange.length > 0 && !options.confirmLarge && !options.dryRun) throw largeChangeError(report.largeChange);
      if (options.dryRun) throw new DryRunRollback();
      if (runId !== null) await finishRun(tx, runId, report);
      if (report.inserted + report.updated + report.deactivated > 0) await bumpCatalogueVersion(tx);
      const wordsChanged = report.inserted > 0 || report.deactivated > 0 || run.changes.some((c) => c.wordsChanged);
      return { vocabularyStale: wordsChanged && !wordsBefore && !counted };
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return { vocabularyStale: false };
    throw error;
  } finally {
    beside?.stop();
  }
}

/**
 * Rows a run must insert into an empty parts table for its secondary indexes to be dropped
 * before the write and built once after it ({@link deferIndexesOnFirstLoad}).
 */
const FIRST_LOAD_MIN_ROWS = 10_000;

/** The secondary indexes a first load dropped, and how to build them again. */
interface DeferredIndexes {
  /** How many indexes were dropped (0 unless this is a first load). */
  dropped: number;
  /**
   * True on a first load: the parts table held no row when the run locked it (dropping its indexes
   * takes its exclusive lock until the commit), so nothing the run writes exists yet.
   */
  empty: boolean;
  /** Builds the dropped indexes again, from their own definitions; nothing when none were dropped. */
  rebuild(): Promise<void>;
}

/**
 * A first load (the parts table holds no row at all, and the run inserts at least
 * {@link FIRST_LOAD_MIN_ROWS}) drops the table's secondary indexes inside the import's transaction,
 * so that its rows are written without keeping them up to date row by row, and {@link
 * DeferredIndexes.rebuild} builds each again from the definition read before dropping it. Keeping
 * the trigram index up to date is most of a large first load's write (docs/performance.md "A first
 * load without index upkeep"; the rule: docs/product.md §11.1). The primary key and unique indexes
 * stay (the write's conflict test reads the part number's). Dropping takes the table's exclusive
 * lock until the commit: reads of the (empty) catalogue wait for the load. A failed or rolled-back
 * run leaves the indexes as they were, like every other change of the transaction. The run's
 * progress is in phase `indexing` while they are built (about 24 s at 1,000,000 parts).
 * @param rows the rows the run writes.
 * @returns what {@link DeferredIndexes.rebuild} builds again (nothing unless this is a first load).
 */
async function deferIndexesOnFirstLoad(tx: Tx, rows: number): Promise<DeferredIndexes> {
  const none: DeferredIndexes = { dropped: 0, empty: false, rebuild: async () => {} };
  if (rows < FIRST_LOAD_MIN_ROWS) return none;
  const [row] = await queryRows<{ empty: boolean }>(tx, sql`select not exists (select 1 from parts) as empty`);
  if (!row?.empty) return none;
  const indexes = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = 'public.parts'::regclass and not i.indisunique and not i.indisprimary`,
  );
  for (const index of indexes) await tx.execute(sql.raw(`drop index public.${quoteIdent(index.name)}`));
  // Asked again under the lock the drops took: a part created between the first question and the lock counts.
  const [locked] = await queryRows<{ empty: boolean }>(tx, sql`select not exists (select 1 from parts) as empty`);
  return {
    dropped: indexes.length,
    empty: indexes.length > 0 && locked?.empty === true,
    rebuild: async () => {
      // The embedded engine sorts inside this process's memory: 16 MB instead of its 64 MB keeps a
      // 100,000-part import command at 424 MB instead of 454 (item 4 of issue 23: below 500).
      const [engine] = await queryRows<{ embedded: boolean }>(tx, sql`select version() like '%emscripten%' as embedded`);
      if (engine?.embedded) await tx.execute(sql`set local maintenance_work_mem = '16MB'`);
      for (const index of indexes) await tx.execute(sql.raw(index.definition));
    },
  };
}

/**
 * Distinct vocabulary values (description, brand, category path) a first load sends per statement
 * to count beside its index builds.
 */
const WORDS_BESIDE_BATCH = 10_000;

/** A vocabulary count running beside a first load ({@link countWordsBeside}). */
interface WordsBeside {
  /** word → parts of the active writes; undefined when the count failed or was stopped (never rejects). */
  counts: Promise<WordCounts | undefined>;
  /** Stops after the statement running; the connection closes then. */
  stop(): void;
}

/**
 * Counts a first load's vocabulary words (search/vocabulary.ts `countWords`) on a connection of
 * its own while the run's transaction builds the parts table's indexes: the trigram index alone
 * keeps one core of the database busy for about half a minute at 1,000,000 parts while this
 * process waits, and a vocabulary rebuilt from the table afterwards took another 15 s
 * (docs/performance.md "A first load's vocabulary beside its index build"; docs/product.md §11.1).
 * Active parts with the same description, brand and category path are sent once, with their
 * number. The statements read no table, so they cannot wait for the run's locks.
 * @param writes the run's planned writes (column name → value): the parts as they are stored.
 */
function countWordsBeside(open: () => Promise<SideConnection>, writes: readonly Record<string, unknown>[]): WordsBeside {
  let stopped = false;
  let side: SideConnection | undefined;
  const counts = (async (): Promise<WordCounts | undefined> => {
    try {
      side = await open();
      const distinct = new Map<string, WordSource>();
      for (const w of writes) {
        // Inactive parts hold no vocabulary word; a path's null names are skipped, as array_to_string does.
        if (w.is_active !== true) continue;
        const description = String(w.description ?? '');
        const brand = w.brand == null ? null : String(w.brand);
        const categoryPath = ((w.category_path ?? []) as unknown[]).filter((name) => name != null).join(' ');
        const key = `${description}\u0000${brand ?? '\u0001'}\u0000${categoryPath}`;
        const known = distinct.get(key);
        if (known) known.parts++;
        else distinct.set(key, { description, brand, categoryPath, parts: 1 });
      }
      const sources = [...distinct.values()];
      const total = new Map<string, number>();
      for (let start = 0; start < sources.length; start += WORDS_BESIDE_BATCH) {
        if (stopped) return undefined;
        for (const [word, parts] of await countWords(side.db, sources.slice(start, start + WORDS_BESIDE_BATCH)))
          total.set(word, (total.get(word) ?? 0) + parts);
      }
      return stopped ? undefined : total;
    } catch {
      // The run goes on without it: the vocabulary is rebuilt after the commit, as for any large run.
      return undefined;
    } finally {
      await side?.close();
    }
  })();
  return {
    counts,
    stop: () => {
      stopped = true;
    },
  };
}

/** A PostgreSQL identifier, quoted. */
function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** What one attempt writes: new and changed parts by column name, their undo rows, the values they were planned on. */
interface RunPlan {
  writes: Record<string, unknown>[];
  changes: RunChange[];
  /** The catalogue's values (and row version) of each part the plan updates, as read while planning. */
  based: Map<string, ExistingPart>;
  /** Placeholder category ids (negative) of categories the run creates, with their path keys. */
  sentinels: Map<number, string>;
}

/**
 * True when a part the plan updates was written since it was read (staff edited it meanwhile, or
 * it was deleted): its row version (`xmin`, which every update of the row renews) differs from the
 * one read while planning. One statement, so the write transaction stays short.
 */
async function changedSincePlan(tx: Tx, based: Map<string, ExistingPart>): Promise<boolean> {
  if (based.size === 0) return false;
  const planned = JSON.stringify([...based].map(([code, part]) => ({ code, version: part.rowVersion })));
  const [row] = await queryRows<{ changed: boolean }>(
    tx,
    sql`select exists (
      select 1 from json_to_recordset(${planned}::json) as x(code text, version text)
      left join parts p on p.part_number = x.code
      where p.xmin::text is distinct from x.version
    ) as changed`,
  );
  return row?.changed === true;
}

function largeChangeError(reasons: string[]): AppError {
  return new AppError(
    'IMPORT_FAILED',
    `${reasons.join(' ')} Revise la vista previa y confirme el cambio grande para aplicarlo; no se aplicó ningún cambio.`,
    { largeChange: reasons },
  );
}

/** Active parts a full sync would deactivate: not in `keep`, and not set active by hand. */
async function countDeactivated(db: Executor, keep: string[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from parts
        where is_active and part_number <> all(${codeList(keep)}) and not ('isActive' = any(hand_edited_fields))`,
  );
  return Number(row?.n ?? 0);
}

/** What separates the part numbers of {@link codeList}'s text: a control character, not a code's. */
const CODE_SEPARATOR = '\u0001';

/**
 * Part numbers as a `text[]` expression: one text that PostgreSQL splits. node-postgres spends
 * 0.8 s of uninterrupted CPU encoding an array parameter of the 1,000,000 codes a full sync keeps,
 * during which a server running the ERP sync answers nothing; joining them takes a few
 * milliseconds. A batch's 2,000 codes as 2,000 parameters (`inArray`) cost Drizzle 4 ms of
 * building per batch, 0.4 s of a 100,000-part run (docs/performance.md "A batch's codes as one
 * parameter"). Split from a parameter, the list is still a constant to the planner, which tests
 * `= any(…)` or `<> all(…)` against a hash of it. When a code holds the separator, an array parameter.
 */
function codeList(codes: string[]): SQL {
  if (codes.some((code) => code.includes(CODE_SEPARATOR))) return sql`${sql.param(codes)}::text[]`;
  return sql`pg_catalog.string_to_array(${codes.join(CODE_SEPARATOR)}::text, ${CODE_SEPARATOR}::text)`;
}

/**
 * Deactivates the active parts a full sync's source no longer lists (never a part staff set active by
 * hand); an applied run keeps them for an undo.
 * @param countWords also count the vocabulary words the deactivated parts held (a run that moves
 *   the vocabulary's counts itself, see {@link vocabularyParts}); else `words` is empty.
 * @returns how many, and those words with how many of the deactivated parts held each.
 */
async function deactivateMissing(
  tx: Tx,
  keep: string[],
  runId: number | null,
  countWords: boolean,
): Promise<{ count: number; words: WordCounts }> {
  const [gone] = await queryRows<{ n: number; words: Record<string, number> | null }>(
    tx,
    sql`with gone as (
          update parts set is_active = false, updated_at = now()
          where is_active and part_number <> all(${codeList(keep)})
            and not ('isActive' = any(hand_edited_fields))
          returning part_number, description, brand, category_path
        ),
        kept as (
          insert into import_run_parts (run_id, part_number, kind)
          select ${runId ?? 0}, part_number, 'deactivated' from gone where ${runId !== null}
          returning 1
        ),
        words as (
          select w.word, count(*)::int as parts
          from gone, public.portal_vocabulary_words(gone.description, gone.brand, gone.category_path) as w(word)
          where ${countWords}
          group by w.word
        )
        select (select count(*) from gone)::int as n, (select count(*) from kept)::int as k,
          (select json_object_agg(word, parts) from words) as words`,
  );
  return { count: Number(gone?.n ?? 0), words: new Map(Object.entries(gone?.words ?? {}).map(([w, n]) => [w, Number(n)])) };
}

/** Source name of runs that give none. */
export const DEFAULT_SOURCE = 'archivo';

/**
 * A source name from a file name: folded, extension, dates and numbers dropped, so that the monthly
 * `Lista 2024-11.xlsx` and `lista_2024-12.xlsx` are one source (`lista`).
 */
export function sourceFromFileName(fileName: string): string {
  const base = path.basename(fileName).replace(/\.[a-z0-9]{1,5}$/i, '');
  const name = foldText(base)
    .replace(/[0-9]+/g, ' ')
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .replace(/\s+/g, '-');
  return name || DEFAULT_SOURCE;
}

/** Why a run needs an explicit confirmation, in Spanish (empty when it does not). */
function largeChangeReasons(report: ImportReport, activeBefore: number): string[] {
  if (activeBefore === 0) return [];
  const reasons: string[] = [];
  // es-AR, as the panel shows numbers: `7.714 de 10.474 … (73,6 %`.
  const pct = (n: number) => (Math.round((n / activeBefore) * 1000) / 10).toLocaleString('es-AR');
  const count = (n: number) => n.toLocaleString('es-AR');
  if (report.deactivated > activeBefore * LARGE_CHANGE.deactivated) {
    reasons.push(
      `Desactivaría ${count(report.deactivated)} de ${count(activeBefore)} productos activos (${pct(report.deactivated)} %, más del ${LARGE_CHANGE.deactivated * 100} %).`,
    );
  }
  const changed = report.priceChanges?.parts ?? 0;
  if (changed > activeBefore * LARGE_CHANGE.priceChanged) {
    reasons.push(
      `Cambiaría los precios de ${count(changed)} de ${count(activeBefore)} productos activos (${pct(changed)} %, más del ${LARGE_CHANGE.priceChanged * 100} %).`,
    );
  }
  return reasons;
}

async function countActive(tx: Executor): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from parts where is_active`);
  return Number(row?.n ?? 0);
}

async function categoriesWithActiveParts(tx: Executor): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select distinct category_id as id from parts where is_active and category_id is not null`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Names (`A › B`) of categories that had active parts before the run and have none now (first 100). */
async function emptiedCategories(tx: Tx, before: Set<number>): Promise<string[]> {
  const after = await categoriesWithActiveParts(tx);
  const emptied = [...before].filter((id) => !after.has(id));
  if (emptied.length === 0) return [];
  const rows = await queryRows<{ id: number; name: string; parent: string | null }>(
    tx,
    sql`select c.id, c.name, p.name as parent from categories c left join categories p on p.id = c.parent_id
        where c.id = any(${sql.param(emptied.slice(0, 100))}::int[]) order by c.name`,
  );
  return rows.map((r) => (r.parent ? `${r.parent} › ${r.name}` : r.name));
}

/**
 * Image references of the rows (not URLs) that name no file under `imageDir`.
 * @returns how many distinct references are missing and the first 50.
 */
async function missingImages(rows: CatalogueRow[], imageDir: string): Promise<{ count: number; first: string[] }> {
  const root = path.resolve(imageDir);
  const names = new Set<string>();
  for (const row of rows) {
    for (const entry of (row.imageUrl ?? '').split(',')) {
      const name = entry.trim();
      if (name && !/^https?:\/\//i.test(name)) names.add(name);
    }
  }
  const missing: string[] = [];
  const list = [...names];
  for (let i = 0; i < list.length; i += 200) {
    const chunk = list.slice(i, i + 200);
    const found = await Promise.all(
      chunk.map(async (name) => {
        const file = path.resolve(root, name.replace(/^\/+/, '').replace(/^images\//, ''));
        if (!file.startsWith(root + path.sep)) return false;
        return fs.access(file).then(
          () => true,
          () => false,
        );
      }),
    );
    chunk.forEach((name, j) => {
      if (!found[j]) missing.push(name);
    });
  }
  return { count: missing.length, first: missing.slice(0, 50) };
}

const pathKey = (path: string[]) => path.map(foldText).join('\u0000');

/**
 * The categories the rows name, level by level, folding accent twins into one category. Among
 * spellings of one new category the one with most accented letters wins (`REFRIGERACIÓN`).
 * @param create insert the missing ones (inside the write transaction); otherwise each missing one
 *   gets a placeholder id (negative, listed in `sentinels` with its path key) and nothing is written.
 * @returns the category id of each distinct path key and the paths (`A › B`) that are new.
 */
async function resolveCategories(
  tx: Executor,
  rows: CatalogueRow[],
  create: boolean,
): Promise<{ ids: Map<string, number>; created: string[]; sentinels: Map<number, string> }> {
  const sentinels = new Map<number, string>();
  const ids = new Map<string, number>();
  const created: string[] = [];
  const spellings = new Map<string, string>();
  const accents = (s: string) => s.normalize('NFD').length - s.length;
  const wanted = new Map<string, string[]>();
  // A catalogue names few distinct paths: each is folded once, not once per row (a million rows
  // name a few thousand; folding every row's took about 2 s of this process, in one stretch).
  const levelsOf = new Map<string, { key: string; path: string[]; name: string; accents: number }[]>();
  const accentsOf = new Map<string, number>();
  for (const row of rows) {
    const spelled = JSON.stringify(row.categoryPath);
    let levels = levelsOf.get(spelled);
    if (!levels) {
      levels = [];
      for (let level = 1; level <= row.categoryPath.length; level++) {
        const path = row.categoryPath.slice(0, level);
        const name = path[level - 1] as string;
        levels.push({ key: pathKey(path), path, name, accents: accents(name) });
      }
      levelsOf.set(spelled, levels);
    }
    for (const { key, path, name, accents: marks } of levels) {
      wanted.set(key, path);
      const best = spellings.get(key);
      if (best === undefined || marks > (accentsOf.get(key) ?? 0)) {
        spellings.set(key, name);
        accentsOf.set(key, marks);
      }
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
      const name = spellings.get(key) as string;
      if (create) {
        const [inserted] = await tx
          .insert(categories)
          .values({ name, nameKey, level: path.length, parentId })
          .returning({ id: categories.id });
        id = (inserted as { id: number }).id;
      } else {
        id = -(sentinels.size + 1);
        sentinels.set(id, key);
      }
      byParentAndKey.set(lookup, id);
      created.push([...path.slice(0, -1), name].join(' › '));
    }
    ids.set(key, id);
  }
  return { ids, created, sentinels };
}

type PartValues = typeof parts.$inferInsert;
type PartField = keyof PartValues;
type PriceListField = `priceList${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`;

/**
 * The columns an import writes with their SQL types for `json_to_recordset`, each under the
 * hand-editable field that owns it. All but `hand_edited_fields` and `source` are compared to tell
 * an updated part from an unchanged one; categoryPath is written but not compared, since it follows
 * category names that staff may have renamed (the id is compared).
 */
const WRITE_COLUMNS: readonly (readonly [field: PartField, type: string, owner: HandEditableField | null])[] = [
  ['partNumber', 'text', null],
  ['description', 'text', 'description'],
  ['brand', 'text', 'brand'],
  ['categoryId', 'integer', 'category1'],
  ['categoryPath', 'text[]', 'category1'],
  ['alternateCodes', 'text[]', 'alternateCodes'],
  ['price', 'numeric(12,2)', 'priceList1'],
  ...PRICE_LIST_TARGETS.map((t) => [t as PriceListField, 'numeric(12,2)', t] as const),
  ['stockQuantity', 'integer', 'stock'],
  ['stockLevel', 'text', 'stock'],
  ['salesUnit', 'text', 'salesUnit'],
  ['imageUrl', 'text', 'imageUrl'],
  ['notes', 'text', 'notes'],
  ['applications', 'text', 'applications'],
  ['documentUrl', 'text', 'documentUrl'],
  ['videoUrl', 'text', 'videoUrl'],
  ['isActive', 'boolean', 'isActive'],
  ['handEditedFields', 'text[]', null],
  ['source', 'text', null],
];

/** Columns written but not compared (bookkeeping, or derived from a compared column). */
const NOT_COMPARED = new Set<PartField>(['partNumber', 'categoryPath', 'handEditedFields', 'source']);

/** SQL column name of a parts field (`priceList1` → `price_list_1`). */
function columnName(field: keyof typeof parts.$inferSelect): string {
  return parts[field].name;
}

const WRITE_FIELDS = WRITE_COLUMNS.map(([field]) => field);
const WRITE_NAMES = WRITE_FIELDS.map((f) => columnName(f as keyof typeof parts.$inferSelect));

/** Records of every written column (a planned write) and of all but the part number (an undo row), all null. */
const WRITE_RECORD = nullRecord(WRITE_NAMES);
const BEFORE_RECORD = nullRecord(WRITE_NAMES.filter((n) => n !== 'part_number'));

function nullRecord(names: readonly string[]): Readonly<Record<string, unknown>> {
  return Object.freeze(Object.fromEntries(names.map((n) => [n, null])));
}

/**
 * A new record with `template`'s keys, all null, to be filled by column name. Filling an empty
 * object key by key left V8 a hash table of about 1.5 kB per part (thirty keys added by computed
 * name): 150 MB of the heap for the planned writes of a 100,000-part import. A copy of one fixed
 * record keeps one shared layout, about 0.3 kB a part (docs/performance.md "The planned writes'
 * memory").
 */
function columnRecord(template: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { ...template };
}

/** A batch's columns as a statement lists them, and its JSON records' shape for `json_to_recordset`. */
const BATCH_SHAPE = {
  columns: WRITE_NAMES.join(', '),
  record: WRITE_COLUMNS.map(([field, type]) => `${columnName(field as keyof typeof parts.$inferSelect)} ${type}`).join(', '),
};

/**
 * The batch statement, built once around its one parameter: the batch as a JSON array of objects
 * keyed by column name, holding each part's final values (hand edits and columns the file does not
 * carry already taken from the catalogue). In one round trip it updates the parts whose values
 * differ, inserts the new part numbers and answers both counts; every part of the statement reads
 * the same snapshot, so a part updated here is not seen as new by the insert. `on conflict do
 * nothing` leaves a part that staff created meanwhile to the next import instead of failing this one.
 */
const UPSERT_SQL = (() => {
  const { columns, record } = BATCH_SHAPE;
  const compared = WRITE_COLUMNS.filter(([f]) => !NOT_COMPARED.has(f)).map(([f]) => columnName(f as keyof typeof parts.$inferSelect));
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
 * {@link UPSERT_SQL} for a first load ({@link DeferredIndexes.empty}): the table was empty when the
 * run took its exclusive lock and each part number comes once in a run, so every write is a new
 * part and the statement only inserts. Skipping the update's join and the insert's existence test
 * costs the database about 0.8 s less per 100,000 parts (docs/performance.md "A first load inserts
 * only"). `on conflict do nothing` stays as the upsert has it, at no measured cost.
 */
const INSERT_SQL = (() => {
  const { columns, record } = BATCH_SHAPE;
  const head = `with inserted as (insert into parts (${columns}) select ${columns} from json_to_recordset(`;
  const tail = `::json) as x(${record})
  on conflict (part_number) do nothing
  returning 1
)
select count(*)::int as inserted, 0 as updated from inserted`;
  return { head: sql.raw(head), tail: sql.raw(tail) };
})();

/** What a run writes: the fields its file carries, the hand edits it may overwrite, its source. */
interface WritePlan {
  carried: Set<HandEditableField>;
  overwrite: Set<HandEditableField>;
  source: string;
  categoryIds: Map<string, number>;
}

/** A part as the import reads it: the written fields, and `rowVersion`, the row's `xmin` (renewed by every update). */
type ExistingPart = Record<PartField, unknown> & {
  handEditedFields: string[];
  source: string | null;
  description: string;
  rowVersion: string;
};

/**
 * The select list of {@link readExisting}: every written column under its field name, and the row's
 * `xmin` as `rowVersion`. Read as plain rows, not through Drizzle's select: mapping 100,000 rows of
 * thirty columns each took Drizzle about 0.4 s of CPU in every import that updates a catalogue
 * (docs/performance.md "The existing parts as plain rows").
 */
const EXISTING_COLUMNS = sql.raw(
  [...WRITE_FIELDS.map((f) => `${columnName(f as keyof typeof parts.$inferSelect)} as "${f}"`), 'xmin::text as "rowVersion"'].join(', '),
);

/** The catalogue's current values of the batch's part numbers. */
async function readExisting(tx: Executor, partNumbers: string[]): Promise<Map<string, ExistingPart>> {
  const found = await queryRows<ExistingPart>(
    tx,
    sql`select ${EXISTING_COLUMNS} from parts where part_number = any(${codeList(partNumbers)})`,
  );
  return new Map(found.map((p) => [p.partNumber as string, p]));
}

/** The values a row brings for every written column (defaults where the file carries nothing). */
function incomingValues(row: CatalogueRow, categoryId: number | null, source: string): Record<PartField, unknown> {
  const values: Partial<Record<PartField, unknown>> = {
    partNumber: row.partNumber,
    description: row.description,
    brand: row.brand,
    categoryId,
    categoryPath: row.categoryPath,
    alternateCodes: row.alternateCodes,
    price: row.price,
    stockQuantity: row.stockQuantity,
    stockLevel: row.stockLevel,
    salesUnit: row.salesUnit ?? '1 unidad',
    imageUrl: row.imageUrl,
    notes: row.notes,
    applications: row.applications,
    documentUrl: row.documentUrl,
    videoUrl: row.videoUrl,
    isActive: true,
    handEditedFields: [],
    source,
  };
  PRICE_LIST_TARGETS.forEach((t, i) => {
    values[t] = row.priceLists[i] ?? null;
  });
  return values as Record<PartField, unknown>;
}

const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  if ((typeof a === 'string' || typeof a === 'number') && (typeof b === 'string' || typeof b === 'number')) {
    return /^-?\d+(\.\d+)?$/.test(String(a)) && /^-?\d+(\.\d+)?$/.test(String(b)) && Number(a) === Number(b);
  }
  return false;
};

/**
 * Final values of one batch (docs/product.md §11.4): a new part takes the row's values; an existing
 * part takes them only for the fields the file carries and that staff did not edit by hand (unless
 * the run overwrites that field), and keeps its own for the rest. A row whose code is another
 * source's different part is reported as a conflict and not written. Price changes are tallied.
 */
function prepareBatch(
  batch: CatalogueRow[],
  existing: Map<string, ExistingPart>,
  plan: WritePlan,
  prices: PriceTally,
  report: ImportReport,
): { writes: Record<string, unknown>[]; changes: RunChange[] } {
  const out: Record<string, unknown>[] = [];
  const changes: RunChange[] = [];
  for (const row of batch) {
    const categoryId = row.categoryPath.length ? (plan.categoryIds.get(pathKey(row.categoryPath)) ?? null) : null;
    const incoming = incomingValues(row, categoryId, plan.source);
    const current = existing.get(row.partNumber);
    let values = incoming;
    if (current) {
      if (current.source && current.source !== plan.source && unrelated(current.description, row.description)) {
        report.conflicts?.push({
          row: row.row,
          partNumber: row.partNumber,
          source: current.source,
          existing: current.description.slice(0, 200),
          incoming: row.description.slice(0, 200),
        });
        continue;
      }
      const edited = new Set(current.handEditedFields);
      const overwritten = new Set<string>();
      values = { ...incoming };
      const keptOwners = new Set<HandEditableField>();
      for (const [field, , owner] of WRITE_COLUMNS) {
        if (owner === null) continue;
        const takesFile = (plan.carried.has(owner) && !row.keep.includes(owner)) || owner === 'isActive';
        if (takesFile && edited.has(owner)) {
          if (plan.overwrite.has(owner)) overwritten.add(owner);
          else {
            if (!sameValue(current[field], incoming[field]) && !keptOwners.has(owner)) {
              keptOwners.add(owner);
              const list = report.keptEdits;
              if (list && list.length < KEPT_EDITS_LISTED) {
                list.push({
                  partNumber: row.partNumber,
                  field: owner,
                  kept: editText(owner, current),
                  incoming: editText(owner, incoming),
                });
              }
            }
            values[field] = current[field];
            continue;
          }
        }
        if (!takesFile) values[field] = current[field];
      }
      report.handEditsKept = (report.handEditsKept ?? 0) + keptOwners.size;
      values.handEditedFields = current.handEditedFields.filter((f) => !overwritten.has(f));
      values.source = current.source ?? plan.source;
      prices.compare(row.partNumber, current, values, plan.carried);
      // An unchanged part is not sent: the write transaction carries only what changes.
      if (!WRITE_COLUMNS.some(([f]) => !NOT_COMPARED.has(f) && !sameValue(current[f], values[f]))) continue;
      const before = columnRecord(BEFORE_RECORD);
      WRITE_FIELDS.forEach((field, c) => {
        if (field !== 'partNumber') before[WRITE_NAMES[c] as string] = current[field];
      });
      const wordsChanged = VOCABULARY_FIELDS.some((f) => !sameValue(current[f], values[f]));
      changes.push({ partNumber: row.partNumber, kind: 'updated', before, wordsChanged });
    }
    const json = columnRecord(WRITE_RECORD);
    WRITE_FIELDS.forEach((field, c) => {
      json[WRITE_NAMES[c] as string] = values[field];
    });
    out.push(json);
  }
  return { writes: out, changes };
}

/**
 * A hand-editable field of a part as a person reads it in the preview: a price list's amount, the
 * stock's quantity with its level (`3 (Bajo Stock)`), the category path (`A › B`), codes separated
 * by commas, `Activo`/`Inactivo`; null when empty.
 */
function editText(owner: HandEditableField, values: Record<PartField, unknown>): string | null {
  const plain = (value: unknown): string | null => {
    if (value === null || value === undefined) return null;
    if (Array.isArray(value)) return value.length ? value.join(', ') : null;
    const t = String(value);
    return t === '' ? null : t.slice(0, 200);
  };
  switch (owner) {
    case 'category1':
      return Array.isArray(values.categoryPath) && values.categoryPath.length ? values.categoryPath.join(' › ') : null;
    case 'stock':
      return values.stockQuantity === null || values.stockQuantity === undefined
        ? plain(values.stockLevel)
        : `${values.stockQuantity} (${String(values.stockLevel)})`;
    case 'isActive':
      return values.isActive === false ? 'Inactivo' : 'Activo';
    default:
      return plain(values[owner as PartField]);
  }
}

/**
 * One part an applied run updates, as kept for its undo (`before` by column name). Parts a run
 * inserts are not listed: their `created_at` is the run's own transaction time.
 */
interface RunChange {
  partNumber: string;
  kind: 'updated';
  before: Record<string, unknown>;
  /** The update changes a field the search's vocabulary is built from ({@link VOCABULARY_FIELDS}). */
  wordsChanged: boolean;
}

/**
 * Largest share of the active parts whose vocabulary words a run moves itself (read before the
 * write and after it, the difference applied: {@link vocabularyParts}); a run changing more
 * rebuilds the whole vocabulary after its commit, which reads every active part once instead of
 * these twice.
 */
const VOCABULARY_SHIFT_MAX_SHARE = 0.2;

/**
 * The part numbers whose vocabulary words a run may change: the parts it inserts and those whose
 * update changes one of {@link VOCABULARY_FIELDS}. The words of the parts a full sync
 * deactivates come from {@link deactivateMissing} itself.
 */
function vocabularyParts(run: RunPlan): string[] {
  const updated = new Set(run.changes.map((c) => c.partNumber));
  const codes = run.changes.filter((c) => c.wordsChanged).map((c) => c.partNumber);
  for (const write of run.writes) {
    const code = write.part_number as string;
    if (!updated.has(code)) codes.push(code);
  }
  return codes;
}

/**
 * The part fields the search's vocabulary is built from (its words: description, brand, category
 * path; of active parts only; migration 0020). A run that inserts no part, deactivates none and
 * changes none of these, as a repricing or a stock update, leaves the vocabulary as it is.
 */
const VOCABULARY_FIELDS: readonly PartField[] = ['description', 'brand', 'categoryId', 'isActive'];

/** Starts an applied run's record; older runs keep their rows until it ends ({@link finishRun}). */
async function startRun(tx: Tx, actor: string, source: string): Promise<number> {
  const [run] = await tx
    .insert(importRuns)
    .values({ actor: actor.slice(0, 120), source, summary: {} })
    .returning({ id: importRuns.id });
  return (run as { id: number }).id;
}

/** Keeps a batch's updated parts for the undo: one statement, the batch as one JSON parameter. */
async function recordChanges(tx: Tx, runId: number, changes: RunChange[]): Promise<void> {
  if (changes.length === 0) return;
  const json = JSON.stringify(changes.map((c) => ({ part_number: c.partNumber, kind: c.kind, before: c.before })));
  await tx.execute(
    sql`insert into import_run_parts (run_id, part_number, kind, before)
        select ${runId}, x.part_number, x.kind, x.before from json_to_recordset(${json}::json) as x(part_number text, kind text, before jsonb)`,
  );
}

/**
 * Ends an applied run's record with its counts. A run that changed nothing leaves none, and the
 * run before it can still be undone (importing the same file again is harmless, docs/product.md
 * §11.4); a run that changed parts drops the older runs' rows, since only the newest can be undone.
 */
async function finishRun(tx: Tx, runId: number, report: ImportReport): Promise<void> {
  if (report.inserted + report.updated + report.deactivated === 0) {
    await tx.delete(importRuns).where(eq(importRuns.id, runId));
    return;
  }
  await tx.delete(importRunParts).where(ne(importRunParts.runId, runId));
  const summary = {
    format: report.format,
    rows: report.rows,
    inserted: report.inserted,
    updated: report.updated,
    unchanged: report.unchanged,
    deactivated: report.deactivated,
    rejected: report.rejected,
  };
  await tx.update(importRuns).set({ summary }).where(eq(importRuns.id, runId));
}

/** The newest applied run, as the panel's undo shows it before asking (docs/product.md §11.4). */
export interface LastImportRun {
  id: number;
  createdAt: string;
  actor: string;
  source: string;
  summary: Record<string, unknown>;
  /** When it was undone; null while it can be undone. */
  undoneAt: string | null;
  /** What an undo would do: parts restored to their values before, parts deactivated, reactivated. */
  changes: { updated: number; inserted: number; deactivated: number };
}

/**
 * The newest applied import or sync, or null when none was recorded. The parts it inserted are its
 * summary's `inserted` until it is undone (parts are never deleted, and a run's new parts are
 * those created in its transaction, as `undoLastImport` finds them): counting them in the table
 * read every part, 0.3 s at 1,000,000 parts each time the panel's Importar page opened.
 */
export async function lastImportRun(db: Db | Tx): Promise<LastImportRun | null> {
  const [run] = await db.select().from(importRuns).orderBy(desc(importRuns.id)).limit(1);
  if (!run) return null;
  const counts = await queryRows<{ kind: string; n: number }>(
    db,
    sql`select kind, count(*)::int as n from import_run_parts where run_id = ${run.id} group by kind`,
  );
  const of = (kind: string) => Number(counts.find((c) => c.kind === kind)?.n ?? 0);
  const inserted = run.undoneAt === null ? Number((run.summary as { inserted?: unknown }).inserted ?? 0) : 0;
  return {
    id: run.id,
    createdAt: run.createdAt.toISOString(),
    actor: run.actor,
    source: run.source,
    summary: run.summary as Record<string, unknown>,
    undoneAt: run.undoneAt ? run.undoneAt.toISOString() : null,
    changes: { updated: of('updated'), inserted, deactivated: of('deactivated') },
  };
}

/** What an undo did (parts touched by hand after the run are left as they are and counted apart). */
export interface UndoReport {
  runId: number;
  restored: number;
  deactivated: number;
  reactivated: number;
  /** Parts changed again after the run (by hand): left as they are. */
  skipped: number;
}

/**
 * Undoes the newest applied import or sync (docs/product.md §11.4): parts it updated get their
 * values back, parts it inserted become inactive (never deleted: a pedido may name them), parts it
 * deactivated become active again. A part changed after the run is left as it is. One transaction,
 * under the import lock. The search vocabulary follows as after a run: the undone parts' words
 * moved when they are at most a fifth of the active parts, else rebuilt.
 * @throws AppError NOT_FOUND when there is no run to undo; CONFLICT while an import runs.
 */
export async function undoLastImport(db: Db): Promise<UndoReport> {
  const result = await db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${IMPORT_LOCK_KEY}) as ok`);
    if (!lock?.ok) throw new AppError('CONFLICT', 'Ya hay una importación o sincronización en curso.');
    const run = await lastImportRun(tx);
    if (!run || run.undoneAt !== null) throw new AppError('NOT_FOUND', 'No hay una importación para deshacer.');
    const untouched = sql`p.updated_at <= (select created_at from import_runs where id = ${run.id})`;
    // The parts whose vocabulary words the undo may change: those the run updated or deactivated,
    // and those it inserted (the undo deactivates them). When they are few their words are read
    // now, which locks them, and moved at the end.
    const wordParts = (
      await queryRows<{ code: string }>(
        tx,
        sql`select part_number as code from import_run_parts where run_id = ${run.id}
            union select p.part_number from parts p where p.created_at = (select created_at from import_runs where id = ${run.id})`,
      )
    ).map((r) => r.code);
    const shift = wordParts.length <= (await countActive(tx)) * VOCABULARY_SHIFT_MAX_SHARE;
    const wordsBefore = shift ? await lockedWordCounts(tx, wordParts) : undefined;
    const columns = WRITE_NAMES.filter((n) => n !== 'part_number');
    const restored = await executeCount(
      tx,
      sql`update parts p set (${sql.raw(columns.join(', '))}, updated_at) =
            (select ${sql.raw(columns.map((c) => `b.${c}`).join(', '))}, now() from jsonb_populate_record(null::public.parts, c.before) b)
          from import_run_parts c
          where c.run_id = ${run.id} and c.kind = 'updated' and p.part_number = c.part_number and ${untouched}`,
    );
    // The parts the run inserted carry its transaction time as their creation time.
    const deactivated = await executeCount(
      tx,
      sql`update parts p set is_active = false, updated_at = now()
          where p.created_at = (select created_at from import_runs where id = ${run.id}) and p.is_active and ${untouched}`,
    );
    const reactivated = await executeCount(
      tx,
      sql`update parts p set is_active = true, updated_at = now() from import_run_parts c
          where c.run_id = ${run.id} and c.kind = 'deactivated' and p.part_number = c.part_number and not p.is_active and ${untouched}`,
    );
    const total = run.changes.updated + run.changes.inserted + run.changes.deactivated;
    await tx.update(importRuns).set({ undoneAt: sql`now()` }).where(eq(importRuns.id, run.id));
    await tx.delete(importRunParts).where(eq(importRunParts.runId, run.id));
    if (wordsBefore) await moveWordCounts(tx, wordsBefore, await lockedWordCounts(tx, wordParts));
    if (restored + deactivated + reactivated > 0) {
      if (!wordsBefore) await rebuildVocabulary(tx);
      await bumpCatalogueVersion(tx);
    }
    return { runId: run.id, restored, deactivated, reactivated, skipped: Math.max(0, total - restored - deactivated - reactivated) };
  });
  await tidyAfterImport(db, result.restored + result.deactivated + result.reactivated);
  return result;
}

/** Words of `min`+ letters or digits of a description, folded. */
const words = (text: string, min: number) =>
  new Set(
    foldText(text)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= min),
  );

/**
 * True when two descriptions under one code share no word of 3+ characters: another part, not a
 * corrected description ("Filtro de aire" and "Bulón de rueda"; not "CORREA 4PK 640" and "Correa
 * 4PK 640 (Gates)"). A description with no such word (`PC 5/8"X8" CB C/T`, a measure) is compared
 * by all its words, so it is never another part of itself (docs/product.md §11.4).
 */
function unrelated(a: string, b: string): boolean {
  let left = words(a, 3);
  let right = words(b, 3);
  if (left.size === 0 || right.size === 0) {
    left = words(a, 1);
    right = words(b, 1);
  }
  for (const w of right) if (left.has(w)) return false;
  return true;
}

/** Counts price changes of existing parts per list and keeps the largest (docs/product.md §11.4). */
class PriceTally {
  private readonly lists = Array.from({ length: PRICE_LIST_COUNT }, (_, i) => ({
    list: i + 1,
    up: 0,
    down: 0,
    added: 0,
    removed: 0,
    sumPercent: 0,
  }));
  private readonly changed = new Set<string>();
  private largest: PriceChange[] = [];

  compare(
    partNumber: string,
    before: Record<PartField, unknown>,
    after: Record<PartField, unknown>,
    carried: Set<HandEditableField>,
  ): void {
    PRICE_LIST_TARGETS.forEach((t, i) => {
      if (!carried.has(t)) return;
      const b = before[t] === null || before[t] === undefined ? null : String(before[t]);
      const a = after[t] === null || after[t] === undefined ? null : String(after[t]);
      if (sameValue(a, b)) return;
      const tally = this.lists[i] as (typeof this.lists)[number];
      this.changed.add(partNumber);
      let percent: number | null = null;
      if (b === null) tally.added++;
      else if (a === null) tally.removed++;
      else {
        percent = Math.round(((Number(a) - Number(b)) / Number(b)) * 10000) / 100;
        if (Number(a) > Number(b)) tally.up++;
        else tally.down++;
        tally.sumPercent += percent;
      }
      this.keep({ partNumber, list: i + 1, before: b, after: a, percent });
    });
  }

  private keep(change: PriceChange): void {
    const size = (c: PriceChange) => (c.percent === null ? -1 : Math.abs(c.percent));
    if (this.largest.length >= 20 && size(change) <= size(this.largest[this.largest.length - 1] as PriceChange)) return;
    this.largest.push(change);
    this.largest.sort((x, y) => size(y) - size(x));
    if (this.largest.length > 20) this.largest.length = 20;
  }

  summary(): NonNullable<ImportReport['priceChanges']> {
    return {
      parts: this.changed.size,
      lists: this.lists
        .filter((l) => l.up + l.down + l.added + l.removed > 0)
        .map(({ sumPercent, ...l }) => ({
          ...l,
          meanPercent: l.up + l.down > 0 ? Math.round((sumPercent / (l.up + l.down)) * 100) / 100 : null,
        })),
      largest: this.largest,
    };
  }
}

/**
 * Sends one batch (see {@link UPSERT_SQL}; with `insertOnly`, {@link INSERT_SQL}); resolves with its
 * counts once the database answers.
 */
async function upsertBatch(
  tx: Tx,
  json: string,
  size: number,
  insertOnly: boolean,
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  if (size === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const statement = insertOnly ? INSERT_SQL : UPSERT_SQL;
  const [counts] = await queryRows<{ inserted: number; updated: number }>(tx, sql`${statement.head}${json}${statement.tail}`);
  const inserted = Number(counts?.inserted ?? 0);
  const updated = Number(counts?.updated ?? 0);
  return { inserted, updated, unchanged: size - inserted - updated };
}
