/**
 * Data layer of "Mi pedido" (issue 19 §1): one cart query per viewer kind and the edits on it.
 * A signed-in customer's cart is the server's (`GET/PUT /api/cart`, `POST /api/cart/lines`: the
 * same pedido on phone and desktop); a guest's lines live in localStorage (guest-cart.ts) and are
 * priced by `POST /api/cart/price`. Prices always come from the server, at the viewer's own list.
 * Edits run one at a time (a mutation scope) and show at once (optimistic), the server's answer
 * replacing the guess; a failed edit puts the cart back and shows the error toast.
 */
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Part } from '../../../shared/api.ts';
import {
  type Cart,
  type CartLine,
  type CartLineInput,
  cartSchema,
  MAX_QUANTITY,
  type QuickOrderResponse,
  quickOrderResponseSchema,
} from '../../../shared/orders.ts';
import { lineTotal } from '../../../shared/pricing.ts';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { useSession } from '../session/index.ts';
import { mergeLines, readGuestLines, writeGuestLines } from './guest-cart.ts';

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

/** The message of a failed call: the server's Spanish message when it gave one, else `fallback`. */
export function orderErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return 'Error de conexión. Intente nuevamente.';
    if (error.serverMessage) return error.serverMessage;
  }
  return fallback;
}

/** The viewer's cart mode: admins have none; a session with a user id is signed in; anyone else is a guest. */
export function useCartMode(): CartMode {
  const session = useSession();
  if (session?.userType === 'admin') return 'none';
  return session?.userId != null ? 'server' : 'guest';
}

/** Prices a guest's lines (`POST /api/cart/price`); no call for an empty cart. */
async function priceGuestLines(lines: CartLineInput[]): Promise<Cart> {
  if (lines.length === 0) return EMPTY_CART;
  return apiRequest('/api/cart/price', cartSchema, { method: 'POST', body: { lines } });
}

/** The cart query of a mode. */
export function cartQuery(mode: CartMode) {
  return queryOptions({
    queryKey: orderKeys.cart(mode),
    queryFn: ({ signal }): Promise<Cart> => {
      if (mode === 'server') return apiRequest('/api/cart', cartSchema, { signal });
      if (mode === 'guest') return priceGuestLines(readGuestLines());
      return Promise.resolve(EMPTY_CART);
    },
  });
}

/** The viewer's cart (query state). */
export function useCart() {
  const mode = useCartMode();
  return { mode, ...useQuery({ ...cartQuery(mode), enabled: mode !== 'none' }) };
}

/** Number of lines in the viewer's cart (0 while it loads), for the header badge. */
export function useCartCount(): number {
  return useCart().data?.totals.lineCount ?? 0;
}

/** Totals recomputed in the browser for an optimistic guess (cents, never float sums); the server's answer replaces them. */
function withLines(cart: Cart, lines: CartLine[]): Cart {
  let cents = 0;
  let units = 0;
  let unpriced = 0;
  for (const line of lines) {
    units += line.quantity;
    if (line.subtotal === null) unpriced += 1;
    else cents += Math.round(Number(line.subtotal) * 100);
  }
  return {
    ...cart,
    lines,
    totals: { total: (cents / 100).toFixed(2), lineCount: lines.length, unitCount: units, unpricedCount: unpriced },
  };
}

/** The input lines of a priced cart (what `PUT /api/cart` and a send take). */
export function inputLines(cart: Cart): CartLineInput[] {
  return cart.lines.map((line) => ({ partId: line.partId, quantity: line.quantity }));
}

type CartEdit =
  | { kind: 'add'; part: Pick<Part, 'id' | 'price'>; quantity: number }
  | { kind: 'quantity'; partId: number; quantity: number }
  | { kind: 'remove'; partId: number }
  | { kind: 'replace'; lines: CartLineInput[] };

/** The guest's stored lines after an edit. */
function editGuestLines(lines: CartLineInput[], edit: CartEdit): CartLineInput[] {
  switch (edit.kind) {
    case 'add':
      return mergeLines(lines, [{ partId: edit.part.id, quantity: edit.quantity, seenUnitPrice: edit.part.price ?? null }]);
    case 'quantity':
      return lines.map((line) => (line.partId === edit.partId ? { ...line, quantity: edit.quantity } : line));
    case 'remove':
      return lines.filter((line) => line.partId !== edit.partId);
    case 'replace':
      return edit.lines;
  }
}

