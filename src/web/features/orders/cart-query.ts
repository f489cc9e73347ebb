/**
 * The cart query, in the catalogue's first load for the header's count of lines (issue 19 §1). Its
 * calls and the contract's schemas (cart-io.ts) load with the first fetch.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '../../../shared/orders.ts';
import { type CartMode, orderKeys, useCartMode } from './cart-model.ts';

/** The cart query of a mode; its calls (and the contract's schemas) load with the first fetch. */
export function cartQuery(mode: CartMode) {
  return queryOptions({
    queryKey: orderKeys.cart(mode),
    queryFn: async ({ signal }): Promise<Cart> => (await import('./cart-io.ts')).fetchCart(mode, signal),
  });
}

/** The viewer's cart (query state); not fetched for staff. */
export function useCart() {
  const mode = useCartMode();
  return { mode, ...useQuery({ ...cartQuery(mode), enabled: mode !== 'none' }) };
}

/**
 * Number of lines in the viewer's cart, for the header badge, lines of parts no longer available
 * included (they are in the pedido until removed, docs/product.md §16.1); null while it is not known
 * (loading, or the last read failed): the header then shows no count rather than a wrong one.
 */
export function useCartCount(): number | null {
  const { data, isError } = useCart();
  return data && !isError ? data.totals.lineCount + data.unavailable.length : null;
}
