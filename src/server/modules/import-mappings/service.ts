/**
 * Column mappings of the import (issue 17 item 1, docs/product.md §11.3): what a file's columns
 * would feed before anything is written ({@link detectColumns}), and the mappings staff save by
 * name (table `import_mappings`) for the next upload (`mappingName=`) and for the ERP sync (the
 * mapping named `erp`). Names match ignoring case. Every save and delete is audited.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { ColumnAssignment } from '../../../shared/import.ts';
import {
  COLUMN_SAMPLE_ROWS,
  type ColumnsResponse,
  ERP_MAPPING_NAME,
  type ImportMapping,
  MAX_MAPPED_COLUMNS,
} from '../../../shared/import-mappings.ts';
import type { Db, Executor } from '../../db/client.ts';
import { importMappings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { assignmentsOf, mapHeaders, normalizeHeader } from '../import/map.ts';
import { parseSource } from '../import/parse.ts';

/** Longest sample value shown under a column, characters (longer ones end in `…`). */
const SAMPLE_CHARS = 120;

type Row = typeof importMappings.$inferSelect;

const present = (row: Row): ImportMapping => ({
  name: row.name,
  assignments: row.assignments as ColumnAssignment[],
  updatedBy: row.updatedBy,
  updatedAt: row.updatedAt.toISOString(),
});

const byName = (name: string) => sql`lower(${importMappings.name}) = lower(${name})`;

/** Every saved mapping, by name. */
export async function listMappings(db: Executor): Promise<ImportMapping[]> {
  const rows = await db
    .select()
    .from(importMappings)
    .orderBy(asc(sql`lower(${importMappings.name})`));
  return rows.map(present);
}

/** The saved mapping of that name (any case), or null. */
async function findMapping(db: Executor, name: string): Promise<ImportMapping | null> {
  const [row] = await db.select().from(importMappings).where(byName(name)).limit(1);
  return row ? present(row) : null;
}

/**
 * The assignments of a saved mapping an upload names (`mappingName=`).
 * @throws AppError VALIDATION (400) when no mapping has that name.
 */
export async function mappingAssignments(db: Executor, name: string): Promise<ColumnAssignment[]> {
  const mapping = await findMapping(db, name);
  if (!mapping) throw new AppError('VALIDATION', `No hay un mapeo de columnas guardado con el nombre «${name}».`);
  return mapping.assignments;
}

/**
 * Saves a mapping under a name, replacing the one of that name in any case (audited
 * `import_mapping.save`, with the assignments before and after). `ERP` in any case is stored as
 * `erp`, the name the ERP sync reads (sync/erp.ts).
 * @returns the mapping and whether it was created.
 */
export async function saveMapping(
  db: Db,
  actor: Actor,
  name: string,
  assignments: ColumnAssignment[],
): Promise<{ mapping: ImportMapping; created: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(importMappings).where(byName(name)).for('update');
    const stored = name.toLowerCase() === ERP_MAPPING_NAME ? ERP_MAPPING_NAME : name;
    const values = { name: stored, assignments, updatedBy: actor.username, updatedAt: sql`now()` };
    const [row] = before
      ? await tx.update(importMappings).set(values).where(eq(importMappings.name, before.name)).returning()
      : await tx.insert(importMappings).values(values).returning();
    const mapping = present(row as Row);
    await recordAudit(tx, actor, {
      action: 'import_mapping.save',
      entity: 'import_mapping',
      entityId: mapping.name,
      before: before ? { name: before.name, assignments: before.assignments } : null,
      after: { name: mapping.name, assignments },
    });
    return { mapping, created: !before };
  });
}

/**
 * Deletes a saved mapping (audited `import_mapping.delete`).
 * @throws AppError NOT_FOUND (404) when no mapping has that name.
 */
export async function deleteMapping(db: Db, actor: Actor, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(importMappings).where(byName(name)).returning();
    if (!before) throw new AppError('NOT_FOUND', `No hay un mapeo de columnas guardado con el nombre «${name}».`);
    await recordAudit(tx, actor, {
      action: 'import_mapping.delete',
      entity: 'import_mapping',
      entityId: before.name,
      before: { name: before.name, assignments: before.assignments },
    });
  });
}

function sampleText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SAMPLE_CHARS ? `${flat.slice(0, SAMPLE_CHARS - 1)}…` : flat;
}

/**
 * Reads a file's columns for the mapping step (`POST /api/admin/import/columns`); writes nothing.
 * Columns come in the file's order (for JSON, the order keys first appear); each carries its values
 * in the first {@link COLUMN_SAMPLE_ROWS} non-blank rows. The assignments are the import's own:
 * the explicit ones first (a saved or given mapping), aliases for the other targets, cost columns
 * ignored with the reason. Explicit assignments naming a column the file lacks are left out and
 * returned as `missing` rather than refused, so a mapping saved for another file still helps.
 * @throws AppError IMPORT_FAILED (422) when the file cannot be read (see `parseSource`).
 */
export async function detectColumns(buffer: Buffer, explicit: readonly ColumnAssignment[] = []): Promise<ColumnsResponse> {
  const { format, records } = await parseSource(buffer);
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    for (const key of Object.keys(record.values)) {
      if (key === '__invalid' || seen.has(key)) continue;
      seen.add(key);
      headers.push(key);
    }
  }
  const byNormal = new Set(headers.map(normalizeHeader));
  const applicable: ColumnAssignment[] = [];
  const missing: ColumnAssignment[] = [];
  for (const a of explicit) {
    (seen.has(a.column) || byNormal.has(normalizeHeader(a.column)) ? applicable : missing).push(a);
  }
  const map = mapHeaders(headers, applicable);
  const erpPrices = new Set(map.fields.priceLists ?? []);
  const samples = records
    .filter((r) => !('__invalid' in r.values) && Object.values(r.values).some((v) => sampleText(v) !== ''))
    .slice(0, COLUMN_SAMPLE_ROWS);
  const listed = headers.slice(0, MAX_MAPPED_COLUMNS);
  return {
    format,
    records: records.length,
    sampleRows: samples.map((r) => r.row),
    columns: listed.map((name) => ({
      name,
      samples: samples.map((r) => sampleText(r.values[name])),
      special: erpPrices.has(name) ? 'priceLists' : null,
    })),
    truncated: headers.length > listed.length,
    assignments: assignmentsOf(map),
    ignored: map.ignored,
    missing,
  };
}
