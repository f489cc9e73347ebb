import { AlertTriangle, PackageSearch, RotateCw, WifiOff, X } from 'lucide-react';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { UserType } from '../../../../shared/api.ts';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product/product-grid.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SortSelect } from '../../../components/ui/sort-select.tsx';
import { ViewToggle } from '../../../components/ui/view-toggle.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCount, formatCountOf } from '../../../lib/format.ts';
import { useViewMode } from '../../../lib/use-view-mode.ts';
import { usePartsList } from '../api.ts';
import { type CatalogueStateApi, catalogueSearchString } from '../use-catalogue-state.ts';

export interface CatalogueResultsProps {
  catalogue: CatalogueStateApi;
  userType: UserType;
  /** Category name, or TODOS LOS PRODUCTOS. */
  title: string;
}

/** Shown when the list could not load (docs/product.md §5.4). */
export function CatalogueError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-12 text-center">
      <AlertTriangle aria-hidden="true" className="size-10 text-red-600" />
      <h3 className="text-lg font-semibold text-red-900">Error al cargar el catálogo</h3>
      <p className="max-w-md text-sm text-red-800">Recargue la página o intente nuevamente más tarde.</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        Reintentar
      </Button>
    </div>
  );
}

/**
 * Shown instead of the list when the page asked for could not load for lack of connection (issue 22):
 * the previous search's parts are never shown under the new one. A paused query runs by itself when
 * the connection returns; Reintentar asks again at once.
 */
export function CatalogueOffline({ search, onRetry }: { search: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-6 py-12 text-center">
      <WifiOff aria-hidden="true" className="size-10 text-amber-700" />
      <h3 className="text-lg font-semibold text-amber-950">Sin conexión</h3>
      <p className="max-w-md text-sm text-amber-900">
        {search ? `No se pudo buscar «${search}» porque no hay conexión.` : 'No se pudieron cargar estos productos porque no hay conexión.'}{' '}
        Se cargarán al volver la conexión.
      </p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        Reintentar
      </Button>
    </div>
  );
}

/** A part number offered by "¿Quiso decir …?", with the catalogue URL that searches it. */
export interface SuggestedCode {
  partNumber: string;
  href: string;
}

/**
 * "¿Quiso decir …?" (docs/product.md §6.1): a code that found nothing, with the existing part numbers
 * one edit from it (`D-956C` for `D-965C`), each a real link that searches it (its part ranks first
 * as an exact code). Offered only: the search is never run on them in its place.
 */
export function DidYouMean({ codes, onPick }: { codes: readonly SuggestedCode[]; onPick: (partNumber: string) => void }) {
  return (
    <p className="max-w-md text-sm text-slate-700">
      ¿Quiso decir{' '}
      {codes.map((code, index) => (
        <span key={code.partNumber}>
          {index === 0 ? '' : index === codes.length - 1 ? ' o ' : ', '}
          <a
            href={code.href}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onPick(code.partNumber);
            }}
            className="font-mono font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            {code.partNumber}
          </a>
        </span>
      ))}
      ?
    </p>
  );
}

/** Shown when nothing matches (docs/product.md §5.4), with "¿Quiso decir …?" for a code with a typo (§6.1). */
export function CatalogueEmpty({
  onReset,
  suggestions,
}: {
  onReset?: () => void;
  suggestions?: { codes: readonly SuggestedCode[]; onPick: (partNumber: string) => void };
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <PackageSearch aria-hidden="true" className="size-10 text-slate-400" />
      <h3 className="text-lg font-semibold text-slate-900">No se encontraron productos</h3>
      {suggestions?.codes.length ? <DidYouMean codes={suggestions.codes} onPick={suggestions.onPick} /> : null}
      <p className="max-w-md text-sm text-slate-600">Intente cambiar los filtros o los términos de búsqueda.</p>
      {onReset ? (
        <Button variant="outline" onClick={onReset}>
          Ver todos los productos
        </Button>
      ) : null}
    </div>
  );
}

/**
 * "Mostrando resultados para «…»" (issue 18): the search found parts only after correcting a typo; the
 * link searches exactly what was typed (`exact=1`). A real link, so it can open in a new tab too.
 */
export function CorrectedSearchNotice({
  corrected,
  typed,
  href,
  onSearchExactly,
}: {
  corrected: string;
  typed: string;
  href: string;
  onSearchExactly: () => void;
}) {
  return (
    <p className="text-sm text-slate-700">
      Mostrando resultados para <strong className="font-semibold text-slate-900">«{corrected}»</strong>.{' '}
      <a
        href={href}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onSearchExactly();
        }}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        Buscar exactamente «{typed}»
      </a>
    </p>
  );
}

/**
 * The catalogue list (docs/product.md §5.4): title bar, sort select, grid/list toggle, "Mostrando X de N
 * repuestos", the parts, pagination (page size 60), and the loading, empty and error states.
 */
