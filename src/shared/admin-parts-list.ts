/**
 * Filters of the panel's parts list and of its spreadsheet (issue 21 item 4; docs/product.md §10.2
 * "Repuestos"): `GET /api/admin/parts` and `GET /api/admin/parts/export.xlsx` take the same ones.
 */
import * as z from 'zod/mini';

/** The list's "Estado" filter: only active or only inactive parts (absent: both). */
export const PART_STATUSES = ['active', 'inactive'] as const;
export type PartStatusFilter = (typeof PART_STATUSES)[number];

/** A query flag: `true` turns the filter on; `false` or absent leaves it off. */
const flag = (label: string) =>
  z.optional(
    z.pipe(
      z.enum(['true', 'false'], { error: `${label} debe ser true o false` }),
      z.transform((v) => v === 'true'),
    ),
  );

const LIST_ERROR = 'La lista de precios va de 1 a 10';

/**
 * The list's filters, all optional and combined (all must hold): `categoryId` (with its
 * descendants), `brand` (exact, any case), `search` (the admin's part search), `status`,
 * `withoutPhoto` (no image), `withoutPrice` (no price in list `priceList`), `handEdited` (some field
 * edited by hand). `priceList` (1–10, default 1) is the list the "Precio" column shows.
 */
export const partListFilterShape = {
  search: z.optional(z.string().check(z.trim(), z.maxLength(200, { error: 'La búsqueda admite hasta 200 caracteres' }))),
  categoryId: z.optional(
    z.coerce
      .number({ error: 'La categoría debe ser un número de categoría' })
      .check(z.int({ error: 'La categoría debe ser un número de categoría' }), z.gte(1, { error: 'La categoría no existe' })),
  ),
  brand: z.optional(z.string().check(z.trim(), z.maxLength(120, { error: 'La marca admite hasta 120 caracteres' }))),
  status: z.optional(z.enum(PART_STATUSES, { error: 'El estado debe ser active o inactive' })),
  withoutPhoto: flag('Sin foto'),
  withoutPrice: flag('Sin precio'),
  handEdited: flag('Editado a mano'),
  priceList: z._default(
    z.coerce
      .number({ error: LIST_ERROR })
      .check(z.int({ error: LIST_ERROR }), z.gte(1, { error: LIST_ERROR }), z.lte(10, { error: LIST_ERROR })),
    1,
  ),
};

/** Query of `GET /api/admin/parts/export.xlsx`: the list's filters without page and limit. */
export const partListFiltersSchema = z.object(partListFilterShape);
export type PartListFilters = z.output<typeof partListFiltersSchema>;
