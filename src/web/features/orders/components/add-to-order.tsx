import { useQueryClient } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import type { Part } from '../../../../shared/api.ts';
import { MAX_QUANTITY, ORDER_LABELS } from '../../../../shared/order-labels.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { type CartMode, typedQuantity, useCartMode } from '../cart-model.ts';

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
 * A button that runs `action` once at a time. While it runs the button stays focusable (marked
 * `aria-disabled` and ignoring presses) rather than `disabled`, so keyboard focus is not dropped
 * to the page when it is pressed with Enter or Space.
 */
function useBusy(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}

/**
 * "Agregar al pedido" for a quantity chosen elsewhere (the product page's and the detail dialog's
 * steppers): busy while it adds (a Button's `busy`: presses ignored, focus kept, docs/product.md
 * §13.4). Renders nothing for staff.
 */
export function AddToOrderButton({ part, quantity, className }: { part: Part; quantity: number; className?: string }) {
  const mode = useCartMode();
  const add = useAddToOrder(mode);
  const { busy, run } = useBusy(() => add(part, quantity));
  if (mode === 'none') return null;
  return (
    <Button variant="accent" className={className} busy={busy} onPointerEnter={preload} onFocus={preload} onClick={() => void run()}>
      <ShoppingCart aria-hidden="true" className="size-4" />
      {ORDER_LABELS.addToCart}
    </Button>
  );
}

/**
 * A product card's order control: quantity (1..9,999) and an "Agregar al pedido" button, named
 * with the part number for screen readers. Another quantity (0, -3, 2.5, 99999, empty) is refused
 * with "Cantidad inválida (de 1 a 9999)" and the field focused, nothing added. The button takes
 * the full label: beside the field when the card is wide enough, else on a line of its own. Above
 * the card's click target, so it does not open the detail. `mode` is the viewer's cart (staff have
 * none: see `useCardOrderControl`).
 */
export function CardOrderControl({ part, mode }: { part: Part; mode: Exclude<CartMode, 'none'> }) {
  const add = useAddToOrder(mode);
  const [quantity, setQuantity] = useState('1');
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const valid = typedQuantity(quantity) !== null;
  const showError = refused && !valid;
  const { busy, run } = useBusy(async () => {
    const n = typedQuantity(quantity);
    if (n === null) {
      setRefused(true);
      input.current?.focus();
      return;
    }
    await add(part, n);
    setQuantity('1');
  });
  return (
    <div className="relative z-10">
      <div className="flex flex-wrap items-center gap-1.5">
        <input
          ref={input}
          aria-label={`${ORDER_LABELS.quantity} de ${part.partNumber}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          value={quantity}
          aria-invalid={valid ? undefined : true}
          aria-describedby={showError ? errorId : undefined}
          onChange={(event) => setQuantity(event.target.value)}
          onBlur={() => setRefused(!valid)}
          className={cn(
            'h-9 w-14 shrink-0 rounded-md border border-slate-300 bg-white px-1 text-center text-sm [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none',
            !valid && 'border-accent-600',
          )}
        />
        <button
          type="button"
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          // Named with the code (the card's own text shows it), without repeating it as page text.
          aria-label={`${ORDER_LABELS.addToCart} ${part.partNumber}`}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => void run()}
          className={cn(
            // Grows from its full label's width: when that does not fit beside the field it wraps below, full width.
            'inline-flex h-9 flex-[1_0_auto] items-center justify-center gap-1.5 whitespace-nowrap rounded-md bg-accent-600 px-2 text-xs font-semibold text-white hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
            busy && 'opacity-60',
          )}
        >
          <ShoppingCart aria-hidden="true" className="size-4 shrink-0" />
          <span>{ORDER_LABELS.addToCart}</span>
        </button>
      </div>
      {showError ? (
        <p id={errorId} role="alert" className="mt-1 text-xs text-accent-700">
          {ORDER_LABELS.quantityInvalid}
        </p>
      ) : null}
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
