import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';

/** Quantity input with − and + (minimum 1, docs/product.md §5.8). */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  const set = (n: number) => onChange(Math.max(1, Math.min(9999, Math.floor(n) || 1)));
  const button =
    'inline-flex size-10 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Cantidad
      </label>
      <div className="inline-flex items-center overflow-hidden rounded-md border border-slate-300 bg-white">
        <button type="button" className={button} aria-label="Disminuir cantidad" disabled={value <= 1} onClick={() => set(value - 1)}>
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={9999}
          value={value}
          onChange={(event) => set(Number(event.target.value))}
          className="h-10 w-16 border-x border-slate-300 text-center text-base [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button type="button" className={button} aria-label="Aumentar cantidad" onClick={() => set(value + 1)}>
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
