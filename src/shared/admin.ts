/**
 * Admin contract (docs/product.md §10, §12): price lists per profile, part administration (sales
 * unit, multimedia), category visibility, related parts (carousel drafts: carousels.ts). Admin responses may
 * carry every price list; public ones never do.
 */
import * as z from 'zod/mini';
import { partListFilterShape } from './admin-parts-list.ts';
import { COLLECTIONS } from './api.ts';
import { columnAssignmentSchema, DUPLICATE_MODES, importSourceSchema, keptEditSchema, unreadablePriceSchema } from './import.ts';
import { mappingNameSchema } from './import-mappings.ts';
import { int } from './int.ts';

const money = z.nullable(z.string().check(z.regex(/^\d+\.\d{2}$/)));

export const profileSchema = z.object({
  profileType: z.enum(['guest', 'client', 'distributor']),
  priceList: z.number().check(z.int(), z.gte(1), z.lte(10)),
});
/** `GET /api/profiles`: each profile's price list. */
export const profileListSchema = z.array(profileSchema);
/** Params of `POST /api/profiles/:profileType/price-list`. */
export const profileTypeParamsSchema = z.object({ profileType: z.enum(['guest', 'client', 'distributor']) });
export const priceListBodySchema = z.object({
  priceList: z.coerce
    .number({ error: 'La lista de precios debe ser un número' })
    .check(
      z.int({ error: 'La lista de precios debe ser un número entero' }),
      z.gte(1, { error: 'La lista de precios va de 1 a 10' }),
      z.lte(10, { error: 'La lista de precios va de 1 a 10' }),
    ),
});

/** A part as admins see it: every price list, admin-owned fields and whether it is active. */
export const adminPartSchema = z.object({
  id: int(),
  partNumber: z.string(),
  description: z.string(),
  brand: z.nullable(z.string()),
  categoryId: z.nullable(int()),
  categoryPath: z.array(z.string()),
  price: money,
  priceLists: z.array(money).check(z.length(10)),
  discountPercentage: z.number(),
  stockLevel: z.string(),
  salesUnit: z.string(),
  imageUrl: z.nullable(z.string()),
  documentUrl: z.nullable(z.string()),
  videoUrl: z.nullable(z.string()),
  isActive: z.boolean(),
});
export type AdminPart = z.infer<typeof adminPartSchema>;
/** `GET /api/products/search-for-relation`. */
export const adminPartListSchema = z.array(adminPartSchema);

/** Query of `GET /api/admin/parts`: a page of the list's filters (admin-parts-list.ts). */
export const adminPartsQuerySchema = z.object({
  ...partListFilterShape,
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  /** Restrict to parts in a carousel draft (`featured`…) or not in it, for the add lists. */
  excludeCollection: z.optional(z.enum(COLLECTIONS)),
});
/** A part of the panel's lists: the admin part plus units in stock and the fields edited by hand. */
export const adminListPartSchema = z.extend(adminPartSchema, {
  stockQuantity: z.nullable(int()),
  handEditedFields: z.array(z.string()),
});
export type AdminListPart = z.infer<typeof adminListPartSchema>;
export const adminPartsResponseSchema = z.object({
  parts: z.array(adminListPartSchema),
  total: int(),
  page: int(),
  limit: int(),
});

export const SALES_UNIT_EMPTY = 'La unidad de venta no puede estar vacía';
export const salesUnitBodySchema = z.object({
  salesUnit: z
    .string({ error: SALES_UNIT_EMPTY })
    .check(
      z.trim(),
      z.minLength(1, { error: SALES_UNIT_EMPTY }),
      z.maxLength(60, { error: 'La unidad de venta admite hasta 60 caracteres' }),
    ),
});

const httpUrl = z.string().check(
  z.trim(),
  z.maxLength(2000, { error: 'La URL admite hasta 2000 caracteres' }),
  z.refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: 'Solo se aceptan URLs http(s)' }),
);
export const multimediaBodySchema = z
  .object({ documentUrl: z.optional(z.nullable(httpUrl)), videoUrl: z.optional(z.nullable(httpUrl)) })
  .check(z.refine((b) => b.documentUrl !== undefined || b.videoUrl !== undefined, { error: 'Indique documentUrl o videoUrl' }));

export const visibilityBodySchema = z.object({
  updates: z
    .array(z.object({ categoryId: z.number().check(z.int(), z.gte(1)), isVisible: z.boolean() }))
    .check(z.minLength(1, { error: 'No hay cambios para guardar' }), z.maxLength(10_000, { error: 'Hasta 10.000 cambios por vez' })),
});

/** Answer of `PUT /api/categories/visibility`: categories changed. */
export const visibilityResponseSchema = z.object({ updated: int() });

export const flatCategorySchema = z.object({
  id: int(),
  name: z.string(),
  level: int(),
  parentId: z.nullable(int()),
  isVisible: z.boolean(),
});
/** `GET /api/categories`: every category, flat. */
export const flatCategoryListSchema = z.array(flatCategorySchema);

