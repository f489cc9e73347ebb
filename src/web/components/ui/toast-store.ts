/**
 * The toast store (docs/product.md §13.2): at most one toast at a time, a new one replaces the
 * current one. Plain state and listeners, no React, so that any module can raise a toast while the
 * toaster's interface (toast-viewport.tsx, Radix) loads after the first screen.
 */

/** Toast timing (docs/product.md §13.2). */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export interface ToastInput {
  title: string;
  description?: string;
  /** `destructive` is the red error style (docs/product.md §13.2: errors are destructive toasts titled "Error"). */
  variant?: 'default' | 'destructive';
}

export interface ActiveToast extends ToastInput {
  id: number;
}

let current: ActiveToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing any visible one. Returns its id. */
export function toast(input: ToastInput): number {
  current = { ...input, id: nextId++ };
  emit();
  return current.id;
}

/** Removes the toast with this id (or the current one). */
export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

/** For `useSyncExternalStore`: calls `listener` on every change; returns the unsubscribe. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast on screen, or `null`. */
export function currentToast(): ActiveToast | null {
  return current;
}
