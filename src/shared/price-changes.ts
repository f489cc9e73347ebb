/**
 * Bulk price changes (issue 21 item 3; docs/product.md §10.2 "Cambiar precios"): the contract of
 * `POST /api/admin/prices/bulk` (preview and apply), `GET /api/admin/prices/bulk/last` and
 * `POST /api/admin/prices/bulk/undo`. Amounts are ARS strings with two decimals ("1234.50").
 */
import * as z from 'zod/mini';
import { int } from './int.ts';

const money = z.string().check(z.regex(/^-?\d+\.\d{2}$/));

/** Rounding of a new price: to the cent, to whole pesos or to tens of pesos (half up). */
export const ROUNDINGS = ['cents', 'pesos', 'tens'] as const;
export type Rounding = (typeof ROUNDINGS)[number];
export const ROUNDING_LABELS: Record<Rounding, string> = {
  cents: 'Centavos',
  pesos: 'Pesos enteros',
  tens: 'Decenas de pesos',
};

/** Over this share of a list's prices (percent) a change is large and needs `confirmLarge`. */
export const LARGE_SHARE_PERCENT = 30;
/** A price moving more than this (percent of its old value) makes the change large. */
export const LARGE_STEP_PERCENT = 50;
/** Rows of the preview's sample. */
export const PREVIEW_ROWS = 50;

const LIST_ERROR = 'La lista de precios va de 1 a 10';
const priceList = (label: string) =>
  z
    .number({ error: `${label} debe ser un número de 1 a 10` })
    .check(z.int({ error: LIST_ERROR }), z.gte(1, { error: LIST_ERROR }), z.lte(10, { error: LIST_ERROR }));

