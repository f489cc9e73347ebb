import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ORDER_LABELS } from '../../../../shared/order-labels.ts';
import { cn } from '../../../lib/cn.ts';
import { formatCount, formatCountOf } from '../../../lib/format.ts';
import { useCartMode } from '../cart-model.ts';
import { useCartCount } from '../cart-query.ts';
import { setCartOpen, useCartOpen } from '../cart-panel.ts';

// "Mi pedido" (lines, quick order, send) loads when first opened, not with the header.
const loadCartDialog = () => import('./cart-dialog.tsx');
const CartDialog = lazy(async () => ({ default: (await loadCartDialog()).CartDialog }));

const headerButton =
  'relative inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * The header's pedido controls (issue 19 §1, §6): "Mi pedido" with the count of lines (none while
 * the cart is not known: loading, or its read failed), and, when
 * the supplier has no external order platform (`placeOrder`), "Realizar Pedido" opening Mi pedido
 * too. Hosts the "Mi pedido" dialog, mounted on first opening. Nothing for staff.
 */
export function OrderHeaderActions({ placeOrder = false }: { placeOrder?: boolean }) {
  const mode = useCartMode();
  const count = useCartCount();
  const open = useCartOpen();
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    if (open) setMounted(true);
  }, [open]);
  // Another page's header may have left it open; a new header starts closed.
  useEffect(() => () => setCartOpen(false), []);
  // Closed (Escape, "Cerrar", "Seguir comprando"), focus comes back to the control that opened it
  // ("Mi pedido" when that one is gone) rather than to the page's body: the dialog has no trigger
  // of its own to return it to.
  const cartButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const back = opener.current?.isConnected ? opener.current : cartButton.current;
      opener.current = null;
      back?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [open]);
  const openCart = (event: { currentTarget: HTMLElement }) => {
    opener.current = event.currentTarget;
    setCartOpen(true);
  };
  if (mode === 'none') return null;
  const preload = () => void loadCartDialog();
  return (
    <>
      {placeOrder ? (
        <button
          type="button"
          onClick={openCart}
          onPointerEnter={preload}
          onFocus={preload}
          // Below 640 px the cart button alone opens Mi pedido (`hidden` must win over the base's `inline-flex`).
          className={cn(headerButton, 'hidden bg-accent-600 hover:bg-accent-700 sm:inline-flex')}
        >
          {ORDER_LABELS.placeOrder}
        </button>
      ) : null}
      <button
        ref={cartButton}
        type="button"
        onClick={openCart}
        onPointerEnter={preload}
        onFocus={preload}
        aria-label={count === null ? ORDER_LABELS.cart : `${ORDER_LABELS.cart}: ${formatCountOf(count, 'repuesto', 'repuestos')}`}
        className={`${headerButton} hover:bg-white/10`}
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        <span className="hidden lg:inline">{ORDER_LABELS.cart}</span>
        {count === null ? null : (
          <span
            aria-hidden="true"
            className="min-w-5 rounded-full bg-white px-1.5 text-center text-xs font-bold leading-5 text-brand-900 tabular-nums"
          >
            {formatCount(count)}
          </span>
        )}
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <CartDialog open={open} onOpenChange={setCartOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
