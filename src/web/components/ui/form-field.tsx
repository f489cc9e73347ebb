import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';

export const inputClasses =
  'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-500 aria-[invalid=true]:border-accent-600';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Validation message shown under the input and linked with `aria-describedby`. */
  error?: string;
  /** Extra help text under the input. */
  hint?: ReactNode;
  /** Marks the label with an asterisk (the input gets `aria-required`). */
  requiredMark?: boolean;
  /** For password inputs: adds a show/hide toggle. */
  revealable?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its validation message. Works with react-hook-form's `register(...)`
 * spread (name, ref, onChange, onBlur).
 */
export function FormField({ label, error, hint, requiredMark, revealable, type = 'text', className, ref, ...input }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const inputType = revealable && revealed ? 'text' : type;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex gap-1 text-sm font-medium">
        <label htmlFor={id} className="text-slate-700">
          {label}
        </label>
        {/* Outside the label so the accessible name stays the label text; aria-required says it. */}
        {requiredMark ? (
          <span aria-hidden="true" className="text-accent-700">
            *
          </span>
        ) : null}
      </div>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          type={inputType}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={requiredMark ? true : undefined}
          className={cn(inputClasses, revealable && 'pr-11')}
          {...input}
        />
        {revealable ? (
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            aria-pressed={revealed}
            aria-label={typeof label === 'string' ? `Mostrar ${label.toLowerCase()}` : 'Mostrar contraseña'}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900"
          >
            {revealed ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-accent-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
