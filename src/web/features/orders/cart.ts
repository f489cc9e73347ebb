/**
 * The edits of "Mi pedido" (issue 19 §1), loaded with "Mi pedido" or with the first "Agregar al
 * pedido" rather than with the catalogue (the first load has only cart-model.ts). The calls
 * themselves and the contract's schemas live in cart-io.ts, loaded with the first call. Edits run
 * one at a time (a mutation scope) and show at once (optimistic), the server's answer replacing
 * the guess; a failed edit puts the cart back and shows the error toast.
 */
import { MutationObserver, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Part } from '../../../shared/api.ts';
import { ORDER_TEXTS } from '../../../shared/order-texts.ts';
import type { Cart, CartLine, CartLineInput } from '../../../shared/orders.ts';
import { lineTotal } from '../../../shared/pricing.ts';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { type CartEdit, type CartMode, clampQuantity, EMPTY_CART, orderKeys, useCartMode } from './cart-model.ts';

export { type CartEdit, type CartMode, inputLines, orderKeys, setCart, useCartMode } from './cart-model.ts';
export { useCart } from './cart-query.ts';

const io = () => import('./cart-io.ts');

/** The message of a failed call: the server's Spanish message when it gave one, else `fallback`. */
export function orderErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return 'Error de conexión. Intente nuevamente.';
    if (error.serverMessage) return error.serverMessage;
  }
  return fallback;
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

/** The optimistic cart after an edit of quantities or removals (adds wait for the server: the line's facts are unknown). */
function guess(cart: Cart, edit: CartEdit): Cart {
  if (edit.kind === 'remove')
    return withLines(
      cart,
      cart.lines.filter((line) => line.partId !== edit.partId),
    );
  if (edit.kind === 'quantity' || edit.kind === 'step') {
    return withLines(
      cart,
      cart.lines.map((line) => {
        if (line.partId !== edit.partId) return line;
        const quantity = edit.kind === 'step' ? clampQuantity(line.quantity + edit.delta) : edit.quantity;
        return { ...line, quantity, subtotal: line.unitPrice === null ? null : lineTotal(line.unitPrice, quantity) };
      }),
    );
  }
  if (edit.kind === 'replace' && edit.lines.length === 0) return EMPTY_CART;
  return cart;
}

/** The cart edits still waiting or running after `edit`, in the order they were made. */
function queuedEdits(client: QueryClient, edit: CartEdit): CartEdit[] {
  const pending = client
    .getMutationCache()
    .findAll({ predicate: (m) => m.options.scope?.id === 'cart' && m.state.status === 'pending' })
    .map((m) => m.state.variables);
  const after = pending.indexOf(edit);
  return (after < 0 ? [] : pending.slice(after + 1)).filter(isCartEdit);
}

function isCartEdit(value: unknown): value is CartEdit {
  return typeof value === 'object' && value !== null && 'kind' in value;
}

/** The options of the cart's edits (one at a time, optimistic, an error toast on failure). */
function cartMutationOptions(client: QueryClient, mode: CartMode) {
  const key = orderKeys.cart(mode);
  return {
    scope: { id: 'cart' },
    mutationFn: async (edit: CartEdit) => (await io()).runEdit(mode, edit),
    onMutate: async (edit: CartEdit) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<Cart>(key);
      if (previous) client.setQueryData(key, guess(previous, edit));
      return { previous };
    },
    // The server's answer, with the guesses of the edits queued behind this one still on top: an
    // answer to a quantity change must not bring back a line a queued "Quitar" already took out,
    // or a send pressed meanwhile would post that line (docs/product.md §16.1).
    onSuccess: (cart: Cart, edit: CartEdit) => client.setQueryData(key, queuedEdits(client, edit).reduce(guess, cart)),
    onError: (error: Error, _edit: CartEdit, context: { previous: Cart | undefined } | undefined) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      toast({ title: 'Error', description: orderErrorMessage(error, 'No se pudo actualizar el pedido'), variant: 'destructive' });
    },
  };
}

/**
 * "Agregar al pedido" outside a component that holds the cart's edits (the cards' and the product
 * page's controls load this module on first use): adds `quantity` (forced into 1..9,999) of `part`
 * in the same queue as {@link useCartActions}, then confirms with a toast.
 * @throws the edit's error, after its error toast.
 */
export async function addToOrder(client: QueryClient, mode: CartMode, part: Pick<Part, 'id' | 'price' | 'partNumber'>, quantity: number) {
  const n = clampQuantity(quantity);
  await new MutationObserver(client, cartMutationOptions(client, mode)).mutate({ kind: 'add', part, quantity: n });
  toast({ title: ORDER_TEXTS.added, description: `${n} × ${part.partNumber}` });
}

/**
 * The cart's edits: `add(part, quantity)`, `setQuantity(partId, n)` (1..9,999), `step(partId, ±1)`
 * ("+" and "−", on the quantity the cart holds when the edit runs), `remove(partId)`,
 * `replace(lines)` (empty = "Vaciar pedido", or undo it). Each returns the mutation promise, which
 * rejects (after the error toast) when the edit failed.
 */
export function useCartActions() {
  const client = useQueryClient();
  const mode = useCartMode();
  const mutation = useMutation(cartMutationOptions(client, mode));
  const run = (edit: CartEdit) => mutation.mutateAsync(edit);
  return {
    mode,
    pending: mutation.isPending,
    add: (part: Pick<Part, 'id' | 'price'>, quantity: number) => run({ kind: 'add', part, quantity: clampQuantity(quantity) }),
    setQuantity: (partId: number, quantity: number) => run({ kind: 'quantity', partId, quantity: clampQuantity(quantity) }),
    step: (partId: number, delta: number) => run({ kind: 'step', partId, delta }),
    remove: (partId: number) => run({ kind: 'remove', partId }),
    replace: (lines: CartLineInput[]) => run({ kind: 'replace', lines }),
  };
}