/** Applies an edit on the server or in the browser; answers the priced cart. */
async function runEdit(mode: CartMode, edit: CartEdit, current: Cart | undefined): Promise<Cart> {
  if (mode === 'guest') {
    const next = editGuestLines(readGuestLines(), edit);
    writeGuestLines(next);
    return priceGuestLines(next);
  }
  if (mode !== 'server') return EMPTY_CART;
  if (edit.kind === 'add') {
    return apiRequest('/api/cart/lines', cartSchema, {
      method: 'POST',
      body: { lines: [{ partId: edit.part.id, quantity: edit.quantity }] },
    });
  }
  const base = current ? inputLines(current) : [];
  const next =
    edit.kind === 'replace'
      ? edit.lines.map(({ partId, quantity }) => ({ partId, quantity }))
      : edit.kind === 'remove'
        ? base.filter((line) => line.partId !== edit.partId)
        : base.map((line) => (line.partId === edit.partId ? { ...line, quantity: edit.quantity } : line));
  return apiRequest('/api/cart', cartSchema, { method: 'PUT', body: { lines: next } });
}

/** The optimistic cart after an edit of quantities or removals (adds wait for the server: the line's facts are unknown). */
function guess(cart: Cart, edit: CartEdit): Cart {
  if (edit.kind === 'remove')
    return withLines(
      cart,
      cart.lines.filter((line) => line.partId !== edit.partId),
    );
  if (edit.kind === 'quantity') {
    return withLines(
      cart,
      cart.lines.map((line) =>
        line.partId === edit.partId
          ? { ...line, quantity: edit.quantity, subtotal: line.unitPrice === null ? null : lineTotal(line.unitPrice, edit.quantity) }
          : line,
      ),
    );
  }
  if (edit.kind === 'replace' && edit.lines.length === 0) return EMPTY_CART;
  return cart;
}

/**
 * The cart's edits: `add(part, quantity)`, `setQuantity(partId, n)` (1..9,999), `remove(partId)`,
 * `replace(lines)` (empty = "Vaciar pedido", or undo it). Each returns the mutation promise.
 */
export function useCartActions() {
  const client = useQueryClient();
  const mode = useCartMode();
  const key = orderKeys.cart(mode);
  const mutation = useMutation({
    scope: { id: 'cart' },
    mutationFn: (edit: CartEdit) => runEdit(mode, edit, client.getQueryData<Cart>(key)),
    onMutate: async (edit) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<Cart>(key);
      if (previous) client.setQueryData(key, guess(previous, edit));
      return { previous };
    },
    onSuccess: (cart) => client.setQueryData(key, cart),
    onError: (error, _edit, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      toast({ title: 'Error', description: orderErrorMessage(error, 'No se pudo actualizar el pedido'), variant: 'destructive' });
    },
  });
  const run = (edit: CartEdit) => mutation.mutateAsync(edit);
  return {
    mode,
    pending: mutation.isPending,
    add: (part: Pick<Part, 'id' | 'price'>, quantity: number) => run({ kind: 'add', part, quantity: clampQuantity(quantity) }),
    setQuantity: (partId: number, quantity: number) => run({ kind: 'quantity', partId, quantity: clampQuantity(quantity) }),
    remove: (partId: number) => run({ kind: 'remove', partId }),
    replace: (lines: CartLineInput[]) => run({ kind: 'replace', lines }),
  };
}

/** A quantity forced into 1..9,999 (whole units). */
export function clampQuantity(value: number): number {
  return Math.max(1, Math.min(MAX_QUANTITY, Math.floor(value) || 1));
}

/** Puts a cart answer in the cache (after a quick order, a repeat or a send). */
export function setCart(client: QueryClient, mode: CartMode, cart: Cart): void {
  client.setQueryData(orderKeys.cart(mode), cart);
}

/**
 * "Pedido rápido": `POST /api/cart/quick {text}`. A signed-in customer's recognised lines are added
 * by the server (the answer's `cart`); a guest's are merged into the browser's lines here.
 */
export function useQuickOrder() {
  const client = useQueryClient();
  const mode = useCartMode();
  return useMutation({
    scope: { id: 'cart' },
    mutationFn: async (text: string): Promise<QuickOrderResponse> => {
      const result = await apiRequest('/api/cart/quick', quickOrderResponseSchema, { method: 'POST', body: { text } });
      if (result.cart) {
        setCart(client, mode, result.cart);
      } else if (mode === 'guest' && result.added.length > 0) {
        const next = mergeLines(
          readGuestLines(),
          result.added.map((line) => ({ partId: line.partId, quantity: line.quantity, seenUnitPrice: line.unitPrice })),
        );
        writeGuestLines(next);
        setCart(client, mode, await priceGuestLines(next));
      }
      return result;
    },
  });
}

/** Empties the browser's cart after a guest's pedido was sent (the server empties a customer's). */
export function clearAfterSend(client: QueryClient, mode: CartMode): void {
  if (mode === 'guest') writeGuestLines([]);
  setCart(client, mode, EMPTY_CART);
}
