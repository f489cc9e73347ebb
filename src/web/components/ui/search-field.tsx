/**
 * The kit's search field (components/ui/form-field.tsx re-exports it): a labelled search input with
 * a magnifier and an optional clear button. Its own module: the category index on the first screen
 * uses it, and the first load should not carry the whole form kit.
 */
import { Search, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { compactInputClasses, describedBy, FieldShell } from './field-shell.tsx';

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  hint?: ReactNode;
  /** The label for screen readers only (the placeholder says it on screen). */
  labelHidden?: boolean;
  /**
   * The name of a "clear" button shown while there is text; with it, Escape also clears the text
   * (and does not reach an enclosing dialog or drawer).
   */
  clearLabel?: string;
  autoComplete?: string;
  /** Extra classes of the input itself (`className` styles the field's wrapper). */
  controlClassName?: string;
  className?: string;
}

/** A labelled search input with a magnifier (the admin lists' filters, the category index). */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  hint,
  labelHidden,
  clearLabel,
  autoComplete,
  controlClassName,
  className,
}: SearchFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} density="compact" labelHidden={labelHidden} className={className}>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (clearLabel && event.key === 'Escape' && value) {
              event.stopPropagation();
              onChange('');
            }
          }}
          className={cn(compactInputClasses, 'pl-9', clearLabel && 'pr-11 [&::-webkit-search-cancel-button]:hidden', controlClassName)}
          aria-describedby={describedBy(id, null, hint)}
        />
        {clearLabel && value ? (
          <button
            type="button"
            onClick={() => onChange('')}
            aria-label={clearLabel}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
    </FieldShell>
  );
}