export const relatedBodySchema = z.object({ relatedProductId: z.coerce.number().check(z.int(), z.gte(1)) });
/** Answer of `GET /api/products/:id/relations`. */
export const relationsResponseSchema = z.object({ relatedProducts: z.array(adminPartSchema) });
/** Params of `DELETE /api/products/:id/related/:relatedId`. */
export const relationParamsSchema = z.object({
  id: z.coerce.number().check(z.int(), z.gte(1)),
  relatedId: z.coerce.number().check(z.int(), z.gte(1)),
});
export const relationSearchQuerySchema = z.object({
  query: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, { error: 'Ingrese al menos 2 caracteres' }),
      z.maxLength(200, { error: 'La búsqueda admite hasta 200 caracteres' }),
    ),
  excludeId: z.optional(z.coerce.number().check(z.int(), z.gte(1))),
});

/** One audit row: who changed what, when, with the state before and after. */
export const auditEntrySchema = z.object({
  id: int(),
  createdAt: z.string(),
  actorId: z.nullable(int()),
  actorUsername: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
});

/** Live state of a catalogue import or ERP sync (polled by the debug page and the import dialog). */
export const importReportSchema = z.object({
  format: z.string(),
  rows: int(),
  inserted: int(),
  updated: int(),
  unchanged: int(),
  deactivated: int(),
  rejected: int(),
  rejections: z.array(z.object({ row: int(), partNumber: z.optional(z.string()), reason: z.string() })),
  blank: z.optional(int()),
  headings: z.optional(z.array(z.object({ row: int(), text: z.string() }))),
  merged: z.optional(z.array(z.object({ row: int(), into: int(), partNumber: z.string() }))),
  duplicates: z.optional(z.array(z.object({ partNumber: z.string(), rows: z.array(int()), descriptions: z.array(z.string()) }))),
  conflicts: z.optional(
    z.array(z.object({ row: int(), partNumber: z.string(), source: z.string(), existing: z.string(), incoming: z.string() })),
  ),
  priceChanges: z.optional(
    z.object({
      parts: int(),
      lists: z.array(
        z.object({
          list: int(),
          up: int(),
          down: int(),
          added: int(),
          removed: int(),
          meanPercent: z.nullable(z.number()),
        }),
      ),
      largest: z.array(
        z.object({
          partNumber: z.string(),
          list: int(),
          before: z.nullable(z.string()),
          after: z.nullable(z.string()),
          percent: z.nullable(z.number()),
        }),
      ),
    }),
  ),
  categoriesAdded: z.optional(z.array(z.string())),
  categoriesEmptied: z.optional(z.array(z.string())),
  handEditsKept: z.optional(int()),
  missingImages: z.optional(z.object({ count: int(), first: z.array(z.string()) })),
  assignments: z.optional(z.array(columnAssignmentSchema)),
  ignoredColumns: z.optional(z.array(z.object({ column: z.string(), reason: z.string() }))),
  activeBefore: z.optional(int()),
  /** Why the run needs an explicit confirmation of a large change (empty when it does not). */
  largeChange: z.optional(z.array(z.string())),
  /** True for a preview: nothing was written. */
  dryRun: z.optional(z.boolean()),
  /** The hand edits the run keeps, the first 50 (`handEditsKept` counts them all; docs/product.md §11.4). */
  keptEdits: z.optional(z.array(keptEditSchema)),
  /** Rows whose price cell could not be read: how many, and the first 100 (docs/product.md §11.3). */
  unreadablePrices: z.optional(z.object({ count: int(), first: z.array(unreadablePriceSchema) })),
});

export const jobStateSchema = z.object({
  id: int(),
  kind: z.enum(['sync', 'upload']),
  status: z.enum(['running', 'done', 'failed']),
  progress: z.object({
    /** `indexing`: every row written, the search indexes and vocabulary are being brought up to date. */
    phase: z.enum(['reading', 'validating', 'writing', 'indexing', 'done']),
    read: int(),
    written: int(),
    total: int(),
  }),
  report: z.nullable(importReportSchema),
  error: z.nullable(z.string()),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  actor: z.string(),
});
export type JobStateBody = z.infer<typeof jobStateSchema>;
export const jobResponseSchema = z.object({ job: z.nullable(jobStateSchema) });

/** One raw ERP record as the debug page shows it (docs/product.md §10.4). */
export const rawRecordSchema = z.object({
  row: int(),
  code: z.string(),
  description: z.string(),
  categories: z.array(z.string()).check(z.length(3)),
  priceLists: z.array(z.nullable(z.string())).check(z.length(10)),
  stock: z.string(),
  image: z.string(),
  /** Why the importer would reject this record, if it would. */
  rejection: z.nullable(z.string()),
});
export const rawApiResponseSchema = z.object({
  source: z.string(),
  total: int(),
  records: z.array(rawRecordSchema),
});

/** Largest catalogue file accepted by the panel's import, bytes. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
const flag = z._default(z.enum(['true', 'false'], { error: 'debe ser true o false' }), 'false');

/**
 * Query of `POST /api/debug/sync` (docs/product.md §11.4): `dryRun=true` computes the preview and
 * changes nothing; `confirmLarge=true` is the second, explicit confirmation a large change needs.
 */
