import { Check, Pencil, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/** "Unidad de venta" → "unidad de venta"; acronyms ("URL del video") stay as they are. */
function lowerFirst(text: string): string {
  const second = text.charAt(1);
  return second && second === second.toUpperCase() && second !== second.toLowerCase() ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

export interface InlineEditProps {
  /** The saved value; '' when there is none. */
  value: string;
  /** What is edited, e.g. "Unidad de venta de PN-1": the input's label and part of the button's name. */
  label: string;
  /** Shown instead of an empty value. */
  placeholder?: string;
  /** Returns an error message for the trimmed text, or null when it may be saved. */
  validate?: (text: string) => string | null;
  /** Saves the trimmed text. A rejected promise keeps the editor open (the caller toasts). */
  onSave: (text: string) => Promise<unknown>;
  /** How the saved value is shown; defaults to the text itself. */
  display?: (value: string) => ReactNode;
  inputType?: 'text' | 'url';
  className?: string;
}

/**
 * Click a value to edit it in place: Enter saves, Escape cancels (docs/product.md §10.2 "Unidades de Venta").
 * The text is trimmed; an unchanged value closes without a call. Focus returns to the value.
 */
export function InlineEdit({ value, label, placeholder = '—', validate, onSave, display, inputType = 'text', className }: InlineEditProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const restoreFocus = useRef(false);

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (restoreFocus.current) {
      restoreFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [editing]);

  const open = () => {
    setText(value);
    setError(null);
    setEditing(true);
  };
  const close = () => {
    restoreFocus.current = true;
    setError(null);
    setEditing(false);
  };
  const save = async () => {
    if (saving) return;
    const trimmed = text.trim();
    const problem = validate?.(trimmed) ?? null;
    if (problem) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    if (trimmed === value) {
      close();
      return;
    }
    setSaving(true);
    try {
      await onSave(trimmed);
      close();
    } catch {
      // The mutation has shown its toast; keep the text so the admin can retry or cancel.
      inputRef.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <button
        ref={buttonRef}
        type="button"
        onClick={open}
        className={cn(
          'group inline-flex max-w-full items-center gap-2 rounded px-2 py-1 text-left hover:bg-brand-50 focus-visible:bg-brand-50',
          className,
        )}
      >
        <span className={cn('min-w-0 truncate', !value && 'italic text-slate-400')}>
          {value ? (display ? display(value) : value) : placeholder}
        </span>
        <Pencil aria-hidden="true" className="size-3.5 shrink-0 text-slate-400 group-hover:text-brand-700" />
        <span className="sr-only">— Editar {lowerFirst(label)}</span>
      </button>
    );
  }

  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          ref={inputRef}
          id={id}
          type={inputType}
          value={text}
          disabled={saving}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(event) => {
            if (event.nativeEvent.isComposing) return;
            if (event.key === 'Enter') {
              event.preventDefault();
              void save();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close();
            }
          }}
          className={cn(
            'h-9 w-full min-w-40 rounded-md border bg-white px-2 text-sm disabled:bg-slate-100',
            error ? 'border-red-500' : 'border-brand-500',
          )}
        />
        <button
          type="button"
          onClick={() => void save()}
          disabled={saving}
          aria-label="Guardar"
          className="flex size-9 shrink-0 items-center justify-center rounded-md text-green-700 hover:bg-green-50"
        >
          <Check aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          onClick={close}
          disabled={saving}
          aria-label="Cancelar"
          className="flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
