/**
 * Contract of the panel's column-mapping step and of the mappings saved by name (issue 17 item 1,
 * docs/product.md §11.2–11.3): `POST /api/admin/import/columns` answers a file's columns with their
 * first rows and the automatic assignments; `GET/PUT/DELETE /api/admin/import-mappings[/:name]`
 * keep mappings for the next file, and the one named {@link ERP_MAPPING_NAME} for the ERP sync.
 */
import * as z from 'zod/mini';
import { type ColumnAssignment, columnAssignmentSchema, IMPORT_TARGETS, type ImportTarget, PRICE_LIST_TARGETS } from './import.ts';

/** The saved mapping the ERP sync applies (`POST /api/debug/sync`). */
export const ERP_MAPPING_NAME = 'erp';

/** Rows of the file shown under each column by the mapping step. */
export const COLUMN_SAMPLE_ROWS = 5;

/** Most columns the mapping step lists (a JSON source may hold any keys). */
export const MAX_MAPPED_COLUMNS = 300;

/** Most assignments a saved mapping holds. */
const MAX_MAPPING_ASSIGNMENTS = 300;

/** Spanish label of each target, as the panel's selects show them. */
export const IMPORT_TARGET_LABELS: Record<ImportTarget | 'ignore', string> = {
  partNumber: 'Código',
  description: 'Descripción',
  category1: 'Categoría 1',
  category2: 'Categoría 2',
  category3: 'Categoría 3',
  brand: 'Marca',
  stock: 'Stock',
  salesUnit: 'Unidad de venta',
  imageUrl: 'Imagen',
  alternateCodes: 'Códigos alternativos',
  notes: 'Observaciones',
  applications: 'Aplicaciones',
  documentUrl: 'Documento (URL)',
  videoUrl: 'Video (URL)',
  ...(Object.fromEntries(PRICE_LIST_TARGETS.map((t, i) => [t, `Lista de precios ${i + 1}`])) as Record<
    (typeof PRICE_LIST_TARGETS)[number],
    string
  >),
  ignore: 'Ignorar (no importar)',
};

/**
 * A mapping's name: 1–60 characters, letters (accents too), digits, spaces, `.`, `_` and `-`,
 * trimmed. Names are kept as written; `erp` feeds the sync.
 */
export const mappingNameSchema = z.string({ error: 'Indique el nombre del mapeo.' }).check(
  z.trim(),
  z.minLength(1, { error: 'Indique el nombre del mapeo.' }),
  z.maxLength(60, { error: 'El nombre del mapeo admite hasta 60 caracteres.' }),
  z.regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, {
    error: 'El nombre del mapeo admite letras, números, espacios, punto, guion y guion bajo, y empieza con letra o número.',
  }),
);

/**
 * The Spanish message of the first problem of a list of assignments: a column assigned twice, or a
 * target other than `alternateCodes` and `ignore` fed by two columns; null when the list is sound.
 */
export function assignmentsProblem(assignments: readonly ColumnAssignment[]): string | null {
  const columns = new Set<string>();
  const targets = new Set<string>();
  for (const { target, column } of assignments) {
    if (columns.has(column)) return `La columna «${column}» está asignada más de una vez.`;
    columns.add(column);
    if (target === 'ignore' || target === 'alternateCodes') continue;
    if (targets.has(target)) return `«${IMPORT_TARGET_LABELS[target]}» está asignado a más de una columna.`;
    targets.add(target);
  }
  return null;
}

/** A list of explicit assignments, each column once and each single-column target once. */
export const assignmentListSchema = z.array(columnAssignmentSchema).check(
  z.maxLength(MAX_MAPPING_ASSIGNMENTS, { error: `Un mapeo admite hasta ${MAX_MAPPING_ASSIGNMENTS} columnas.` }),
  z.superRefine((assignments, ctx) => {
    const problem = assignmentsProblem(assignments);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: assignments });
  }),
);

/** Params of `PUT`/`DELETE /api/admin/import-mappings/:name`. */
export const mappingNameParamsSchema = z.object({ name: mappingNameSchema });

/** Body of `PUT /api/admin/import-mappings/:name`: the assignments, at least one. */
export const importMappingBodySchema = z.object({
  assignments: assignmentListSchema.check(z.minLength(1, { error: 'El mapeo necesita al menos una columna asignada.' })),
});

/** A saved mapping; `updatedAt` as ISO 8601 UTC. */
export const importMappingSchema = z.object({
  name: z.string(),
  assignments: z.array(columnAssignmentSchema),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** Answer of `GET /api/admin/import-mappings`: every saved mapping by name. */
export const importMappingsResponseSchema = z.object({ mappings: z.array(importMappingSchema) });

/**
 * Query of `POST /api/admin/import/columns`: start from a saved mapping (`mappingName`) or from
 * explicit assignments (`mapping`, JSON list of `{target, column}`, as the upload takes it).
 */
export const columnsQuerySchema = z
  .object({
    mappingName: z.optional(mappingNameSchema),
    mapping: z.optional(z.string().check(z.maxLength(8000, { error: 'El mapeo de columnas es demasiado largo.' }))),
  })
  .check(z.refine((q) => q.mapping === undefined || q.mappingName === undefined, { error: 'Indique mappingName o mapping, no ambos.' }));

/** One column of the file: its header and its values in the first {@link COLUMN_SAMPLE_ROWS} rows. */
const detectedColumnSchema = z.object({
  name: z.string(),
  samples: z.array(z.string()),
  /**
   * A column the importer reads by itself without a target of its own: `priceLists` is an ERP
   * `precios` cell holding every list (`"a-b-c"`), used unless a price list is assigned explicitly.
   */
  special: z.nullable(z.enum(['priceLists'])),
});

/** Answer of `POST /api/admin/import/columns` (nothing is written). */
export const columnsResponseSchema = z.object({
  format: z.enum(['json', 'csv', 'xlsx']),
  /** Records read from the file (every row below the header). */
  records: z.number(),
  /** Row numbers of the sample rows, as a person sees them in the file. */
  sampleRows: z.array(z.number()),
  columns: z.array(detectedColumnSchema),
  /** Whether the file has more columns than {@link MAX_MAPPED_COLUMNS} (the rest are not listed). */
  truncated: z.boolean(),
  /** The assignments the import would use: explicit first, aliases for the rest, cost columns ignored. */
  assignments: z.array(columnAssignmentSchema),
  /** Columns left out on purpose, with the reason (cost columns, `ignore`). */
  ignored: z.array(z.object({ column: z.string(), reason: z.string() })),
  /** Assignments of the saved or given mapping naming a column this file lacks (left out). */
  missing: z.array(columnAssignmentSchema),
});
export type ColumnsResponse = z.infer<typeof columnsResponseSchema>;

/** Every target a column can take in the panel, in the order its select lists them. */
export const ASSIGNABLE_TARGETS = [...IMPORT_TARGETS, 'ignore'] as const;