/** `value` written with at most `decimals` decimals (no exponent: 1e-7 is refused). */
const hasDecimals = (value: number, decimals: number) => new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`).test(String(value));

const FILTER_EMPTY = 'Elija a qué repuestos aplicar el cambio: una categoría, una marca, una búsqueda o todos';

/**
 * Which parts a bulk change covers (active and inactive alike): `all: true`, or any of a category
 * (with its descendants), a brand (exact, any case) and a search (the admin's part search), which
 * must all hold.
 */
export const bulkFilterSchema = z
  .object(
    {
      all: z.optional(z.boolean({ error: 'all debe ser true o false' })),
      categoryId: z.optional(
        z
          .number({ error: 'La categoría debe ser un número de categoría' })
          .check(z.int({ error: 'La categoría debe ser un número de categoría' }), z.gte(1, { error: 'La categoría no existe' })),
      ),
      brand: z.optional(
        z
          .string({ error: 'La marca debe ser un texto' })
          .check(z.trim(), z.maxLength(120, { error: 'La marca admite hasta 120 caracteres' })),
      ),
      search: z.optional(
        z
          .string({ error: 'La búsqueda debe ser un texto' })
          .check(z.trim(), z.maxLength(200, { error: 'La búsqueda admite hasta 200 caracteres' })),
      ),
    },
    { error: FILTER_EMPTY },
  )
  .check(
    z.refine((f) => (f.all === true) !== Boolean(f.categoryId || f.brand || f.search), {
      error: 'Elija todos los repuestos o un filtro (categoría, marca o búsqueda), no ambos ni ninguno',
    }),
  );
export type BulkFilter = z.output<typeof bulkFilterSchema>;

/**
 * Body of `POST /api/admin/prices/bulk`: list `priceList` (1–10) of the parts `filter` selects gets
 * either its own price plus `percent` (−99.99…1000, not 0, up to 2 decimals: 8 = +8 %, −5 = −5 %) or
 * list `fromList`'s price times `factor` (above 0, at most 100, up to 4 decimals), rounded by
 * `rounding`. `apply: false` (default) answers the preview; `apply: true` applies it, and a large
 * change (over {@link LARGE_SHARE_PERCENT} % of the list's prices, or a price moving more than
 * {@link LARGE_STEP_PERCENT} %) also needs `confirmLarge: true`.
 */
export const bulkPriceBodySchema = z
  .object({
    filter: bulkFilterSchema,
    priceList: priceList('La lista de precios'),
    percent: z.optional(
      z.number({ error: 'El porcentaje debe ser un número' }).check(
        z.refine((v) => v !== 0, { error: 'El porcentaje no puede ser 0' }),
        z.gt(-100, { error: 'El porcentaje debe ser mayor que -100' }),
        z.lte(1000, { error: 'El porcentaje admite hasta 1000' }),
        z.refine((v) => hasDecimals(v, 2), { error: 'El porcentaje admite hasta 2 decimales' }),
      ),
    ),
    fromList: z.optional(priceList('La lista de origen')),
    factor: z.optional(
      z.number({ error: 'El factor debe ser un número' }).check(
        z.gt(0, { error: 'El factor debe ser mayor que 0' }),
        z.lte(100, { error: 'El factor admite hasta 100' }),
        z.refine((v) => hasDecimals(v, 4), { error: 'El factor admite hasta 4 decimales' }),
      ),
    ),
    rounding: z.enum(ROUNDINGS, { error: 'El redondeo debe ser cents (centavos), pesos o tens (decenas)' }),
    apply: z._default(z.boolean({ error: 'apply debe ser true o false' }), false),
    confirmLarge: z._default(z.boolean({ error: 'confirmLarge debe ser true o false' }), false),
  })
  .check(
    z.refine((b) => (b.percent !== undefined) !== (b.fromList !== undefined || b.factor !== undefined), {
      error: 'Indique un porcentaje, o una lista de origen con su factor (no ambos)',
    }),
    z.refine((b) => (b.fromList === undefined) === (b.factor === undefined), {
      error: 'Con una lista de origen indique también el factor, y viceversa',
    }),
  );
export type BulkPriceBody = z.input<typeof bulkPriceBodySchema>;
export type BulkPriceRequest = z.output<typeof bulkPriceBodySchema>;

/** One part of the preview's sample: its list price before (null: none) and after. */
export const bulkPriceRowSchema = z.object({
  id: int(),
  partNumber: z.string(),
  description: z.string(),
  before: z.nullable(money),
  after: money,
});

/**
 * Answer of `POST /api/admin/prices/bulk`: `matched` parts selected, `count` prices that change
 * (`added` of them had none), `unchanged` (the rounding keeps the price), `skippedNoPrice` (no price
 * in the source list), `skippedOutOfRange` (the result would be 0 or less, or 10.000.000.000 or
 * more); sums of the changing prices before (none = 0) and after; the first {@link PREVIEW_ROWS}
 * changes by part number; `share` (percent of the list's prices that change) and `largeChange`
 * (the reasons it needs confirmation; empty when none). Applied, `changeId` names the change.
 */
export const bulkPriceResultSchema = z.object({
  applied: z.boolean(),
  changeId: z.nullable(int()),
  matched: int(),
  count: int(),
  added: int(),
  unchanged: int(),
  skippedNoPrice: int(),
  skippedOutOfRange: int(),
  sumBefore: money,
  sumAfter: money,
  share: z.number(),
  bigSteps: int(),
  largeChange: z.array(z.string()),
  rows: z.array(bulkPriceRowSchema),
});
export type BulkPriceResult = z.infer<typeof bulkPriceResultSchema>;

/** The newest applied bulk change, which "Deshacer" offers (`undoneAt` once undone). */
export const lastPriceChangeSchema = z.object({
  change: z.nullable(
    z.object({
      id: int(),
      createdAt: z.string(),
      actor: z.string(),
      priceList: int(),
      /** What was done, in words: "Marca BOSCH · Lista 1 +10 %, redondeo a pesos enteros". */
      summary: z.string(),
      count: int(),
      undoneAt: z.nullable(z.string()),
    }),
  ),
});
export type LastPriceChange = z.infer<typeof lastPriceChangeSchema>['change'];

/** Body of `POST /api/admin/prices/bulk/undo`: the change the admin saw (refused unless it is the newest). */
export const undoPriceChangeBodySchema = z.object({
  changeId: z.number({ error: 'Indique el cambio a deshacer' }).check(z.int({ error: 'Indique el cambio a deshacer' }), z.gte(1)),
});

/** Answer of the undo: prices put back, and prices changed since (left as they are). */
export const undoPriceChangeResultSchema = z.object({ restored: int(), conflicts: int() });
export type UndoPriceChangeResult = z.infer<typeof undoPriceChangeResultSchema>;
