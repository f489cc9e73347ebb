/**
 * Admin contract (spec section 7 "Admin"): price lists per profile, part administration (sales
 * unit, multimedia), category visibility, related parts and carousel drafts. Admin responses may
 * carry every price list; public ones never do.
 */
import { z } from 'zod';
import { COLLECTIONS } from './api.ts';

const money = z.string().regex(/^\d+\.\d{2}$/).nullable();

export const profileSchema = z.object({
  profileType: z.enum(['guest', 'client', 'distributor']),
  priceList: z.number().int().min(1).max(10),
});
export const priceListBodySchema = z.object({
  priceList: z.coerce
    .number({ error: 'La lista de precios debe ser un número' })
    .int({ error: 'La lista de precios debe ser un número entero' })
    .min(1, { error: 'La lista de precios va de 1 a 10' })
    .max(10, { error: 'La lista de precios va de 1 a 10' }),
});

/** A part as admins see it: every price list, admin-owned fields and whether it is active. */
export const adminPartSchema = z.object({
  id: z.number().int(),
  partNumber: z.string(),
  description: z.string(),
  brand: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryPath: z.array(z.string()),
  price: money,
  priceLists: z.array(money).length(10),
  discountPercentage: z.number(),
  stockLevel: z.string(),
  salesUnit: z.string(),
  imageUrl: z.string().nullable(),
  documentUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  isActive: z.boolean(),
});
export type AdminPart = z.infer<typeof adminPartSchema>;

export const adminPartsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  search: z.string().trim().max(200).optional(),
  /** Restrict to parts in a carousel draft (`featured`…) or not in it, for the add lists. */
  excludeCollection: z.enum(COLLECTIONS).optional(),
});
export const adminPartsResponseSchema = z.object({
  parts: z.array(adminPartSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const SALES_UNIT_EMPTY = 'La unidad de venta no puede estar vacía';
export const salesUnitBodySchema = z.object({
  salesUnit: z
    .string({ error: SALES_UNIT_EMPTY })
    .trim()
    .min(1, { error: SALES_UNIT_EMPTY })
    .max(60, { error: 'La unidad de venta admite hasta 60 caracteres' }),
});

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: 'Solo se aceptan URLs http(s)' });
export const multimediaBodySchema = z
  .object({ documentUrl: httpUrl.nullable().optional(), videoUrl: httpUrl.nullable().optional() })
  .refine((b) => b.documentUrl !== undefined || b.videoUrl !== undefined, { error: 'Indique documentUrl o videoUrl' });

export const visibilityBodySchema = z.object({
  updates: z
    .array(z.object({ categoryId: z.number().int().min(1), isVisible: z.boolean() }))
    .min(1, { error: 'No hay cambios para guardar' })
    .max(10_000),
});

export const flatCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  parentId: z.number().int().nullable(),
  isVisible: z.boolean(),
});

export const relatedBodySchema = z.object({ relatedProductId: z.coerce.number().int().min(1) });
export const relationSearchQuerySchema = z.object({
  query: z.string().trim().min(2, { error: 'Ingrese al menos 2 caracteres' }).max(200),
  excludeId: z.coerce.number().int().min(1).optional(),
});

export const carouselBodySchema = z.object({
  category: z.enum(COLLECTIONS),
  action: z.enum(['add', 'remove', 'update-discount']),
  discountPercentage: z.coerce
    .number({ error: 'El descuento debe ser un número' })
    .min(0, { error: 'El descuento va de 0 a 100' })
    .max(100, { error: 'El descuento va de 0 a 100' })
    .optional(),
});

export const carouselEntrySchema = z.object({
  partId: z.number().int(),
  partNumber: z.string(),
  description: z.string(),
  discountPercentage: z.number(),
  position: z.number().int(),
  isActive: z.boolean(),
});
export const carouselDraftSchema = z.object({
  featured: z.array(carouselEntrySchema),
  'new-arrivals': z.array(carouselEntrySchema),
  'on-sale': z.array(carouselEntrySchema),
  /** True when the draft differs from what the public sees. */
  hasUnpublishedChanges: z.boolean(),
});

export const discountedProductSchema = z.object({
  partId: z.number().int(),
  partNumber: z.string(),
  discountPercentage: z.number(),
  originalPriceList1: money,
  originalPriceList2: money,
  originalPriceList4: money,
});

/** One audit row: who changed what, when, with the state before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorId: z.number().int().nullable(),
  actorUsername: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

/** Live state of a catalogue import or ERP sync (polled by the debug page and the import dialog). */
export const importReportSchema = z.object({
  format: z.string(),
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deactivated: z.number().int(),
  rejected: z.number().int(),
  rejections: z.array(z.object({ row: z.number().int(), partNumber: z.string().optional(), reason: z.string() })),
});
export type ImportReportBody = z.infer<typeof importReportSchema>;

export const jobStateSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['sync', 'upload']),
  status: z.enum(['running', 'done', 'failed']),
  progress: z.object({
    phase: z.enum(['reading', 'validating', 'writing', 'done']),
    read: z.number().int(),
    written: z.number().int(),
    total: z.number().int(),
  }),
  report: importReportSchema.nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  actor: z.string(),
});
export type JobStateBody = z.infer<typeof jobStateSchema>;
export const jobResponseSchema = z.object({ job: jobStateSchema.nullable() });

/** One raw ERP record as the debug page shows it (spec 2 "Debug page"). */
export const rawRecordSchema = z.object({
  row: z.number().int(),
  code: z.string(),
  description: z.string(),
  categories: z.array(z.string()).length(3),
  priceLists: z.array(z.string().nullable()).length(10),
  stock: z.string(),
  image: z.string(),
  /** Why the importer would reject this record, if it would. */
  rejection: z.string().nullable(),
});
export const rawApiResponseSchema = z.object({
  source: z.string(),
  total: z.number().int(),
  records: z.array(rawRecordSchema),
});

/** Largest catalogue file accepted by the panel's import, bytes. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
