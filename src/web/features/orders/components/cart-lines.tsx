import { Minus, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { photoThumbnail } from '../../../../shared/media.ts';
import { allUnpriced, type Cart, type CartLine, MAX_QUANTITY, ORDER_TEXTS, UNPRICED_TOTAL } from '../../../../shared/orders.ts';
import { DEFAULT_SALES_UNIT } from '../../../components/product/product-card.tsx';
import { ProductImage } from '../../../components/product/product-image.tsx';
import { formatArs, formatCountOf, formatPrice } from '../../../lib/format.ts';
import { useCartActions } from '../cart.ts';
import { typedQuantity } from '../cart-model.ts';

/** Told which lines' quantity fields hold an invalid value (`invalid` true), and when they no longer do. */
export type InvalidQuantityListener = (partId: number, invalid: boolean) => void;

/**
 * A line's quantity: − and + save at once (on the quantity the stored cart holds then); a typed
 * value saves on Enter or leaving the field (1..9,999). An invalid value is reported to
 * `onInvalid`, so "Continuar" can wait for it to be corrected.
 */
function LineQuantity({ line, onInvalid }: { line: CartLine; onInvalid?: InvalidQuantityListener | undefined }) {
  const { setQuantity, step: stepQuantity } = useCartActions();
  const [text, setText] = useState(String(line.quantity));
  const id = useId();
  useEffect(() => setText(String(line.quantity)), [line.quantity]);
  const valid = typedQuantity(text) !== null;
  useEffect(() => {
    onInvalid?.(line.partId, !valid);
    return () => onInvalid?.(line.partId, false);
  }, [onInvalid, line.partId, valid]);
  const commit = () => {
    if (!valid) return;
    if (Number(text) !== line.quantity) void setQuantity(line.partId, Number(text)).catch(() => setText(String(line.quantity)));
  };
  const step = (delta: number) => {
    const next = Math.max(1, Math.min(MAX_QUANTITY, line.quantity + delta));
    if (next !== line.quantity) void stepQuantity(line.partId, delta).catch(() => {});
  };
  const button =
    'inline-flex size-9 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {ORDER_TEXTS.quantity} de {line.partNumber}
      </label>
      <div className="inline-flex items-center overflow-hidden rounded-md border border-slate-300 bg-white">
        <button
          type="button"
          className={button}
          aria-label={`Disminuir cantidad de ${line.partNumber}`}
          disabled={line.quantity <= 1}
          onClick={() => step(-1)}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          value={text}
          aria-invalid={valid ? undefined : true}
          aria-describedby={valid ? undefined : `${id}-error`}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          className="h-9 w-16 border-x border-slate-300 text-center text-base [appearance:textfield] aria-[invalid=true]:bg-accent-50 [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={button}
          aria-label={`Aumentar cantidad de ${line.partNumber}`}
          disabled={line.quantity >= MAX_QUANTITY}
          onClick={() => step(1)}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      {valid ? null : (
        <p id={`${id}-error`} className="mt-1 text-xs text-accent-700">
          {ORDER_TEXTS.quantityRange}
        </p>
      )}
    </div>
  );
}

/**
 * Told that a line's "Quitar" was pressed, before the line goes: the caller hands the keyboard's
 * focus on once it is gone. Each "Quitar" carries `data-remove-line` (the part id) to be found by.
 */
export type RemoveListener = (partId: number) => void;

