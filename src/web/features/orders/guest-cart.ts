/**
 * A guest's "Mi pedido" lives in the browser (issue 19 §1): the lines (part, quantity and the unit
 * price seen when added) in localStorage, priced by the server on every read (`POST /api/cart/price`).
 * Signed-in users' carts live on the server instead (cart.ts).
 */
import { MAX_ORDER_LINES, MAX_QUANTITY } from '../../../shared/order-texts.ts';
import type { Cart, CartLineInput } from '../../../shared/orders.ts';

const KEY = 'repuestos.pedido';

/** Longest part number kept with a stored line (anything longer was not written by us). */
const MAX_STORED_CODE = 200;

/**
 * A guest's stored line: what the server prices, plus the part number the server last answered for
 * it. A guest's pedido is not the server's, so when the part stops being available the server does
 * not name it (docs/product.md §16.1); the browser still knows which part the guest added and says
 * so. The code is shown only: it is never sent.
 */
export interface GuestLine extends CartLineInput {
  partNumber?: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isLine(value: unknown): value is GuestLine {
  if (!value || typeof value !== 'object') return false;
  const line = value as Record<string, unknown>;
  return (
    Number.isInteger(line.partId) &&
    (line.partId as number) > 0 &&
    Number.isInteger(line.quantity) &&
    (line.quantity as number) >= 1 &&
    (line.quantity as number) <= MAX_QUANTITY &&
    (line.seenUnitPrice === undefined || line.seenUnitPrice === null || typeof line.seenUnitPrice === 'string') &&
    (line.partNumber === undefined || (typeof line.partNumber === 'string' && line.partNumber.length <= MAX_STORED_CODE))
  );
}

/** The stored lines; anything unreadable (another version, a hand edit) is dropped, duplicates keep the first. */
export function readGuestLines(): GuestLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<number>();
  const lines: GuestLine[] = [];
  for (const item of parsed) {
    if (!isLine(item) || seen.has(item.partId)) continue;
    seen.add(item.partId);
    const line: GuestLine = { partId: item.partId, quantity: item.quantity, seenUnitPrice: item.seenUnitPrice ?? null };
    if (item.partNumber) line.partNumber = item.partNumber;
    lines.push(line);
  }
  return lines.slice(0, MAX_ORDER_LINES);
}

/** Replaces the stored lines (an empty list removes the key). */
export function writeGuestLines(lines: GuestLine[]): void {
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
export function mergeLines(lines: GuestLine[], added: GuestLine[]): GuestLine[] {
  const out = lines.map((line) => ({ ...line }));
  for (const line of added) {
    const existing = out.find((l) => l.partId === line.partId);
    if (existing) existing.quantity = Math.min(MAX_QUANTITY, existing.quantity + line.quantity);
    else out.push({ ...line, quantity: Math.min(MAX_QUANTITY, line.quantity) });
  }
  return out.slice(0, MAX_ORDER_LINES);
}

/** The lines as the server takes them (`POST /api/cart/price`): the remembered codes stay in the browser. */
export function linesToPrice(lines: GuestLine[]): CartLineInput[] {
  return lines.map(({ partId, quantity, seenUnitPrice }) => ({ partId, quantity, seenUnitPrice }));
}

/**
 * After the server priced the guest's lines: each available line's part number is remembered in
 * the stored lines, and each unavailable line the server leaves unnamed gets the code remembered
 * for it (docs/product.md §16.1). Answers the cart to show.
 */
export function rememberCodes(cart: Cart): Cart {
  const codes = new Map(cart.lines.map((line) => [line.partId, line.partNumber]));
  const stored = readGuestLines();
  let changed = false;
  const next = stored.map((line) => {
    const code = codes.get(line.partId);
    if (!code || code === line.partNumber || code.length > MAX_STORED_CODE) return line;
    changed = true;
    return { ...line, partNumber: code };
  });
  if (changed) writeGuestLines(next);
  if (!cart.unavailable.some((line) => line.partNumber == null)) return cart;
  const remembered = new Map(next.map((line) => [line.partId, line.partNumber]));
  return {
    ...cart,
    unavailable: cart.unavailable.map((line) =>
      line.partNumber == null ? { ...line, partNumber: remembered.get(line.partId) ?? null } : line,
    ),
  };
}
