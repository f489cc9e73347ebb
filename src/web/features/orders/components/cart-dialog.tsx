import { ClipboardList, ListPlus, ShoppingCart, Trash2 } from 'lucide-react';
import { lazy, type ReactNode, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { type Cart, type CartLineInput, type GuestCustomer, ORDER_TEXTS, type Order } from '../../../../shared/orders.ts';
import { paths } from '../../../app/paths.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount } from '../../../lib/format.ts';
import { type CartMode, useCart, useCartActions } from '../cart.ts';
import { readGuestLines } from '../guest-cart.ts';
import { CartLines } from './cart-lines.tsx';
import { EMPTY_GUEST, OrderConfirmation, SendOrder } from './send-order.tsx';

// The quick order (and its spreadsheet reader) loads when first opened.
const QuickOrder = lazy(async () => ({ default: (await import('./quick-order.tsx')).QuickOrder }));

/**
 * The lines to put back when "Vaciar pedido" is undone, exactly as they were: a guest's stored lines
 * as they are (parts no longer available and their order included); a signed-in customer's in
 * their order, each with the price it was added at (so "El precio cambió" still shows). The
 * stored cart never keeps a part that is no longer available (docs/product.md §16.1).
 */
function undoLines(mode: CartMode, cart: Cart): CartLineInput[] {
  if (mode === 'guest') return readGuestLines();
  return cart.lines.map((line) => ({
    partId: line.partId,
    quantity: line.quantity,
    seenUnitPrice: line.previousUnitPrice === undefined ? line.unitPrice : line.previousUnitPrice,
  }));
}

/**
 * "Vaciar pedido" with a confirmation, then "Deshacer" until the next change. Each step takes the
 * place of the one before, and the focus with it: the question's "Cancelar" (the safe answer), and
 * back to "Vaciar pedido" when cancelled (docs/product.md §13.4). `buttonRef` is "Vaciar pedido".
 */
function EmptyCartControl({
  cart,
  onEmptied,
  buttonRef,
}: {
  cart: Cart;
  onEmptied: (lines: CartLineInput[]) => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { mode, replace } = useCartActions();
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (answered.current) buttonRef.current?.focus();
  }, [confirming, buttonRef]);
  const count = cart.lines.length + cart.unavailable.length;
  if (!confirming) {
    return (
      <Button ref={buttonRef} variant="ghost" onClick={() => setConfirming(true)} className="text-accent-700">
        <Trash2 aria-hidden="true" className="size-4" />
        {ORDER_TEXTS.empty}
      </Button>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
      <span>{count === 1 ? '¿Quitar el repuesto del pedido?' : `¿Quitar los ${formatCount(count)} repuestos del pedido?`}</span>
      <Button
        variant="accent"
        size="sm"
        onClick={async () => {
          const previous = undoLines(mode, cart);
          // Should the emptying fail, the focus is back on "Vaciar pedido"; else "Deshacer" takes it.
          answered.current = true;
          setConfirming(false);
          try {
            await replace([]);
            onEmptied(previous);
          } catch {
            // The error toast said why; the cart is as it was.
          }
        }}
      >
        Sí, vaciar
      </Button>
      <Button
        ref={cancelRef}
        variant="outline"
        size="sm"
        onClick={() => {
          answered.current = true;
          setConfirming(false);
        }}
      >
        Cancelar
      </Button>
    </div>
  );
}

type View = 'cart' | 'send' | 'done';

/** Where the focus should go: the element, null for nowhere (give up), undefined for "not on screen yet". */
type FocusTarget = () => HTMLElement | null | undefined;

/**
 * Moves the keyboard's focus to a place a later render shows: `focusWhen(find)` asks `find` at
 * once and then after each render until it names an element (or null), and focuses that. An
 * action whose button leaves the screen hands the focus on this way instead of dropping it to
 * the dialog's frame (docs/product.md §13.4).
 */
function useFocusWhen(): (find: FocusTarget) => void {
  const pending = useRef<FocusTarget | null>(null);
  const settle = useCallback(() => {
    const find = pending.current;
    if (!find) return;
    const target = find();
    if (target === undefined) return;
    pending.current = null;
    target?.focus();
  }, []);
  // After every render: the place may come with any of them (an optimistic edit, the server's answer).
  useEffect(settle);
  return useCallback(
    (find: FocusTarget) => {
      pending.current = find;
      settle();
    },
    [settle],
  );
}

/**
 * "Mi pedido" (issue 19 §1–§3): the lines with quantities, prices and totals, "Pedido rápido",
 * "Vaciar pedido" (confirmed, undoable), and the send with its confirmation. Loading, empty and
 * error states of its own; "Mis pedidos" for signed-in customers. The back button closes it (its
 * links replace its history entry, so back from "Mis pedidos" returns to the page behind it).
 */
export function CartDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { mode, data: cart, isPending, isError, refetch } = useCart();
  const { replace } = useCartActions();
  const [view, setView] = useState<View>('cart');
  const [sent, setSent] = useState<Order | null>(null);
  const [quickOpen, setQuickOpen] = useState(false);
  const [undo, setUndo] = useState<CartLineInput[] | null>(null);
  // The "Nota para Ventas" lives here: going back to the pedido (or being sent back) keeps it until sent.
  const [note, setNote] = useState('');
  // So does a guest's name and contact: typed once, kept while the dialog lives, dropped once sent.
  const [guest, setGuest] = useState<GuestCustomer>(EMPTY_GUEST);
  // Why the send view sent the customer back to review the pedido (another tab changed it).
  const [notice, setNotice] = useState<string | null>(null);
  // Lines whose quantity field holds an invalid value: "Continuar" waits for them.
  const [invalid, setInvalid] = useState<ReadonlySet<number>>(new Set());
  const [blockedContinue, setBlockedContinue] = useState(false);
  const linesRef = useRef<HTMLDivElement>(null);
  const quickRef = useRef<HTMLButtonElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const emptyRef = useRef<HTMLButtonElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const focusWhen = useFocusWhen();
  // A removed line's "Quitar" hands the focus to the one now in its place (the previous one at the
  // end), so several are removed in a row; the last one gone, to "Pedido rápido", the empty
  // pedido's way to fill it (as the admin panel's lists do, docs/product.md §13.4).
  const onRemove = useCallback(
    (partId: number) => {
      const removeButtons = () => [...(linesRef.current?.querySelectorAll<HTMLElement>('[data-remove-line]') ?? [])];
      const isRemoved = (button: HTMLElement) => button.dataset.removeLine === String(partId);
      const index = removeButtons().findIndex(isRemoved);
      focusWhen(() => {
        const buttons = removeButtons();
        if (buttons.some(isRemoved)) return undefined;
        return buttons[Math.min(index, buttons.length - 1)] ?? quickRef.current;
      });
    },
    [focusWhen],
  );
  const onInvalidQuantity = useCallback((partId: number, bad: boolean) => {
    setInvalid((current) => {
      if (current.has(partId) === bad) return current;
      const next = new Set(current);
      if (bad) next.add(partId);
      else next.delete(partId);
      return next;
    });
  }, []);
  const signedIn = mode === 'server';
  const invalidCount = cart ? cart.lines.filter((line) => invalid.has(line.partId)).length : 0;
  const toSend = () => {
    if (invalidCount > 0) {
      setBlockedContinue(true);
      linesRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
      return;
    }
    setBlockedContinue(false);
    setNotice(null);
    setView('send');
  };

  const close = () => onOpenChange(false);
  const changeOpen = (next: boolean) => {
    if (!next && view === 'done') {
      setView('cart');
      setSent(null);
    }
    onOpenChange(next);
  };

  let body: ReactNode;
  if (view === 'done' && sent) {
    body = (
      <OrderConfirmation
        order={sent}
        signedIn={signedIn}
        onClose={() => {
          setView('cart');
          setSent(null);
          close();
        }}
      />
    );
  } else if (isPending) {
    body = (
      <div role="status" className="space-y-3">
        <span className="sr-only">Cargando pedido...</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else if (isError || !cart) {
    body = (
      <div role="alert" className="space-y-3 py-6 text-center">
        <p className="text-slate-700">No se pudo cargar el pedido.</p>
        <Button variant="outline" onClick={() => void refetch()}>
          Reintentar
        </Button>
      </div>
    );
  } else if (view === 'send' && cart.lines.length > 0) {
    body = (
      <SendOrder
        cart={cart}
        mode={mode}
        note={note}
        onNoteChange={setNote}
        guest={guest}
        onGuestChange={setGuest}
        onBack={() => {
          setView('cart');
          focusWhen(() => continueRef.current ?? undefined);
        }}
        onReview={(message) => {
          setNotice(message);
          setView('cart');
          // The message says why the customer is back: read from there on, into the lines.
          focusWhen(() => noticeRef.current ?? undefined);
        }}
        onSent={(order) => {
          setSent(order);
          setUndo(null);
          setNote('');
          setGuest(EMPTY_GUEST);
          setNotice(null);
          setView('done');
        }}
      />
    );
  } else {
    const empty = cart.lines.length === 0 && cart.unavailable.length === 0;
    body = (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button ref={quickRef} variant="outline" aria-expanded={quickOpen} onClick={() => setQuickOpen((v) => !v)}>
            <ListPlus aria-hidden="true" className="size-4" />
            {ORDER_TEXTS.quick}
          </Button>
          {signedIn ? (
            <Link href={paths.myOrders()} onClick={close} replace className={buttonClasses('ghost')}>
              <ClipboardList aria-hidden="true" className="size-4" />
              {ORDER_TEXTS.myOrders}
            </Link>
          ) : null}
        </div>
        {quickOpen ? (
          <Suspense fallback={<p className="text-sm text-slate-600">Cargando...</p>}>
            <QuickOrder onDone={() => setUndo(null)} />
          </Suspense>
        ) : null}
        {undo ? (
          <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-100 p-3 text-sm">
            <span>Se vació el pedido.</span>
            <Button
              ref={undoRef}
              variant="outline"
              size="sm"
              onClick={async () => {
                const lines = undo;
                setUndo(null);
                // Back where the customer was: "Vaciar pedido", once the lines are back.
                focusWhen(() => emptyRef.current ?? undefined);
                await replace(lines).catch(() => {
                  setUndo(lines);
                  focusWhen(() => undoRef.current ?? undefined);
                });
              }}
            >
              Deshacer
            </Button>
          </div>
        ) : null}
        {notice ? (
          <p ref={noticeRef} tabIndex={-1} role="alert" className="rounded-md bg-accent-50 p-3 text-sm text-accent-800">
            {notice}
          </p>
        ) : null}
        {empty ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center text-slate-600">
            <ShoppingCart aria-hidden="true" className="size-10 text-slate-400" />
            <p className="font-medium text-slate-800">{ORDER_TEXTS.emptyCart}</p>
            <p className="text-sm">Use "Agregar al pedido" en cada repuesto o pegue una lista en "Pedido rápido".</p>
          </div>
        ) : (
          <>
            <div ref={linesRef}>
              <CartLines cart={cart} onInvalidQuantity={onInvalidQuantity} onRemove={onRemove} />
            </div>
            {blockedContinue && invalidCount > 0 ? (
              <p role="alert" className="rounded-md bg-accent-50 p-3 text-sm text-accent-800">
                {ORDER_TEXTS.fixQuantities}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3">
              <EmptyCartControl
                cart={cart}
                buttonRef={emptyRef}
                onEmptied={(lines) => {
                  setUndo(lines);
                  focusWhen(() => undoRef.current ?? undefined);
                }}
              />
              <Button ref={continueRef} variant="accent" size="lg" disabled={cart.lines.length === 0} onClick={toSend}>
                Continuar
              </Button>
            </div>
          </>
        )}
      </div>
    );
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen} title={ORDER_TEXTS.cart} size="lg" closeOnBack>
      {body}
    </Dialog>
  );
}
