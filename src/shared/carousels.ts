/**
 * Carousel contract (docs/product.md §10.2 "Gestión de Carruseles", §3.4): the draft of the three
 * home carousels, its edits (add, remove, discount, offer days, order) and the published on-sale
 * discounts. Offer days are Argentine calendar days, inclusive; either may be open.
 */
import * as z from 'zod/mini';
import { COLLECTIONS } from './api.ts';
import { int } from './int.ts';

/** A discount below this is accepted (percent): 100 % would give the part away (issue 21). */
export const DISCOUNT_LIMIT = 100;
/** Why a 100 % discount is refused. */
export const DISCOUNT_FULL_MESSAGE = 'Un descuento del 100 % regalaría el repuesto: ingrese un porcentaje menor que 100.';
/** The discount's range, for a value that is not a number from 0 to 100. */
export const DISCOUNT_RANGE_MESSAGE = 'El descuento debe ser un número de 0 a 99,99.';
/** An offer that would end before it starts. */
export const OFFER_DATES_ORDER_MESSAGE = 'La fecha de fin de la oferta no puede ser anterior a la de inicio.';

/**
 * Refusal of a discount typed or sent (percent), or null when it is accepted: 0 ≤ d < 100, with
 * a sentence of its own for exactly 100.
 */
export function discountProblem(value: number): string | null {
  if (!Number.isFinite(value) || value < 0 || value > DISCOUNT_LIMIT) return DISCOUNT_RANGE_MESSAGE;
  if (value === DISCOUNT_LIMIT) return DISCOUNT_FULL_MESSAGE;
  return null;
}

/** A calendar day `YYYY-MM-DD` that exists. */
const dayPattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export function isCalendarDay(text: string): boolean {
  if (!dayPattern.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === text;
}
const offerDay = z.nullable(z.string().check(z.refine(isCalendarDay, { error: 'debe ser una fecha válida (AAAA-MM-DD)' })));

/** The message of an offer day the browser could not read (a half-typed date). */
export const OFFER_DAY_MESSAGE = 'Ingrese fechas válidas (día, mes y año).';
const typedOfferDay = z.string().check(z.refine((text) => text === '' || isCalendarDay(text), { error: OFFER_DAY_MESSAGE }));

/**
 * The panel's offer-days form: two date inputs, each empty (no limit) or `YYYY-MM-DD`, the first
 * not after the last; its output is the `update-dates` body's `startsOn`/`endsOn` (`null` when empty).
 */
export const offerDaysFormSchema = z.pipe(
  z.object({ startsOn: typedOfferDay, endsOn: typedOfferDay }).check(
    z.refine((days) => !days.startsOn || !days.endsOn || days.startsOn <= days.endsOn, {
      error: OFFER_DATES_ORDER_MESSAGE,
      path: ['endsOn'],
    }),
  ),
  z.transform(({ startsOn, endsOn }) => ({ startsOn: startsOn || null, endsOn: endsOn || null })),
);

/** Params of `PUT /api/products/carousel/:partId`. */
export const carouselPartParamsSchema = z.object({ partId: z.coerce.number().check(z.int(), z.gte(1)) });

/**
 * Body of `PUT /api/products/carousel/:partId`: `add`, `remove`, `update-discount`
 * (`discountPercentage`, 0 to less than 100) or `update-dates` (`startsOn`, `endsOn`; on-sale only).
 */
export const carouselBodySchema = z
  .object({
    category: z.enum(COLLECTIONS),
    action: z.enum(['add', 'remove', 'update-discount', 'update-dates']),
    discountPercentage: z.optional(
      z.coerce
        .number({ error: 'El descuento debe ser un número' })
        .check(z.refine((value) => discountProblem(value) === null, { error: (issue) => discountProblem(Number(issue.input)) ?? '' })),
    ),
    startsOn: z.optional(offerDay),
    endsOn: z.optional(offerDay),
  })
  .check(
    z.refine((body) => !body.startsOn || !body.endsOn || body.startsOn <= body.endsOn, {
      error: OFFER_DATES_ORDER_MESSAGE,
      path: ['endsOn'],
    }),
  );
export type CarouselBody = z.infer<typeof carouselBodySchema>;

/** Body of `PUT /api/admin/carousels/:collection/order`: the draft's part ids in their new order. */
export const carouselOrderBodySchema = z.object({
  partIds: z
    .array(z.number().check(z.int(), z.gte(1)))
    .check(z.minLength(1, { error: 'Indique el orden de los repuestos' }), z.maxLength(1000)),
});
/** Params of `PUT /api/admin/carousels/:collection/order`. */
export const carouselCollectionParamsSchema = z.object({ collection: z.enum(COLLECTIONS) });

export const carouselEntrySchema = z.object({
  partId: int(),
  partNumber: z.string(),
  description: z.string(),
  discountPercentage: z.number(),
  position: int(),
  isActive: z.boolean(),
  /** First day of the offer (on-sale), or null. */
  startsOn: z.nullable(z.string()),
  /** Last day of the offer (on-sale), or null. */
  endsOn: z.nullable(z.string()),
});
export type CarouselEntryBody = z.infer<typeof carouselEntrySchema>;

export const carouselDraftSchema = z.object({
  featured: z.array(carouselEntrySchema),
  'new-arrivals': z.array(carouselEntrySchema),
  'on-sale': z.array(carouselEntrySchema),
  /** True when the draft differs from what the public sees (members, order, discounts or offer days). */
  hasUnpublishedChanges: z.boolean(),
  /** Today in Argentina (`YYYY-MM-DD`): an offer is shown from `startsOn` to `endsOn` inclusive. */
  today: z.string(),
});

const money = z.nullable(z.string().check(z.regex(/^\d+\.\d{2}$/)));

/** A published on-sale part with its discount, original list prices 1, 2, 4 and offer days. */
export const discountedProductSchema = z.object({
  partId: int(),
  partNumber: z.string(),
  discountPercentage: z.number(),
  originalPriceList1: money,
  originalPriceList2: money,
  originalPriceList4: money,
  startsOn: z.nullable(z.string()),
  endsOn: z.nullable(z.string()),
});
/** `GET /api/carousel/products-with-discounts/on-sale`. */
export const discountedProductListSchema = z.array(discountedProductSchema);

/** Where an offer stands on `today`: running, not started yet, or over. Days are `YYYY-MM-DD`. */
export function offerStatus(entry: { startsOn: string | null; endsOn: string | null }, today: string): 'live' | 'scheduled' | 'ended' {
  if (entry.startsOn && entry.startsOn > today) return 'scheduled';
  if (entry.endsOn && entry.endsOn < today) return 'ended';
  return 'live';
}
