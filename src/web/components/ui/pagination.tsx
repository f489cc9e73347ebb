import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';

/** Up to `max` page numbers around `page` (docs/product.md §5.4: up to 5 page numbers). */
export function pageWindow(page: number, pageCount: number, max = 5): number[] {
  if (pageCount <= 0) return [];
  const size = Math.min(max, pageCount);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * The page a typed "Ir a página" value means: digits only, clamped to 1…pageCount; `null` when the
 * text holds no number.
 */
export function parsePageInput(text: string, pageCount: number): number | null {
  const digits = text.trim();
  if (!/^\d+$/.test(digits)) return null;
  return Math.min(Math.max(1, Number(digits)), Math.max(1, pageCount));
}

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

const item =
  'inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-40 sm:h-10 sm:min-w-10';
const plain = 'border-slate-300 bg-white hover:bg-slate-50';

/** "Página [X] de Y" with an Ir button: Enter or Ir moves to the typed page (clamped). */
function PageField({ page, pageCount, onPageChange }: PaginationProps) {
  const [text, setText] = useState(String(page));
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = parsePageInput(text, pageCount);
    if (target === null) {
      setText(String(page));
      return;
    }
    setText(String(target));
    if (target !== page) onPageChange(target);
  };
  return (
    <form onSubmit={submit} noValidate className="flex items-center gap-1.5 text-sm text-slate-700">
      <label htmlFor={id}>Página</label>
      <input
        id={id}
        aria-label={`Ir a página (de ${pageCount})`}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onFocus={(event) => event.target.select()}
        className="h-11 w-16 rounded-md border border-slate-300 bg-white px-2 text-center tabular-nums focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:h-10"
      />
      <span>de {pageCount}</span>
      <button type="submit" className={cn(item, plain)}>
        Ir
      </button>
    </form>
  );
}

/**
 * Primera, Anterior, up to five numbered pages, Siguiente, Última, and a "Página X de Y" field to
 * jump to any page (docs/product.md §5.4; issue 22: catalogues of 160+ pages). Targets are 44 px on
 * phones. Hidden when there is a single page.
 */
export function Pagination({ page, pageCount, onPageChange }: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount);
  return (
    <nav aria-label="Paginación" className="flex flex-col items-center gap-2">
      <div className="flex flex-wrap items-center justify-center gap-1.5">
        <button
          type="button"
          aria-label="Primera página"
          title="Primera página"
          className={cn(item, plain, 'px-0')}
          disabled={page <= 1}
          onClick={() => onPageChange(1)}
        >
          <ChevronsLeft aria-hidden="true" className="size-4" />
        </button>
        <button type="button" className={cn(item, plain)} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Anterior
        </button>
        {pages.map((n) => (
          <button
            key={n}
            type="button"
            aria-label={`Página ${n}`}
            aria-current={n === page ? 'page' : undefined}
            className={cn(item, n === page ? 'border-brand-700 bg-brand-700 text-white' : plain)}
            onClick={() => onPageChange(n)}
          >
            {n}
          </button>
        ))}
        <button type="button" className={cn(item, plain)} disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
          Siguiente
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          aria-label="Última página"
          title="Última página"
          className={cn(item, plain, 'px-0')}
          disabled={page >= pageCount}
          onClick={() => onPageChange(pageCount)}
        >
          <ChevronsRight aria-hidden="true" className="size-4" />
        </button>
      </div>
      <PageField key={`${page}/${pageCount}`} page={page} pageCount={pageCount} onPageChange={onPageChange} />
    </nav>
  );
}
