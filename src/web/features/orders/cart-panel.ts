/**
 * Whether "Mi pedido" is open: a tiny store so the header's button, "Realizar Pedido" and any other
 * control open the same dialog, which the header hosts.
 */
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Opens or closes "Mi pedido". */
export function setCartOpen(value: boolean): void {
  if (open === value) return;
  open = value;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether "Mi pedido" is open; re-renders when it changes. */
export function useCartOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
