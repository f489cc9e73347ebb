/**
 * The one field kit of the web app's forms (public and admin): labelled inputs, selects, text areas
 * and search fields with their validation message and hint, linked by `aria-describedby`. Every
 * field takes react-hook-form's `register(...)` spread (name, ref, onChange, onBlur) or plain
 * `value`/`onChange`.
 */
import { Eye, EyeOff } from 'lucide-react';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { cn } from '../../lib/cn.ts';
import {
  compactSelectClasses,
  controlBase,
  controlClasses,
  describedBy,
  type FieldDensity,
  FieldShell,
  inputClasses,
} from './field-shell.tsx';

export type { FieldDensity } from './field-shell.tsx';
export { SearchField } from './search-field.tsx';

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
  density?: FieldDensity;
  /** The label for screen readers only (a control in a table cell). */
  labelHidden?: boolean;
  /** Extra classes of the input itself (`className` styles the field's wrapper). */
  controlClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its validation message. */
export function FormField({
  label,
  error,
  hint,
  requiredMark,
  revealable,
  density = 'comfortable',
  labelHidden,
  controlClassName,
  type = 'text',
  className,
  ref,
  ...input
}: FormFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const inputType = revealable && revealed ? 'text' : type;
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      hint={hint}
      requiredMark={requiredMark}
      density={density}
      labelHidden={labelHidden}
      className={className}
    >
      <div className="relative">
        <input
          id={id}
          ref={ref}
          type={inputType}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          aria-required={requiredMark ? true : undefined}
          className={cn(controlClasses(density), revealable && 'pr-11', controlClassName)}
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
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  density?: FieldDensity;
  /** The choices, in order. */
  options: readonly { value: string; label: string }[];
  /** The label for screen readers only (a control in a table cell). */
  labelHidden?: boolean;
  /** Extra classes of the select itself (`className` styles the field's wrapper). */
  controlClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select. */
export function SelectField({
  label,
  error,
  hint,
  density = 'comfortable',
  options,
  labelHidden,
  controlClassName,
  className,
  ref,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} density={density} labelHidden={labelHidden} className={className}>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(density === 'compact' ? compactSelectClasses : cn(inputClasses, 'px-2'), controlClassName)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string;
  /** Help under the text area, e.g. a live character counter. */
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled text area. */
export function TextAreaField({ label, error, hint, className, ref, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} density="comfortable" className={className}>
      <textarea
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(controlBase, 'p-3 text-base')}
        {...textarea}
      />
    </FieldShell>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  /** The text beside the box; it names the checkbox. */
  label: ReactNode;
  /** Shown after the label, outside the accessible name (e.g. an "Editado a mano" mark). */
  after?: ReactNode;
  /** A smaller line under the label that describes the box (`aria-describedby`). */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it; takes `register(...)` or `checked`/`onChange`. */
export function CheckboxField({ label, after, hint, className, ref, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2 text-sm text-slate-800', className)}>
      <input id={id} ref={ref} type="checkbox" aria-describedby={describedBy(id, null, hint)} className="size-5 shrink-0" {...input} />
      {hint ? (
        <div>
          <label htmlFor={id}>{label}</label>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        </div>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {after}
    </div>
  );
}
