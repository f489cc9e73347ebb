import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** Up to `max` page numbers around `page` (docs/product.md §5.4: up to 5 page numbers). */
export function pageWindow(page: number, pageCount: number, max = 5): number[] {
  if (pageCount <= 0) return [];
  const size = Math.min(max, pageCount);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/** Anterior, up to five numbered pages, Siguiente. Hidden when there is a single page. */
export function Pagination({ page, pageCount, onPageChange }: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount);
  const item =
    'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav aria-label="Paginación" className="flex flex-wrap items-center justify-center gap-1.5">
      <button
        type="button"
        className={cn(item, 'border-slate-300 bg-white hover:bg-slate-50')}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Anterior
      </button>
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          aria-label={`Página ${n}`}
          aria-current={n === page ? 'page' : undefined}
          className={cn(item, n === page ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white hover:bg-slate-50')}
          onClick={() => onPageChange(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={cn(item, 'border-slate-300 bg-white hover:bg-slate-50')}
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        Siguiente
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