export function CatalogueResults({ catalogue, userType, title }: CatalogueResultsProps) {
  const { state, filtered } = catalogue;
  const [view, setView] = useViewMode();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = usePartsList({ ...state, userType });
  // Offline, a new page or search waits paused (or fails with no answer at all): what is on screen
  // then belongs to another query, so it is not shown as this one's answer (issue 22).
  const offline =
    (query.fetchStatus === 'paused' && (query.isPlaceholderData || query.data === undefined)) ||
    (query.isError && query.data === undefined && query.error instanceof ApiError && query.error.code === 'NETWORK');
  // The cards render in the background once the data is here, in slices that leave the page
  // responsive: 60 cards rendered in one go block a slow phone for a few hundred ms.
  const deferred = useDeferredValue(query.data);
  const data = offline ? undefined : deferred;
  const rendering = !offline && deferred !== query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  // A page past the end (an old link, `pagina=9` of 4) moves to the last page, in place of the URL.
  const lastPage = query.data && !query.isPlaceholderData ? Math.max(1, Math.ceil(query.data.total / query.data.limit)) : undefined;
  const { setPage } = catalogue;
  useEffect(() => {
    if (lastPage !== undefined && state.page > lastPage) setPage(lastPage, 'replace');
  }, [lastPage, state.page, setPage]);
  // Its empty answer is never shown as "Mostrando 0 de N": the last page loads instead.
  const pastTheEnd = data !== undefined && data.parts.length === 0 && data.total > 0;

  const [location] = useLocation();
  const exactHref = `${location}?${catalogueSearchString({ ...state, page: 1, exact: true })}`;

  // "¿Quiso decir …?": only the answer for this search's own codes, never a previous one's kept on screen.
  const suggestedCodes =
    data && !query.isPlaceholderData && data === query.data && state.search
      ? (data.suggestedPartNumbers ?? []).map((partNumber) => ({
          partNumber,
          href: `${location}?${catalogueSearchString({ ...state, search: partNumber, page: 1, exact: false })}`,
        }))
      : [];
  const searchCode = (partNumber: string) => {
    catalogue.setSearch(partNumber);
    // The link leaves with the empty state: the focus goes to the list's heading, not to <body>.
    headingRef.current?.focus({ preventScroll: true });
  };

  const goToPage = (page: number) => {
    catalogue.setPage(page);
    headingRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
  };

  return (
    <section aria-labelledby="catalogue-title" className="space-y-4">
      <div className="flex flex-col gap-3 rounded-lg bg-brand-800 px-4 py-3 text-white sm:flex-row sm:items-center sm:justify-between">
        <h2
          id="catalogue-title"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-36 text-lg font-bold uppercase tracking-wide 2xl:scroll-mt-24"
        >
          {title}
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-slate-900 [&_label]:text-brand-100">
          <SortSelect sortBy={state.sortBy} direction={state.sortDir} onChange={catalogue.setSort} relevance={state.search !== ''} />
          <ViewToggle value={view} onChange={setView} />
        </div>
      </div>

      {state.search || state.brand ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {state.search ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-brand-800">
              Búsqueda: «{state.search}»
              <button
                type="button"
                aria-label="Quitar búsqueda"
                onClick={() => catalogue.setSearch('')}
                className="relative rounded-full p-0.5 hover:bg-brand-100 max-sm:before:absolute max-sm:before:-inset-3.5 max-sm:before:content-['']"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </span>
          ) : null}
          {state.brand ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-brand-800">
              Marca: {state.brand}
              <button
                type="button"
                aria-label="Quitar marca"
                onClick={() => catalogue.setBrand('')}
                className="relative rounded-full p-0.5 hover:bg-brand-100 max-sm:before:absolute max-sm:before:-inset-3.5 max-sm:before:content-['']"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </span>
          ) : null}
        </div>
      ) : null}

      {data?.correctedSearch && state.search ? (
        <CorrectedSearchNotice
          corrected={data.correctedSearch}
          typed={state.search}
          href={exactHref}
          onSearchExactly={catalogue.searchExactly}
        />
      ) : null}

      {offline ? (
        <CatalogueOffline search={state.search} onRetry={() => void query.refetch()} />
      ) : (!data && (query.isPending || rendering)) || pastTheEnd ? (
        <ProductGridSkeleton />
      ) : query.isError && !data ? (
        <CatalogueError onRetry={() => void query.refetch()} />
      ) : data && data.total === 0 ? (
        <CatalogueEmpty
          onReset={filtered ? catalogue.reset : undefined}
          suggestions={suggestedCodes.length ? { codes: suggestedCodes, onPick: searchCode } : undefined}
        />
      ) : data ? (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            Mostrando {formatCount(data.parts.length)} de {formatCountOf(data.total, 'repuesto', 'repuestos')}
          </p>
          <div
            className={query.isPlaceholderData || rendering ? 'opacity-60 transition-opacity' : undefined}
            aria-busy={query.isFetching || rendering}
          >
            <ProductGrid parts={data.parts} view={view} />
          </div>
          <Pagination page={state.page} pageCount={pageCount} onPageChange={goToPage} />
        </>
      ) : null}
    </section>
  );
}
