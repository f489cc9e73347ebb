import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import { cn } from '../../lib/cn.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'outline';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 select-none';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  accent: 'bg-accent-600 text-white hover:bg-accent-700',
  secondary: 'bg-slate-100 text-slate-800 hover:bg-slate-200',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
};

/** Class names of a button, for links styled as buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cn(base, variants[variant], sizes[size], extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
  /**
   * Working (a save or upload it started is pending): the button looks disabled, says so
   * (`aria-disabled="true"`, `aria-busy="true"`) and ignores presses, its `onClick` and the form
   * submit it would send, Enter in a field included; unlike `disabled`, it keeps the keyboard's
   * focus, which a disabled button drops to the page (docs/product.md §13.4).
   */
  busy?: boolean;
}

/** Stops a press of a busy button: no `onClick`, no form submit (cancelling the click cancels it). */
function ignorePress(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}

/**
 * The portal's button: `variant` and `size` pick its look, `className` overrides it, `type` is
 * `button` unless said otherwise, and `busy` holds it while its work is pending (see
 * {@link ButtonProps.busy}).
 */
export function Button({ variant = 'primary', size = 'md', className, type = 'button', busy = false, onClick, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, cn(busy && 'cursor-not-allowed opacity-50', className))}
      {...props}
      {...(busy ? { 'aria-disabled': true, 'aria-busy': true } : {})}
      onClick={busy ? ignorePress : onClick}
    />
  );
}
