import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';

/** The largest quantity a line can take (docs/product.md §16.1). */
const MAX_QUANTITY = 9999;

const clamp = (n: number) => Math.max(1, Math.min(MAX_QUANTITY, Math.floor(n) || 1));

/**
 * Quantity input with − and + (minimum 1, docs/product.md §5.8; at most 9999, §16.1). While typing, the
 * field holds what was typed, so it can be emptied and retyped (clearing 3 and typing 12 gives 12,
 * not 112); an empty field keeps the last quantity and shows it again when left.
 */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  // What the field shows while it is being typed in; null shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  const set = (n: number) => {
    setDraft(null);
    onChange(clamp(n));
  };
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
          max={MAX_QUANTITY}
          value={draft ?? value}
          onChange={(event) => {
            const typed = event.target.value;
            if (typed.trim() === '') {
              setDraft('');
              return;
            }
            const next = clamp(Number(typed));
            // A quantity out of range shows the one it became; an allowed one stays as typed.
            setDraft(Number(typed) === next ? typed : String(next));
            onChange(next);
          }}
          onBlur={() => setDraft(null)}
          className="h-10 w-16 border-x border-slate-300 text-center text-base [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button type="button" className={button} aria-label="Aumentar cantidad" onClick={() => set(value + 1)}>
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
