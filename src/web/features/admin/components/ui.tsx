/**
 * Small layout pieces shared by the admin tabs: cards, tables that scroll sideways, states. Form
 * fields are the app's one kit, components/ui/form-field.tsx.
 */
import { Loader2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../../../lib/cn.ts';

export function Section({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * Below 640 px a `stack`ed table shows each row as a card: cells one under another, each under the
 * name its `data-label` gives (the header row is kept for screen readers only), so edit fields are
 * reached without scrolling sideways (issue 21 item 11).
 */
const STACKED = cn(
  'max-sm:block max-sm:[&_tbody]:grid max-sm:[&_tbody]:gap-2 max-sm:[&_thead]:sr-only',
  'max-sm:[&_tr]:grid max-sm:[&_tr]:gap-1 max-sm:[&_tr]:rounded-md max-sm:[&_tr]:border max-sm:[&_tr]:border-slate-200 max-sm:[&_tr]:bg-white max-sm:[&_tr]:p-3',
  'max-sm:[&_tbody_td]:block max-sm:[&_tbody_th]:block max-sm:[&_tbody_td]:border-0 max-sm:[&_tbody_th]:border-0 max-sm:[&_tbody_td]:p-0 max-sm:[&_tbody_th]:p-0',
  'max-sm:[&_td[data-label]]:before:mb-0.5 max-sm:[&_td[data-label]]:before:block max-sm:[&_td[data-label]]:before:text-xs max-sm:[&_td[data-label]]:before:font-medium max-sm:[&_td[data-label]]:before:text-slate-500 max-sm:[&_td[data-label]]:before:content-[attr(data-label)]',
);

/**
 * A table that scrolls horizontally on narrow screens, or with `stack` becomes cards there. `relative`
 * keeps absolutely positioned descendants (the `sr-only` labels) inside the scroller: otherwise they
 * widen the page on phones.
 */
export function TableScroll({ children, label, stack = false }: { children: ReactNode; label: string; stack?: boolean }) {
  return (
    <div className={cn('relative sm:mx-0', stack ? 'sm:overflow-x-auto' : '-mx-4 overflow-x-auto')}>
      <table
        aria-label={label}
        className={cn('w-full border-collapse text-left text-sm sm:min-w-[640px]', !stack && 'min-w-[640px]', stack && STACKED)}
      >
        {children}
      </table>
    </div>
  );
}

export const th = 'border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600';
export const td = 'border-b border-slate-100 px-3 py-2 align-middle text-slate-800';

/**
 * A table's header row: one heading per column name, then (unless `actions` is false) a heading
 * over the row buttons, "Acciones", read by screen readers only.
 */
export function TableHead({ columns, actions = true }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((name) => (
          <th key={name} scope="col" className={th}>
            {name}
          </th>
        ))}
        {actions ? (
          <th scope="col" className={th}>
            <span className="sr-only">Acciones</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

export function LoadingState({ label = 'Cargando...' }: { label?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
      <Loader2 aria-hidden="true" className="size-4 animate-spin" />
      {label}
    </p>
  );
}

export { ErrorState } from '../../../components/ui/error-state.tsx';

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-slate-500">{children}</p>;
}

/** The account types an admin may give (docs/product.md §3.1), for a `SelectField`. */
export const PROFILE_TYPE_OPTIONS = [
  { value: 'client', label: 'Cliente' },
  { value: 'distributor', label: 'Distribuidor' },
] as const;
