import { Check, Pencil, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useZodForm } from '../../../lib/form.ts';
import { fieldRefusal } from '../api.ts';

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
  /**
   * The field's rule, normally the shared body schema's (`salesUnitBodySchema.shape.salesUnit`): it
   * trims the text and gives the message shown when it refuses it. `null`/`undefined` output saves ''.
   */
  schema: z.core.$ZodType<string | null | undefined, string | null | undefined>;
  /**
   * Saves the parsed (trimmed) text. A rejected promise keeps the editor open: a refusal of `field`
   * is said under the input, any other failure is the caller's to toast.
   */
  onSave: (text: string) => Promise<unknown>;
  /**
   * The body field `onSave` sends (`salesUnit`, `videoUrl`…): when the server refuses it by name
   * (the error's `field`, docs/product.md §13.1) its message is shown on the input, which keeps the
   * focus, as the field's own rule's message is.
   */
  field?: string;
  /** How the saved value is shown; defaults to the text itself. */
  display?: (value: string) => ReactNode;
  inputType?: 'text' | 'url';
  className?: string;
}

/**
 * Click a value to edit it in place: Enter saves, Escape cancels (docs/product.md §10.2 "Unidades de Venta").
 * The text is trimmed; an unchanged value closes without a call. Focus returns to the value.
 */
export function InlineEdit({
  value,
  label,
  placeholder = '—',
  schema,
  onSave,
  field: bodyField,
  display,
  inputType = 'text',
  className,
}: InlineEditProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const formSchema = useMemo(() => z.object({ text: schema }), [schema]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isSubmitting: saving },
  } = useZodForm(formSchema, { defaultValues: { text: value } });
  const error = errors.text?.message;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const restoreFocus = useRef(false);
  const { ref: registerRef, onChange, ...field } = register('text');

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
    reset({ text: value });
    setEditing(true);
  };
  const close = () => {
    restoreFocus.current = true;
    clearErrors();
    setEditing(false);
  };
  const save = handleSubmit(
    async ({ text }) => {
      const trimmed = text ?? '';
      if (trimmed === value) {
        close();
        return;
      }
      try {
        await onSave(trimmed);
        close();
      } catch (error) {
        // Keep the text so the admin can retry or cancel: a refusal of this field is said under it,
        // any other failure has had its toast from the mutation.
        const refusal = bodyField ? fieldRefusal(error, bodyField) : null;
        if (refusal !== null) setError('text', { type: 'server', message: refusal });
        inputRef.current?.focus();
      }
    },
    () => inputRef.current?.focus(),
  );

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
        {/* The error goes under the whole row, buttons included, as an alert: not the kit's own. */}
        <FormField
          label={label}
          labelHidden
          density="compact"
          className="w-full"
          ref={(element) => {
            registerRef(element);
            inputRef.current = element;
          }}
          type={inputType}
          readOnly={saving}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...field}
          onChange={(event) => {
            if (error) clearErrors('text');
            return onChange(event);
          }}
          onKeyDown={(event) => {
            if (event.nativeEvent.isComposing) return;
            if (event.key === 'Enter') {
              event.preventDefault();
              if (!saving) void save();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close();
            }
          }}
          controlClassName="h-9 min-w-40 border-brand-500 px-2 read-only:bg-slate-100"
        />
        {/* Busy, not disabled, while saving: a disabled button drops the keyboard's focus to the page. */}
        <Button
          variant="ghost"
          size="icon"
          onClick={() => void save()}
          busy={saving}
          aria-label="Guardar"
          className="size-9 shrink-0 text-green-700 hover:bg-green-50"
        >
          <Check aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={close}
          busy={saving}
          aria-label="Cancelar"
          className="size-9 shrink-0 text-slate-600 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
