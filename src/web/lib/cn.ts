import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (strings, falsy values, arrays and `{class: condition}` objects, as clsx) and
 * resolves Tailwind conflicts so the later class wins: `cn('text-slate-700', 'text-accent-700')` →
 * `'text-accent-700'`. A component's `className` prop therefore overrides its own defaults.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
