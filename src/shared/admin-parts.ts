/**
 * Contract of the part editor and the Historial tab (issue 21 items 1 and 5; docs/product.md §10.2):
 * `GET/PATCH /api/admin/parts/:id` and `GET /api/admin/audit`. Admin answers may carry every price list.
 */
import * as z from 'zod/mini';
import { adminPartSchema, auditEntrySchema } from './admin.ts';
import { type HandEditableField, PRICE_LIST_TARGETS, type PriceListTarget } from './import.ts';
import { int } from './int.ts';

/** Names of the fields an editor marks as edited by hand: the import's own names, which it keeps. */
export type { HandEditableField };

/** The ten price list field names, list 1 first (the import's target names). */
export const PRICE_LIST_FIELDS = PRICE_LIST_TARGETS;
export type PriceListField = PriceListTarget;

/** A part with everything the editor shows: the admin part plus notes, codes, stock and hand edits. */
export const partDetailSchema = z.extend(adminPartSchema, {
  alternateCodes: z.array(z.string()),
  notes: z.nullable(z.string()),
  applications: z.nullable(z.string()),
  /** Units in stock, or null when the source gave a text (the level) or nothing. */
  stockQuantity: z.nullable(int()),
  handEditedFields: z.array(z.string()),
  updatedAt: z.string(),
});
export type PartDetail = z.infer<typeof partDetailSchema>;

const PRICE_ERROR = 'El precio debe ser un importe mayor que cero con hasta 2 decimales (ej. 1234.50), o vacío para "Consultar Precio"';
/** A price list value: a positive amount (number or "1234.50") below 10.000.000.000, or null for no price. */
const priceValue = z.optional(
  z.nullable(
    z.pipe(
      z.union([z.number({ error: PRICE_ERROR }), z.string({ error: PRICE_ERROR })], { error: PRICE_ERROR }),
      z.transform((v, ctx) => {
        const s = typeof v === 'number' ? String(v) : v.trim();
        if (s === '') return null;
        if (!/^\d{1,10}(\.\d{1,2})?$/.test(s) || Number(s) <= 0 || Number(s) >= 1e10) {
          ctx.issues.push({ code: 'custom', message: PRICE_ERROR, input: v });
          return z.NEVER;
        }
        return Number(s).toFixed(2);
      }),
    ),
  ),
);

const optionalText = (max: number, label: string) =>
  z.optional(
    z.nullable(
      z
        .string({ error: `${label} debe ser un texto` })
        .check(z.trim(), z.maxLength(max, { error: `${label} admite hasta ${max} caracteres` })),
    ),
  );

const DESCRIPTION_EMPTY = 'La descripción no puede estar vacía';
const SALES_UNIT_EMPTY = 'La unidad de venta no puede estar vacía';

/**
 * Body of `PATCH /api/admin/parts/:id`: only the fields to change. Texts are trimmed; an empty brand,
 * note or application clears it; an empty or null price means "Consultar Precio" for that list.
 * `stock` is the quantity in units (the level "En Stock"/"Bajo Stock"/"Sin Stock" follows `LOW_STOCK`).
 */
export const partEditBodySchema = z
  .object({
    description: z.optional(
      z
        .string({ error: DESCRIPTION_EMPTY })
        .check(
          z.trim(),
          z.minLength(1, { error: DESCRIPTION_EMPTY }),
          z.maxLength(500, { error: 'La descripción admite hasta 500 caracteres' }),
        ),
    ),
    brand: optionalText(120, 'La marca'),
    categoryId: z.optional(
      z.nullable(
        z
          .number({ error: 'La categoría debe ser un número de categoría' })
          .check(z.int({ error: 'La categoría debe ser un número de categoría' }), z.gte(1, { error: 'La categoría no existe' })),
      ),
    ),
    priceList1: priceValue,
    priceList2: priceValue,
    priceList3: priceValue,
    priceList4: priceValue,
    priceList5: priceValue,
    priceList6: priceValue,
    priceList7: priceValue,
    priceList8: priceValue,
    priceList9: priceValue,
    priceList10: priceValue,
    stock: z.optional(
      z
        .number({ error: 'El stock debe ser un número entero de unidades' })
        .check(
          z.int({ error: 'El stock debe ser un número entero de unidades' }),
          z.gte(0, { error: 'El stock no puede ser negativo' }),
          z.lte(2_000_000_000, { error: 'El stock es demasiado grande' }),
        ),
    ),
    salesUnit: z.optional(
      z
        .string({ error: SALES_UNIT_EMPTY })
        .check(
          z.trim(),
          z.minLength(1, { error: SALES_UNIT_EMPTY }),
          z.maxLength(60, { error: 'La unidad de venta admite hasta 60 caracteres' }),
        ),
    ),
    alternateCodes: z.optional(
      z
        .array(
          z
            .string({ error: 'Cada código alternativo debe ser un texto' })
            .check(z.trim(), z.maxLength(60, { error: 'Cada código alternativo admite hasta 60 caracteres' })),
          { error: 'Los códigos alternativos deben ser una lista' },
        )
        .check(z.maxLength(50, { error: 'Se admiten hasta 50 códigos alternativos' })),
    ),
    notes: optionalText(4000, 'Las notas'),
    applications: optionalText(4000, 'Las aplicaciones'),
    isActive: z.optional(z.boolean({ error: 'Activo debe ser sí o no' })),
  })
  .check(z.refine((b) => Object.values(b).some((v) => v !== undefined), { error: 'No hay cambios para guardar' }));
export type PartEditBody = z.input<typeof partEditBodySchema>;

/** A calendar day `YYYY-MM-DD` (Argentina time). */
const day = (label: string) =>
  z.optional(
    z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} debe ser una fecha AAAA-MM-DD` }),
      z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: `${label} no es una fecha válida` }),
    ),
  );

/**
 * Query of `GET /api/admin/audit`: who (`actor`, part of the username), what kind (`entity`, and
 * `entityId`), which part (`part`: its code or id — its own edits, relations and carousel entries),
 * from/to days (inclusive, Argentina time); newest first, `page` of `limit` (1–200, default 50).
 */
export const auditQuerySchema = z.object({
  actor: z.optional(z.string().check(z.trim(), z.maxLength(60, { error: 'La persona admite hasta 60 caracteres' }))),
  entity: z.optional(z.string().check(z.trim(), z.maxLength(40, { error: 'El tipo admite hasta 40 caracteres' }))),
  entityId: z.optional(z.string().check(z.trim(), z.maxLength(60, { error: 'El identificador admite hasta 60 caracteres' }))),
  part: z.optional(z.string().check(z.trim(), z.maxLength(120, { error: 'El repuesto admite hasta 120 caracteres' }))),
  from: day('Desde'),
  to: day('Hasta'),
  page: z._default(
    z.coerce
      .number({ error: 'La página debe ser un número' })
      .check(z.int({ error: 'La página debe ser un número entero' }), z.gte(1, { error: 'La página empieza en 1' }), z.lte(100_000)),
    1,
  ),
  limit: z._default(
    z.coerce
      .number({ error: 'El tamaño de página debe ser un número' })
      .check(z.int(), z.gte(1, { error: 'El tamaño de página va de 1 a 200' }), z.lte(200, { error: 'El tamaño de página va de 1 a 200' })),
    50,
  ),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Answer of `GET /api/admin/audit`: one page of entries, newest first, and the total matching. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: int(),
  page: int(),
  limit: int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