/** One line: photo, code, description, sales unit, quantity, unit price (and the old one when it changed), subtotal, remove. */
function CartLineItem({
  line,
  onInvalid,
  onRemove,
}: {
  line: CartLine;
  onInvalid?: InvalidQuantityListener | undefined;
  onRemove?: RemoveListener | undefined;
}) {
  const { remove } = useCartActions();
  const changed = line.previousUnitPrice !== undefined;
  return (
    <li className="grid grid-cols-[4rem_minmax(0,1fr)] gap-3 py-3 sm:grid-cols-[4.5rem_minmax(0,1fr)_auto]">
      <div className="w-16 sm:w-[4.5rem]">
        <ProductImage src={photoThumbnail(line.imageUrl ?? undefined)} alt="" size={72} className="rounded border border-slate-100" />
      </div>
      <div className="min-w-0 space-y-1">
        <p className="font-mono text-xs font-semibold text-brand-700">{line.partNumber}</p>
        <p className="text-sm font-medium text-slate-900">{line.description}</p>
        <p className="text-xs text-slate-600">
          Unidad de venta: {line.salesUnit.trim() || DEFAULT_SALES_UNIT} · {line.stockLevel}
        </p>
        <p className="text-xs text-slate-600">
          {ORDER_TEXTS.unitPrice}: <span className="font-medium text-slate-900">{formatPrice(line.unitPrice)}</span>
          {changed ? (
            <span className="ml-1 text-amber-800">
              ({ORDER_TEXTS.priceChangedLine}: antes <s>{formatPrice(line.previousUnitPrice ?? null)}</s>)
            </span>
          ) : null}
        </p>
      </div>
      <div className="col-span-2 flex flex-wrap items-center justify-between gap-3 sm:col-span-1 sm:flex-col sm:items-end sm:justify-start">
        <LineQuantity line={line} onInvalid={onInvalid} />
        <p className="text-sm">
          <span className="text-slate-600">{ORDER_TEXTS.subtotal}: </span>
          <strong className="text-brand-800">{formatPrice(line.subtotal)}</strong>
        </p>
        <button
          type="button"
          data-remove-line={line.partId}
          onClick={() => {
            onRemove?.(line.partId);
            void remove(line.partId).catch(() => {});
          }}
          className="inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm text-accent-700 hover:bg-accent-50"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {ORDER_TEXTS.remove}
          <span className="sr-only"> {line.partNumber}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * The cart's lines, the parts no longer available, and the totals (priced total apart from
 * "Consultar Precio" lines). `onInvalidQuantity` hears of quantity fields holding an invalid value;
 * `onRemove` of a "Quitar" pressed.
 */
export function CartLines({
  cart,
  onInvalidQuantity,
  onRemove,
}: {
  cart: Cart;
  onInvalidQuantity?: InvalidQuantityListener;
  onRemove?: RemoveListener;
}) {
  const { remove } = useCartActions();
  return (
    <div className="space-y-3">
      {cart.pricesChanged ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {ORDER_TEXTS.pricesChanged}
        </p>
      ) : null}
      <ul aria-label="Repuestos del pedido" className="divide-y divide-slate-200">
        {cart.lines.map((line) => (
          <CartLineItem key={line.partId} line={line} onInvalid={onInvalidQuantity} onRemove={onRemove} />
        ))}
      </ul>
      {cart.unavailable.length > 0 ? (
        <ul aria-label="Repuestos no disponibles" className="space-y-2">
          {cart.unavailable.map((line) => (
            <li key={line.partId} className="flex items-center justify-between gap-3 rounded-md bg-slate-100 p-3 text-sm">
              <span>
                {line.partNumber ? <span className="font-mono font-semibold">{line.partNumber}: </span> : null}
                {line.message}
              </span>
              <button
                type="button"
                data-remove-line={line.partId}
                onClick={() => {
                  onRemove?.(line.partId);
                  void remove(line.partId).catch(() => {});
                }}
                className="shrink-0 rounded-md px-2 py-1 text-accent-700 hover:bg-white"
              >
                {ORDER_TEXTS.remove}
                {line.partNumber ? <span className="sr-only"> {line.partNumber}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <CartTotals cart={cart} />
    </div>
  );
}

/**
 * Total in ARS and, apart, how many lines have no price; when no line has one, the total is "A
 * consultar" (no "$ 0,00"), the count said once, by the note below (docs/product.md §16.1).
 */
export function CartTotals({ cart }: { cart: Pick<Cart, 'totals'> }) {
  const { totals } = cart;
  return (
    <div className="space-y-1 rounded-md bg-slate-50 p-3 text-right" aria-live="polite">
      <p className="text-base">
        {ORDER_TEXTS.total}:{' '}
        <strong className="text-xl text-brand-800">{allUnpriced(totals) ? UNPRICED_TOTAL : formatArs(totals.total)}</strong>
      </p>
      {totals.unpricedCount > 0 ? (
        <p className="text-xs text-slate-600">
          {formatCountOf(totals.unpricedCount, 'repuesto sin precio', 'repuestos sin precio')} ("Consultar Precio"):{' '}
          {totals.unpricedCount === 1 ? 'no se suma' : 'no se suman'} al total; Ventas le confirmará su precio.
        </p>
      ) : null}
    </div>
  );
}
