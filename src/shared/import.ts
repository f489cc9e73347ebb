/**
 * The import's column mapping (docs/product.md §11.3): which source column feeds which catalogue
 * field. Shared by the CLI (`--map`, `--mapping`), the server and the panel.
 */
import * as z from 'zod/mini';

/** Price list targets `priceList1` … `priceList10`. */
export const PRICE_LIST_TARGETS = [
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
] as const;

/** Fields a source column feeds one to one, and that a person can also edit on a part. */
const PART_FIELD_TARGETS = [
  'stock',
  'salesUnit',
  'imageUrl',
  'alternateCodes',
  'notes',
  'applications',
  'documentUrl',
  'videoUrl',
] as const;

/** Every field a source column can feed. */
export const IMPORT_TARGETS = [
  'partNumber',
  'description',
  'category1',
  'category2',
  'category3',
  'brand',
  ...PART_FIELD_TARGETS,
  ...PRICE_LIST_TARGETS,
] as const;

export type ImportTarget = (typeof IMPORT_TARGETS)[number];
export type PriceListTarget = (typeof PRICE_LIST_TARGETS)[number];

/** One explicit assignment: `column` feeds `target`, or is left out (`ignore`). */
export const columnAssignmentSchema = z.object({
  target: z.enum([...IMPORT_TARGETS, 'ignore'], { error: 'Destino de columna desconocido.' }),
  column: z.string().check(z.minLength(1, 'Falta el nombre de la columna.'), z.maxLength(200)),
});
export type ColumnAssignment = z.infer<typeof columnAssignmentSchema>;

/**
 * A list of assignments as an upload's `mapping` parameter (JSON) or a saved mapping carries it;
 * each assignment is checked, the list as a whole is not (see import-mappings.ts for that).
 */
export const columnMappingSchema = z.array(columnAssignmentSchema);

/** How rows that repeat a part number are handled (docs/product.md §11.3). */
export const DUPLICATE_MODES = ['merge', 'keep-first', 'reject-file'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];

/**
 * Hand-edited field names (`parts.hand_edited_fields`): the import targets a person can edit on a
 * part, plus `isActive`. A field listed on a part is kept by later imports unless the run overwrites it.
 */
export const HAND_EDITABLE_FIELDS = [
  'description',
  'brand',
  'category1',
  ...PRICE_LIST_TARGETS,
  ...PART_FIELD_TARGETS,
  'isActive',
] as const;
export type HandEditableField = (typeof HAND_EDITABLE_FIELDS)[number];

/**
 * Parses CLI `--map target=column` entries (the column may hold `=` and spaces).
 * @returns the assignments in order, or the Spanish message of the first bad entry.
 */
export function parseMapEntries(entries: readonly string[]): { assignments: ColumnAssignment[] } | { error: string } {
  const assignments: ColumnAssignment[] = [];
  for (const entry of entries) {
    const at = entry.indexOf('=');
    const parsed = columnAssignmentSchema.safeParse({ target: entry.slice(0, at).trim(), column: entry.slice(at + 1).trim() });
    if (at <= 0 || !parsed.success) {
      return { error: `--map ${entry}: use destino=columna, con destino uno de ${[...IMPORT_TARGETS, 'ignore'].join(', ')}.` };
    }
    assignments.push(parsed.data);
  }
  return { assignments };
}

/**
 * Reads a mapping file's JSON: an object of target → column (`"ignore"` and `"alternateCodes"` may
 * take a list of columns), e.g. `{"partNumber": "c", "priceList1": "p", "ignore": ["costo"]}`.
 */
export function mappingFromJson(value: unknown): { assignments: ColumnAssignment[] } | { error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'El archivo de mapeo debe ser un objeto JSON de destino → columna.' };
  }
  const entries: string[] = [];
  for (const [target, columns] of Object.entries(value)) {
    const list = Array.isArray(columns) ? columns : [columns];
    for (const column of list) {
      if (typeof column !== 'string') return { error: `Mapeo de «${target}»: la columna debe ser un texto.` };
      entries.push(`${target}=${column}`);
    }
  }
  return parseMapEntries(entries);
}

const count = () => z.number().check(z.int());

/** `GET /api/admin/import/last-run`: the newest applied import or sync and what undoing it would do. */
export const lastImportRunSchema = z.object({
  run: z.nullable(
    z.object({
      id: count(),
      createdAt: z.string(),
      actor: z.string(),
      source: z.string(),
      summary: z.record(z.string(), z.unknown()),
      undoneAt: z.nullable(z.string()),
      changes: z.object({ updated: count(), inserted: count(), deactivated: count() }),
    }),
  ),
});

/** `POST /api/admin/import/undo`: what the undo did. */
export const undoReportSchema = z.object({
  runId: count(),
  restored: count(),
  deactivated: count(),
  reactivated: count(),
  skipped: count(),
});

/**
 * A price cell the import could not read (`consultar`, `-50`, `1e20`, `12,34,56`): the row is
 * imported without that price and the preview warns of it (docs/product.md §11.3–11.4).
 */
export const unreadablePriceSchema = z.object({ row: count(), partNumber: z.string(), list: count(), text: z.string() });

/** One hand edit a run keeps (docs/product.md §11.4): the part, the field, its value and the file's, as text. */
export const keptEditSchema = z.object({
  partNumber: z.string(),
  field: z.enum(HAND_EDITABLE_FIELDS),
  kept: z.nullable(z.string()),
  incoming: z.nullable(z.string()),
});
export type KeptEditBody = z.infer<typeof keptEditSchema>;

/**
 * The name of an import's source (docs/product.md §11.4): the panel's "Fuente" field (`source` of
 * `POST /api/admin/import`) and the CLI's `--source`. Parts remember the source that created them,
 * and another source's different part under the same code is a conflict. Absent, the file's name is
 * the source.
 */
export const importSourceSchema = z
  .string({ error: 'La fuente debe ser un texto.' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'Indique el nombre de la fuente, o deje el campo vacío para usar el nombre del archivo.' }),
    z.maxLength(120, { error: 'La fuente admite hasta 120 caracteres.' }),
  );
