/**
 * What every field of the kit shares (components/ui/form-field.tsx): the control classes and the
 * label/hint/error shell. A module of its own so that the search field of the first screen (the
 * category index) loads without the rest of the kit.
 */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** `comfortable`: the public forms' 44 px touch targets; `compact`: the admin panel's denser rows. */
export type FieldDensity = 'comfortable' | 'compact';

/** The border, colours and states every control of the kit shares. */
export const controlBase =
  'w-full rounded-md border border-slate-300 bg-white text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-500 disabled:bg-slate-100 aria-[invalid=true]:border-accent-600';

export const inputClasses = cn(controlBase, 'h-11 px-3 text-base');
/** Inputs of the admin panel, also for bare inputs in table cells. */
export const compactInputClasses = cn(controlBase, 'h-10 px-3 text-sm');
/** Selects of the admin panel. */
export const compactSelectClasses = cn(controlBase, 'h-10 w-auto px-2 text-sm');

/** The input classes of a density. */
export const controlClasses = (density: FieldDensity) => (density === 'compact' ? compactInputClasses : inputClasses);

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  requiredMark?: boolean;
  density: FieldDensity;
  /** Keeps the label for screen readers only (a control in a table cell, named by its row). */
  labelHidden?: boolean;
  className?: string;
  children: ReactNode;
}

/** Ids a control points its `aria-describedby` at: the error, then the hint. */
export function describedBy(id: string, error: unknown, hint: unknown): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/** Label (with the optional required mark) above the control, hint and error below. */
export function FieldShell({ id, label, error, hint, requiredMark, density, labelHidden, className, children }: FieldShellProps) {
  return (
    <div className={cn(density === 'compact' ? 'grid gap-1' : 'space-y-1.5', className)}>
      <div className={cn('flex gap-1 text-sm font-medium', labelHidden && 'sr-only')}>
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
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-accent-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
