import { useQueryClient } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import type { Part } from '../../../../shared/api.ts';
import { MAX_QUANTITY, ORDER_LABELS } from '../../../../shared/order-labels.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { type CartMode, clampQuantity, useCartMode } from '../cart-model.ts';

// The cart's edits load on the first hover, focus or click of a control, not with the catalogue.
const loadCart = () => import('../cart.ts');
const preload = () => void loadCart().catch(() => undefined);

/** Adds `quantity` of `part` to the `mode` cart and confirms with a toast. */
function useAddToOrder(mode: CartMode) {
  const client = useQueryClient();
  const add = async (part: Pick<Part, 'id' | 'price' | 'partNumber'>, quantity: number) => {
    let cart: Awaited<ReturnType<typeof loadCart>>;
    try {
      cart = await loadCart();
    } catch {
      toast({ title: 'Error', description: 'Error de conexión. Intente nuevamente.', variant: 'destructive' });
      return;
    }
    try {
      await cart.addToOrder(client, mode, part, quantity);
    } catch {
      // The edit's own error toast already said why.
    }
  };
  return add;
}

/**
 * "Agregar al pedido" for a quantity chosen elsewhere (the product page's and the detail dialog's
 * steppers). Renders nothing for staff.
 */
export function AddToOrderButton({ part, quantity, className }: { part: Part; quantity: number; className?: string }) {
  const mode = useCartMode();
  const add = useAddToOrder(mode);
  const [busy, setBusy] = useState(false);
  if (mode === 'none') return null;
  return (
    <Button
      variant="accent"
      className={className}
      disabled={busy}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={async () => {
        setBusy(true);
        await add(part, quantity);
        setBusy(false);
      }}
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      {ORDER_LABELS.addToCart}
    </Button>
  );
}

/**
 * A product card's order control: quantity (1..9,999) and an "Agregar al pedido" button, named
 * with the part number for screen readers. Above the card's click target, so it does not open the
 * detail. `mode` is the viewer's cart (staff have none: see `useCardOrderControl`).
 */
export function CardOrderControl({ part, mode }: { part: Part; mode: Exclude<CartMode, 'none'> }) {
  const add = useAddToOrder(mode);
  const [quantity, setQuantity] = useState('1');
  const [busy, setBusy] = useState(false);
  const valid = /^\d+$/.test(quantity) && Number(quantity) >= 1 && Number(quantity) <= MAX_QUANTITY;
  return (
    <div className="relative z-10 flex items-center gap-1.5">
      <input
        aria-label={`${ORDER_LABELS.quantity} de ${part.partNumber}`}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        value={quantity}
        aria-invalid={valid ? undefined : true}
        onChange={(event) => setQuantity(event.target.value)}
        onBlur={() => setQuantity(String(clampQuantity(Number(quantity))))}
        className={cn(
          'h-9 w-14 shrink-0 rounded-md border border-slate-300 bg-white px-1 text-center text-sm [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none',
          !valid && 'border-accent-600',
        )}
      />
      <button
        type="button"
        disabled={busy}
        // Named with the code (the card's own text shows it), without repeating it as page text.
        aria-label={`${ORDER_LABELS.addToCart} ${part.partNumber}`}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={async () => {
          setBusy(true);
          await add(part, Number(quantity));
          setQuantity('1');
          setBusy(false);
        }}
        className="inline-flex h-9 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-md bg-accent-600 px-2 text-xs font-semibold text-white hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60"
      >
        <ShoppingCart aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">{ORDER_LABELS.addToCart}</span>
      </button>
    </div>
  );
}

/**
 * The cards' order control for a page: one subscription to the viewer's cart mode for every card
 * (a 60-card page no longer keeps 60 session observers, issue 22), or undefined for staff, whose
 * cards have none.
 */
export function useCardOrderControl(): ((part: Part) => ReactNode) | undefined {
  const mode = useCartMode();
  return useMemo(() => (mode === 'none' ? undefined : (part: Part) => <CardOrderControl part={part} mode={mode} />), [mode]);
}
