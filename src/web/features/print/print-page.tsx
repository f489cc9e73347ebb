import { Loader2, Printer } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { formatPrintDateTime, groupForPrint, PRINT_TEXTS, type PrintGroup } from '../../../shared/print.ts';
import { routes } from '../../app/paths.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { formatCount } from '../../lib/format.ts';
import { usePublicConfigState } from '../../lib/public-config.ts';
import { PdfButton } from '../exports/index.ts';
import type { PrintPart } from './load-print-parts.ts';
import { PrintCatalogue } from './print-catalogue.tsx';
import { parsePrintOptions } from './print-options.ts';
import { usePrintParts } from './use-print-parts.ts';
import './print-page.css';

/** Delay between the data arriving and the print dialog (docs/product.md §9.3). */
export const PRINT_DELAY_MS = 500;

export const PRINT_PAGE_TEXTS = {
  print: 'IMPRIMIR',
  back: 'Volver al catálogo',
  loading: 'Cargando…',
  loadError: 'Error al cargar el catálogo',
  retry: 'Reintentar',
  badParams: 'Los parámetros de impresión no son válidos.',
} as const;

const products = (n: number) => `${formatCount(n)} ${n === 1 ? 'producto' : 'productos'}`;
const NO_GROUPS: PrintGroup<PrintPart>[] = [];

/**
 * The printable catalogue at `/print` (docs/product.md §9.3). Query: `categoryIds` (comma list or
 * `all`), `categoryName`, `includeImages`, `includePrices`. Loads every part in one streamed call
 * (no cap, issue 22), groups them with `groupForPrint`, opens the print dialog
 * {@link PRINT_DELAY_MS} after everything has loaded, and returns to the home route after printing.
 * Buttons: IMPRIMIR and "Descargar PDF" (the same selection as a PDF).
 */
export function PrintPage() {
  const [params] = useSearchParams();
  const options = useMemo(() => parsePrintOptions(params), [params]);
  const { config, loaded: configLoaded } = usePublicConfigState();
  const [, navigate] = useLocation();
  const load = usePrintParts(options.categoryIds, options.includePrices);
  const result = load.status === 'done' ? load.result : null;
  const groups = useMemo(() => (result ? groupForPrint(result.parts) : NO_GROUPS), [result]);

  // Print once everything is on screen (the brand included); not for an empty list.
  const ready = result !== null && result.parts.length > 0 && configLoaded;
  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready]);

  // After printing (or cancelling the dialog) the browser fires `afterprint`: back to the catalogue.
  useEffect(() => {
    const back = () => navigate(routes.home);
    window.addEventListener('afterprint', back);
    return () => window.removeEventListener('afterprint', back);
  }, [navigate]);

  // The title names the file when the browser saves the print as PDF.
  const title = [PRINT_TEXTS.title, options.categoryName, config.brandName].filter(Boolean).join(' - ');
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  const columns = { includeImages: options.includeImages, includePrices: options.includePrices };

  return (
    <div className="print-page mx-auto min-h-dvh max-w-5xl bg-white px-4 py-6 text-slate-900 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center gap-2 print:hidden">
        <Button onClick={() => window.print()} disabled={!result}>
          <Printer aria-hidden="true" className="size-4" />
          {PRINT_PAGE_TEXTS.print}
        </Button>
        {options.categoryIds !== null ? (
          <PdfButton
            categoryIds={options.categoryIds}
            categoryName={options.categoryName || undefined}
            includeImages={options.includeImages}
            includePrices={options.includePrices}
            tone="page"
            variant="outline"
          />
        ) : null}
        <Link href={routes.home} className={buttonClasses('ghost')}>
          {PRINT_PAGE_TEXTS.back}
        </Link>
      </div>

      <header className="mb-6 border-b-2 border-slate-900 pb-3">
        <p className="text-sm font-bold uppercase tracking-wide text-brand-700">{config.brandName}</p>
        <h1 className="text-2xl font-bold">{PRINT_TEXTS.title}</h1>
        {options.categoryName ? <p className="text-lg font-semibold text-slate-700">{options.categoryName}</p> : null}
        {result ? <p className="text-sm text-slate-600">{products(result.parts.length)}</p> : null}
      </header>

      <main>
        {options.categoryIds === null ? (
          <p role="alert" className="py-12 text-center text-accent-700">
            {PRINT_PAGE_TEXTS.badParams}
          </p>
        ) : load.status === 'loading' ? (
          <p role="status" className="flex items-center justify-center gap-2 py-12 text-slate-600">
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            <span>
              {PRINT_PAGE_TEXTS.loading}
              {load.progress.total !== null ? ` ${formatCount(load.progress.loaded)} de ${products(load.progress.total)}` : null}
            </span>
          </p>
        ) : load.status === 'error' ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
            <p className="font-semibold text-accent-700">{PRINT_PAGE_TEXTS.loadError}</p>
            <Button variant="outline" onClick={load.retry} className="print:hidden">
              {PRINT_PAGE_TEXTS.retry}
            </Button>
          </div>
        ) : (
          <PrintCatalogue groups={groups} columns={columns} />
        )}
      </main>

      <footer className="mt-8 flex flex-wrap justify-between gap-2 border-t border-slate-300 pt-3 text-xs text-slate-600">
        <span>{config.tagline}</span>
        <span>Generado el {formatPrintDateTime(load.status === 'done' ? load.loadedAt : new Date())}</span>
      </footer>
    </div>
  );
}
