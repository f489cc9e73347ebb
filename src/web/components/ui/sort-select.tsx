import { ArrowDownAZ, ArrowUpZA } from 'lucide-react';
import { useId } from 'react';
import type { PartSort, SortField } from '../../../shared/api.ts';

export type SortDirection = 'asc' | 'desc';

/** Labels of the sort select (docs/product.md §5.4: Código = partNumber, Descripción = description, Precio = price). */
export const SORT_LABELS: Record<SortField, string> = {
  partNumber: 'Código',
  description: 'Descripción',
  price: 'Precio',
};

/** Label of the best-match order, offered while a search is active (issue 18). */
export const RELEVANCE_LABEL = 'Relevancia';

export interface SortSelectProps<T extends PartSort> {
  sortBy: T;
  direction: SortDirection;
  onChange: (sortBy: T, direction: SortDirection) => void;
  /** Offer "Relevancia" first (only while a search is active). */
  relevance?: boolean;
}

/**
 * "Ordenar por" select plus a direction button. A native select: keyboard and screen-reader
 * friendly on every phone without extra code.
 */
export function SortSelect<T extends PartSort = SortField>({ sortBy, direction, onChange, relevance = false }: SortSelectProps<T>) {
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="sr-only text-sm text-slate-600 sm:not-sr-only">
        Ordenar por
      </label>
      <select
        id={id}
        value={sortBy}
        onChange={(event) => onChange(event.target.value as T, direction)}
        className="h-11 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 sm:h-10"
      >
        {relevance ? <option value="relevance">{RELEVANCE_LABEL}</option> : null}
        {(Object.keys(SORT_LABELS) as SortField[]).map((field) => (
          <option key={field} value={field}>
            {SORT_LABELS[field]}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => onChange(sortBy, direction === 'asc' ? 'desc' : 'asc')}
        aria-label={direction === 'asc' ? 'Orden ascendente' : 'Orden descendente'}
        title={direction === 'asc' ? 'Orden ascendente' : 'Orden descendente'}
        className="inline-flex size-11 items-center sm:size-10 justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
      >
        {direction === 'asc' ? <ArrowDownAZ aria-hidden="true" className="size-4" /> : <ArrowUpZA aria-hidden="true" className="size-4" />}
      </button>
    </div>
  );
}
