/**
 * Pricing of pedido lines (issue 19): the parts of a set of lines read through the catalogue at the
 * viewer's own price list, as the catalogue shows them (discount applied), and their totals in
 * integer cents. Prices never come from a request: a line carries a part id and a quantity, and
 * at most the price the client saw (`seenUnitPrice`), which only flags a change.
 */
import { and, inArray } from 'drizzle-orm';
import type { Part } from '../../../shared/api.ts';
import { ORDER_TEXTS, type CartLine, type OrderTotals } from '../../../shared/orders.ts';
import type { Executor } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';
import type { Viewer } from '../auth/viewer.ts';
import { type CatalogueReader, categoryScope, readParts } from '../catalogue/service.ts';

/** A line to price: a part and how many; `seenUnitPrice` (undefined: unknown) only flags a change. */
export interface LineRequest {
  partId: number;
  quantity: number;
  seenUnitPrice?: string | null | undefined;
}

/** A line that cannot be priced: its part is unknown, inactive or hidden. */
export interface UnavailableLine {
  partId: number;
  partNumber: string | null;
  message: string;
}

/** Lines priced now at the viewer's list, the ones that could not be, and the totals. */
export interface PricedLines {
  /** In the order of the request; only orderable parts. */
  lines: CartLine[];
  unavailable: UnavailableLine[];
  totals: OrderTotals;
  /** Some line's `seenUnitPrice` differs from its price now. */
  pricesChanged: boolean;
  /** The price list (1–10) the lines were priced at. */
  priceList: number;
}

/** Cents of a two-decimal amount ("1234.50" → 123450n); BigInt, as 500 × 9,999 × a big price passes 2^53. */
export function toCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** A two-decimal amount from cents (123450n → "1234.50"). */
export function fromCents(cents: bigint): string {
  const whole = cents / 100n;
  const fraction = cents % 100n;
  return `${whole}.${fraction.toString().padStart(2, '0')}`;
}

/** `unitPrice × quantity` as a two-decimal amount, in exact cents. */
export function subtotalOf(unitPrice: string, quantity: number): string {
  return fromCents(toCents(unitPrice) * BigInt(quantity));
}

/** Totals of priced lines: the sum of the subtotals (cents), line and unit counts, lines without a price. */
export function totalsOf(lines: readonly { quantity: number; subtotal: string | null }[]): OrderTotals {
  let cents = 0n;
  let units = 0;
  let unpriced = 0;
  for (const line of lines) {
    units += line.quantity;
    if (line.subtotal === null) unpriced += 1;
    else cents += toCents(line.subtotal);
  }
  return { total: fromCents(cents), lineCount: lines.length, unitCount: units, unpricedCount: unpriced };
}

/** A cart line from a presented part (the viewer's price after discount) and a quantity. */
export function cartLineOf(part: Part, quantity: number, seenUnitPrice?: string | null): CartLine {
  const unitPrice = part.price;
  const line: CartLine = {
    partId: part.id,
    partNumber: part.partNumber,
    description: part.description,
    brand: part.brand,
    salesUnit: part.salesUnit,
    imageUrl: part.images[0] ?? null,
    stockLevel: part.stockLevel,
    quantity,
    unitPrice,
    subtotal: unitPrice === null ? null : subtotalOf(unitPrice, quantity),
  };
  if (seenUnitPrice !== undefined && seenUnitPrice !== unitPrice) line.previousUnitPrice = seenUnitPrice;
  return line;
}

/**
 * The orderable parts of `ids` for this viewer (active, outside hidden categories), presented at the
 * viewer's price list, by id.
 */
export async function orderableParts(
  reader: CatalogueReader,
  viewer: Viewer,
  ids: readonly number[],
): Promise<{ byId: Map<number, Part>; priceList: number }> {
  const scope = await categoryScope(reader, viewer, 'all');
  const found = ids.length ? await readParts(reader, scope, [...new Set(ids)]) : [];
  return { byId: new Map(found.map((p) => [p.id, p])), priceList: scope.priceList };
}

/**
 * Prices `requests` now at the viewer's own list (guests: the guest list).
 * @param knownCodes part numbers the viewer may be told for unavailable parts (its own stored
 *   cart), by part id; other unavailable parts are reported by id only.
 */
export async function priceLines(
  reader: CatalogueReader,
  viewer: Viewer,
  requests: readonly LineRequest[],
  knownCodes: ReadonlyMap<number, string> = new Map(),
): Promise<PricedLines> {
  const { byId, priceList } = await orderableParts(
    reader,
    viewer,
    requests.map((r) => r.partId),
  );
  const lines: CartLine[] = [];
  const unavailable: UnavailableLine[] = [];
  for (const request of requests) {
    const part = byId.get(request.partId);
    if (part) lines.push(cartLineOf(part, request.quantity, request.seenUnitPrice));
    else unavailable.push({ partId: request.partId, partNumber: knownCodes.get(request.partId) ?? null, message: ORDER_TEXTS.unavailable });
  }
  return { lines, unavailable, totals: totalsOf(lines), pricesChanged: lines.some((l) => l.previousUnitPrice !== undefined), priceList };
}

/** Part numbers of `ids` (any state), for parts the viewer already had in its own cart or pedidos. */
export async function partNumbers(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: parts.id, partNumber: parts.partNumber })
    .from(parts)
    .where(and(inArray(parts.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.partNumber]));
}
