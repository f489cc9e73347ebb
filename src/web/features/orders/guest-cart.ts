/**
 * A guest's "Mi pedido" lives in the browser (issue 19 §1): the lines (part, quantity and the unit
 * price seen when added) in localStorage, priced by the server on every read (`POST /api/cart/price`).
 * Signed-in users' carts live on the server instead (cart.ts).
 */
import { MAX_ORDER_LINES, MAX_QUANTITY } from '../../../shared/order-texts.ts';
import type { CartLineInput } from '../../../shared/orders.ts';

const KEY = 'repuestos.pedido';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isLine(value: unknown): value is CartLineInput {
  if (!value || typeof value !== 'object') return false;
  const line = value as Record<string, unknown>;
  return (
    Number.isInteger(line.partId) &&
    (line.partId as number) > 0 &&
    Number.isInteger(line.quantity) &&
    (line.quantity as number) >= 1 &&
    (line.quantity as number) <= MAX_QUANTITY &&
    (line.seenUnitPrice === undefined || line.seenUnitPrice === null || typeof line.seenUnitPrice === 'string')
  );
}

/** The stored lines; anything unreadable (another version, a hand edit) is dropped, duplicates keep the first. */
export function readGuestLines(): CartLineInput[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<number>();
  const lines: CartLineInput[] = [];
  for (const item of parsed) {
    if (!isLine(item) || seen.has(item.partId)) continue;
    seen.add(item.partId);
    lines.push({ partId: item.partId, quantity: item.quantity, seenUnitPrice: item.seenUnitPrice ?? null });
  }
  return lines.slice(0, MAX_ORDER_LINES);
}

/** Replaces the stored lines (an empty list removes the key). */
export function writeGuestLines(lines: CartLineInput[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (lines.length === 0) store.removeItem(KEY);
    else store.setItem(KEY, JSON.stringify(lines));
  } catch {
    // Storage full or refused (private mode): the cart lasts as long as the page.
  }
}

/**
 * `lines` with `added` merged in: a part already there gets the quantities summed (capped at
 * 9,999) and keeps the price seen when it was first added; new parts go to the end.
 */
export function mergeLines(lines: CartLineInput[], added: CartLineInput[]): CartLineInput[] {
  const out = lines.map((line) => ({ ...line }));
  for (const line of added) {
    const existing = out.find((l) => l.partId === line.partId);
    if (existing) existing.quantity = Math.min(MAX_QUANTITY, existing.quantity + line.quantity);
    else out.push({ ...line, quantity: Math.min(MAX_QUANTITY, line.quantity) });
  }
  return out.slice(0, MAX_ORDER_LINES);
}