export const syncQuerySchema = z.object({ dryRun: flag, confirmLarge: flag });

/**
 * Query of `POST /api/admin/import`: the uploaded file's name (audit trail and source name), the
 * preview and confirmation flags, how repeated codes are handled, which hand-edited fields the file
 * may overwrite (comma-separated), and an explicit column mapping as JSON (`[{target, column}]`)
 * or the name of a saved one (`mappingName`).
 */
export const uploadQuerySchema = z
  .object({
    filename: z.optional(z.string().check(z.maxLength(200))),
    dryRun: flag,
    confirmLarge: flag,
    duplicates: z._default(z.enum(DUPLICATE_MODES, { error: 'debe ser merge, keep-first o reject-file' }), 'merge'),
    overwrite: z.optional(z.string().check(z.maxLength(400))),
    mapping: z.optional(z.string().check(z.maxLength(8000))),
    /** A mapping saved by name (`import_mappings`), instead of `mapping`. */
    mappingName: z.optional(mappingNameSchema),
    /** The source's name (docs/product.md §11.4); absent, the file's name. */
    source: z.optional(importSourceSchema),
  })
  .check(z.refine((q) => q.mapping === undefined || q.mappingName === undefined, { error: 'Indique mappingName o mapping, no ambos.' }));

/** Body of `PATCH /api/users/:id/client-code`. */
export const clientCodeBodySchema = z.object({
  clientCode: z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(40, { error: 'El código de cliente admite hasta 40 caracteres' }))),
  ),
});

/** Body of `PATCH /api/users/:id/type`: clients and distributors only (an admin stays an admin). */
export const userTypeBodySchema = z.object({
  profileType: z.enum(['client', 'distributor'], { error: 'El tipo debe ser Cliente o Distribuidor' }),
});

/** Body of `PATCH /api/users/:id`: the fields to change; an empty text clears a field. */
export const userUpdateBodySchema = z.object({
  username: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(3, { error: 'El usuario debe tener al menos 3 caracteres' }),
        z.maxLength(60, { error: 'El usuario admite hasta 60 caracteres' }),
      ),
  ),
  fullName: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(120, { error: 'El nombre admite hasta 120 caracteres' })))),
  email: z.optional(z.nullable(z.union([z.email({ error: 'El email no es válido' }), z.literal('')], { error: 'El email no es válido' }))),
  phone: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(40, { error: 'El teléfono admite hasta 40 caracteres' })))),
  company: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(120, { error: 'La empresa admite hasta 120 caracteres' })))),
  clientCode: clientCodeBodySchema.shape.clientCode,
  profileType: z.optional(userTypeBodySchema.shape.profileType),
});
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

/** Statuses of a part request, as admins set them. */
export const PART_REQUEST_STATUSES = ['pending', 'reviewed', 'completed'] as const;
export type PartRequestStatus = (typeof PART_REQUEST_STATUSES)[number];
/** Body of `PATCH /api/part-requests/:id/status`. */
export const partRequestStatusBodySchema = z.object({
  status: z.enum(PART_REQUEST_STATUSES, { error: 'El estado debe ser pendiente, revisada o completada' }),
});

/** Query of `GET /api/admin/jobs`: how many past runs, newest first. */
export const jobHistoryQuerySchema = z.object({
  limit: z._default(
    z.coerce
      .number({ error: 'El límite debe ser un número' })
      .check(
        z.int({ error: 'El límite debe ser un número entero' }),
        z.gte(1, { error: 'El límite va de 1 a 100' }),
        z.lte(100, { error: 'El límite va de 1 a 100' }),
      ),
    20,
  ),
});

/**
 * Result of a past run: `ok` applied, `preview` a dry run (nothing written), `failed` failed or was
 * refused (large change, too many rejected rows; `error` says why), `skipped` a scheduled sync that
 * did not run because another job held the slot.
 */
export const JOB_RESULTS = ['running', 'ok', 'preview', 'failed', 'skipped'] as const;

/** One past import or sync as `/debug` lists it (docs/product.md §11.5). */
export const jobHistoryEntrySchema = z.object({
  /** The job's id; null for a skipped scheduled sync (it had no job). */
  jobId: z.nullable(int()),
  kind: z.enum(['sync', 'upload']),
  /** `manual`: started from the panel or `/debug` by `actor`; `scheduled`: by `ERP_SYNC_CRON`. */
  trigger: z.enum(['manual', 'scheduled']),
  actor: z.string(),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  result: z.enum(JOB_RESULTS),
  error: z.nullable(z.string()),
  /** The report's counts, for a run that finished (applied or preview). */
  counts: z.nullable(z.object({ inserted: int(), updated: int(), unchanged: int(), deactivated: int(), rejected: int() })),
  /** The uploaded file's name (null for a sync; absent for a run recorded before it was kept). */
  file: z.optional(z.nullable(z.string())),
});
export type JobHistoryEntry = z.infer<typeof jobHistoryEntrySchema>;
export const jobHistoryResponseSchema = z.object({ runs: z.array(jobHistoryEntrySchema) });
