/**
 * Toasts (docs/product.md §13.2): `toast()` and `dismissToast()` from the store, and the
 * `Toaster` the app providers mount once. The toaster's interface (Radix Toast, ~7 kB gzip) is not
 * part of the first screen's scripts: it loads right after, and a toast raised meanwhile shows as
 * soon as it is there.
 */
import { lazy, Suspense } from 'react';

export { dismissToast, toast } from './toast-store.ts';

const ToastViewport = lazy(() => import('./toast-viewport.tsx'));

/** The current toast: 5 s, swipe right to dismiss, F8 moves focus to the toast region. Mount once. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
