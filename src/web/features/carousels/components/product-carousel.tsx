import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { Collection, Part } from '../../../../shared/api.ts';
import { paths } from '../../../app/paths.ts';
import { ProductCard } from '../../../components/product/product-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePrefersReducedMotion } from '../../../lib/use-media-query.ts';
import { useAutoAdvance } from '../use-auto-advance.ts';
import type { CarouselApi } from './embla-controller.tsx';

// embla (the sliding) loads once a carousel has cards to slide; until then the first cards show
// in place, exactly where embla starts, so nothing moves when it attaches. Should its chunk fail to
// load, the carousel stays still (arrows disabled) rather than taking the page down.
const EmblaController = lazy(() => import('./embla-controller.tsx').catch(() => ({ default: () => null })));

export interface ProductCarouselProps {
  type: Collection;
  title: string;
  parts: Part[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** 3 visible items paged by 3 instead of 4 (docs/product.md §5.3). */
  compact?: boolean;
}

/**
 * One home carousel (docs/product.md §5.3): title, "Ver todos" link to /catalog-all/{type}, 4 visible
 * cards (3 in compact; 2 on phones, 3 on tablets), paged by the visible count, auto-advancing
 * every 4 s with wrap-around, paused on hover or focus and under prefers-reduced-motion.
 */
export function ProductCarousel({ type, title, parts, isPending, isError, compact = false }: ProductCarouselProps) {
  const headingId = useId();
  const reducedMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [api, setApi] = useState<CarouselApi | undefined>();
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const sync = useCallback(() => {
    if (!api) return;
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api, sync]);

  useAutoAdvance(api, !hovered && !focused && !reducedMotion);

  if (!isPending && !isError && (!parts || parts.length === 0)) return null;

  const slide = cn('min-w-0 shrink-0 grow-0 basis-1/2 pl-3 sm:basis-1/3', compact ? 'lg:basis-1/3' : 'lg:basis-1/4');
  const arrow =
    'hidden sm:inline-flex size-9 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-40';

  return (
    <section
      aria-labelledby={headingId}
      aria-roledescription="carrusel"
      className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-bold text-brand-900 sm:text-lg">
          {type === 'on-sale' ? (
            <span className="mr-2 inline-block size-2 rounded-full bg-accent-600 align-middle" aria-hidden="true" />
          ) : null}
          {title}
        </h2>
        <div className="flex items-center gap-2">
          <Link
            href={paths.catalogAll(type)}
            className="whitespace-nowrap rounded px-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            Ver todos<span className="sr-only"> {title}</span>
          </Link>
          <button type="button" className={arrow} onClick={() => api?.scrollPrev()} disabled={!canPrev} aria-label={`Retroceder ${title}`}>
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
          <button type="button" className={arrow} onClick={() => api?.scrollNext()} disabled={!canNext} aria-label={`Avanzar ${title}`}>
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      {isPending ? (
        // The viewport's own box around the placeholder, so the cards replace it without moving.
        <div className="overflow-hidden">
          <div className="-ml-3 flex" role="status">
            <span className="sr-only">Cargando productos...</span>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className={cn(slide, i >= 2 && 'hidden sm:block', i >= 3 && 'sm:hidden lg:block')}>
                {/* Same box as a dense card (4:3 image + text block), so loading does not shift the page. */}
                <div className="overflow-hidden rounded-lg border border-slate-200">
                  <Skeleton className="aspect-[4/3] w-full rounded-none" />
                  <div className="h-[146px] space-y-2 p-3">
                    <Skeleton className="h-3 w-1/3" />
                    <Skeleton className="h-4 w-full" />
                    <Skeleton className="h-4 w-2/3" />
                  </div>
                </div>
              </div>
            ))}
          </div>
        </div>
      ) : isError ? (
        <p className="py-6 text-center text-sm text-slate-500">No se pudieron cargar los productos.</p>
      ) : (
        <div className="overflow-hidden" ref={setViewport}>
          <ul className="-ml-3 flex touch-pan-y">
            {parts?.map((part) => (
              <li key={part.id} className={slide}>
                <ProductCard part={part} showOriginal={type === 'on-sale'} dense />
              </li>
            ))}
          </ul>
        </div>
      )}
      {viewport ? (
        <Suspense fallback={null}>
          <EmblaController viewport={viewport} onApi={setApi} />
        </Suspense>
      ) : null}
    </section>
  );
}
