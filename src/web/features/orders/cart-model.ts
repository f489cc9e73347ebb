/**
 * What the cart's first-load parts (cart-query.ts, the "Agregar al pedido" controls) and its lazily
 * loaded edits (cart.ts) and calls (cart-io.ts) share: the viewer's cart mode, the query keys, the
 * empty cart, the edits and the quantity range. Keep it small: it is in the catalogue's first load.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Part } from '../../../shared/api.ts';
import { MAX_QUANTITY } from '../../../shared/order-labels.ts';
import type { Cart, CartLineInput } from '../../../shared/orders.ts';
import { useSession } from '../session/index.ts';

/** Where the viewer's cart lives: the server (signed in), the browser (guest), or nowhere (staff do not order). */
export type CartMode = 'server' | 'guest' | 'none';

/** Query keys of the pedidos feature (every one depends on the viewer: a login refetches them). */
export const orderKeys = {
  all: () => ['orders'] as const,
  cart: (mode: CartMode) => ['orders', 'cart', mode] as const,
  mine: () => ['orders', 'mine'] as const,
  admin: () => ['orders', 'admin'] as const,
};

/** The cart with no lines. */
export const EMPTY_CART: Cart = {
  lines: [],
  unavailable: [],
  totals: { total: '0.00', lineCount: 0, unitCount: 0, unpricedCount: 0 },
  pricesChanged: false,
};

/** An edit of the cart. */
export type CartEdit =
  | { kind: 'add'; part: Pick<Part, 'id' | 'price'>; quantity: number }
  | { kind: 'quantity'; partId: number; quantity: number }
  /** "+" or "−": the quantity the cart holds when the edit runs, plus `delta` (another tab may have changed it). */
  | { kind: 'step'; partId: number; delta: number }
  | { kind: 'remove'; partId: number }
  | { kind: 'replace'; lines: CartLineInput[] };

/** The viewer's cart mode: admins have none; a session with a user id is signed in; anyone else is a guest. */
export function useCartMode(): CartMode {
  const session = useSession();
  if (session?.userType === 'admin') return 'none';
  return session?.userId != null ? 'server' : 'guest';
}

/** The input lines of a priced cart (what `PUT /api/cart` and a send take). */
export function inputLines(cart: Cart): CartLineInput[] {
  return cart.lines.map((line) => ({ partId: line.partId, quantity: line.quantity }));
}

/** Puts a cart answer in the cache (after a quick order, a repeat or a send). */
export function setCart(client: QueryClient, mode: CartMode, cart: Cart): void {
  client.setQueryData(orderKeys.cart(mode), cart);
}

/** A quantity as typed in a field: a whole number of 1 to 9,999, else null (docs/product.md §16.1). */
export function typedQuantity(text: string): number | null {
  const n = Number(text);
  return /^\d+$/.test(text.trim()) && n >= 1 && n <= MAX_QUANTITY ? n : null;
}

/** A quantity forced into 1..9,999 (whole units). */
export function clampQuantity(value: number): number {
  return Math.max(1, Math.min(MAX_QUANTITY, Math.floor(value) || 1));
}
