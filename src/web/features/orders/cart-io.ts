/**
 * The cart's calls and the browser cart's storage, loaded with the first cart call rather than with
 * the page (they carry the contract's schemas): a signed-in customer's cart is the server's
 * (`GET/PUT /api/cart`, `POST /api/cart/lines`, `PATCH/DELETE /api/cart/lines/:partId`), a guest's lines live in localStorage
 * (guest-cart.ts) and are priced by `POST /api/cart/price`. Prices always come from the server.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Cart, cartSchema, type QuickOrderResponse, quickOrderResponseSchema } from '../../../shared/orders.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { type CartEdit, type CartMode, clampQuantity, EMPTY_CART, orderKeys, setCart, useCartMode } from './cart-model.ts';
import { type GuestLine, linesToPrice, mergeLines, readGuestLines, rememberCodes, writeGuestLines } from './guest-cart.ts';

/**
 * Prices a guest's lines (`POST /api/cart/price`; no call for an empty cart) and remembers each
 * part's code with its stored line, so that a line no longer available still names its part.
 */
async function priceGuestLines(lines: GuestLine[]): Promise<Cart> {
  if (lines.length === 0) return EMPTY_CART;
  return rememberCodes(await apiRequest('/api/cart/price', cartSchema, { method: 'POST', body: { lines: linesToPrice(lines) } }));
}

let merging: Promise<Cart> | null = null;

/**
 * A guest who signs in takes the browser's pedido along: its lines join the stored cart (quantities
 * of a part already there summed) and leave the browser. Answers the stored cart; one merge at a
 * time; one that fails on the way leaves the lines in the browser for the next read, one the server
 * refuses (400) drops them.
 */
function mergeGuestCart(): Promise<Cart> {
  merging ??= (async () => {
    const lines = readGuestLines().map(({ partId, quantity }) => ({ partId, quantity }));
    try {
      const cart = await apiRequest('/api/cart/lines', cartSchema, { method: 'POST', body: { lines } });
      writeGuestLines([]);
      return cart;
    } catch (error) {
      // Refused as a whole (the account's cart would pass 500 lines): the account's cart as it is.
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      writeGuestLines([]);
      return apiRequest('/api/cart', cartSchema);
    }
  })().finally(() => {
    merging = null;
  });
  return merging;
}

/** The viewer's cart: the server's (with a guest pedido left in this browser merged in first), or the browser's lines priced now. */
export function fetchCart(mode: CartMode, signal?: AbortSignal): Promise<Cart> {
  if (mode === 'server') return readGuestLines().length > 0 ? mergeGuestCart() : apiRequest('/api/cart', cartSchema, { signal });
  if (mode === 'guest') return priceGuestLines(readGuestLines());
  return Promise.resolve(EMPTY_CART);
}

/** Lines after an edit (a guest's stored lines, or a signed-in customer's stored cart as just read). */
function editLines(lines: GuestLine[], edit: CartEdit): GuestLine[] {
  switch (edit.kind) {
    case 'add':
      return mergeLines(lines, [{ partId: edit.part.id, quantity: edit.quantity, seenUnitPrice: edit.part.price ?? null }]);
    case 'quantity':
      return lines.map((line) => (line.partId === edit.partId ? { ...line, quantity: edit.quantity } : line));
    case 'step':
      return lines.map((line) => (line.partId === edit.partId ? { ...line, quantity: clampQuantity(line.quantity + edit.delta) } : line));
    case 'remove':
      return lines.filter((line) => line.partId !== edit.partId);
    case 'replace':
      return edit.lines;
  }
}

/**
 * A signed-in customer's change of one line, applied by the server under the cart's lock
 * (`PATCH`/`DELETE /api/cart/lines/:partId`): "+" and "−" add to the quantity stored then, so what
 * another tab or device changed meanwhile is kept, the same line included. A line another device
 * removed (404) is not an error: the answer is the pedido as it is now.
 */
async function changeLine(edit: Extract<CartEdit, { kind: 'quantity' | 'step' | 'remove' }>): Promise<Cart> {
  const url = `/api/cart/lines/${edit.partId}`;
  try {
    if (edit.kind === 'remove') return await apiRequest(url, cartSchema, { method: 'DELETE' });
    const body = edit.kind === 'step' ? { delta: edit.delta } : { quantity: edit.quantity };
    return await apiRequest(url, cartSchema, { method: 'PATCH', body });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return apiRequest('/api/cart', cartSchema);
    throw error;
  }
}

/**
 * Applies an edit on the server or in the browser and answers the priced cart. A signed-in
 * customer's quantity edits and removals change that one line on the server ({@link changeLine}),
 * never sending this screen's older view of the other lines.
 * @throws {ApiError} as `apiRequest`.
 */
export async function runEdit(mode: CartMode, edit: CartEdit): Promise<Cart> {
  if (mode === 'guest') {
    const next = editLines(readGuestLines(), edit);
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
  if (edit.kind !== 'replace') return changeLine(edit);
  // A replace ("Vaciar pedido" or its undo) keeps the price each line was added at, when given.
  return apiRequest('/api/cart', cartSchema, { method: 'PUT', body: { lines: edit.lines } });
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

/**
 * After a send: a guest's browser cart is emptied; a customer's stored cart lost the sent parts on
 * the server (lines added meanwhile on another device stay), so it is asked again.
 */
export function clearAfterSend(client: QueryClient, mode: CartMode): void {
  if (mode === 'guest') {
    writeGuestLines([]);
    setCart(client, mode, EMPTY_CART);
  } else {
    void client.invalidateQueries({ queryKey: orderKeys.cart(mode) });
  }
}
