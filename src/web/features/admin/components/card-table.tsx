/**
 * A table that becomes one card per row on phones (issue 21 item 11): below 768 px the rows stack as
 * bordered cards, each cell on its own line after its column name (from `data-label`), and the
 * header row is left to screen readers; from 768 px it is an ordinary table that may scroll
 * sideways. One markup for both, so keyboard order and tests are the same everywhere.
 */
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { th } from './ui.tsx';

/** Classes of a cell: a table cell, or on phones a line of its card led by the column name. */
const cellClasses = cn(
  'border-b border-slate-100 px-3 py-2 align-middle text-slate-800',
  'max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-2 max-md:border-0 max-md:px-0 max-md:py-1',
  'max-md:before:w-32 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-medium max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]',
);

export function CardTable({ label, columns, children }: { label: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="relative md:-mx-4 md:overflow-x-auto lg:mx-0">
      <table aria-label={label} className="w-full border-collapse text-left text-sm max-md:block md:min-w-[720px]">
        <thead className="max-md:sr-only">
          <tr>
            {columns.map((name) => (
              <th key={name} scope="col" className={th}>
                {name}
              </th>
            ))}
            <th scope="col" className={th}>
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody className="max-md:grid max-md:gap-3">{children}</tbody>
      </table>
    </div>
  );
}

/** A row: a card on phones. */
export function CardRow({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <tr
      className={cn(
        'max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:p-3',
        muted && 'bg-slate-50 text-slate-500',
      )}
    >
      {children}
    </tr>
  );
}

/** A data cell, named `label` on phones. */
export function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td data-label={label} className={cn(cellClasses, className)}>
      {children}
    </td>
  );
}

/** The row's heading cell (its name), the card's title on phones. */
export function HeadCell({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <th scope="row" className={cn(cellClasses, 'font-medium max-md:text-base max-md:before:hidden', className)}>
      {children}
    </th>
  );
}

/** The row's buttons, wrapping on phones. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className={cn(cellClasses, 'max-md:mt-2 max-md:border-t max-md:border-slate-100 max-md:pt-2')}>
      <div className="flex flex-wrap gap-1">{children}</div>
    </td>
  );
}
