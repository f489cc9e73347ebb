import { memo, startTransition, useEffect, useState } from 'react';
import type { Part } from '../../../shared/api.ts';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import type { ViewMode } from '../ui/view-toggle.tsx';
import { ProductCard } from './product-card.tsx';

/** Column classes: catalogue (with the index beside it) or full-width collection pages (2 to 6). */
const columns = {
  catalogue: 'grid-cols-2 sm:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5',
  wide: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6',
} as const;

/** Cards of a list's first render: a phone's first screen (issue 22). */
const FIRST_RENDER_CARDS = 4;
/** Cards each following render adds. */
const CARDS_PER_STEP = 8;

/**
 * How many of `parts` to render: the first screen's cards at once, then eight more per render, each
 * in a transition React runs after the previous one is on screen. A slow phone paints the top of a
 * 60-card page (and its largest paint, the first photo) without waiting to build and lay out the
 * other 56, and no single step blocks a tap for long (docs/performance.md, "Phone catalogue").
 * Starts over for another list (page, search or category), not for the same parts in a new array.
 */
function useProgressiveCount(parts: readonly Pick<Part, 'id'>[]): number {
  const list = parts.map((part) => part.id).join(',');
  const [state, setState] = useState({ list, count: FIRST_RENDER_CARDS });
  let count = state.count;
  if (state.list !== list) {
    count = FIRST_RENDER_CARDS;
    setState({ list, count });
  }
  useEffect(() => {
    if (state.list === list && state.count < parts.length) {
      startTransition(() => setState((current) => (current.list === list ? { list, count: current.count + CARDS_PER_STEP } : current)));
    }
  }, [state, list, parts.length]);
  return Math.min(count, parts.length);
}

export interface ProductGridProps {
  parts: Part[];
  view?: ViewMode;
  showOriginal?: boolean;
  columns?: keyof typeof columns;
  onOpen?: (part: Part) => void;
}

/**
 * Parts as a card grid or a list. The first row loads eagerly (LCP); the rest lazily. Memoized:
 * a parent that re-renders with the same parts (a deferred value catching up) skips the cards.
 */
export const ProductGrid = memo(function ProductGrid({
  parts,
  view = 'grid',
  showOriginal = false,
  columns: cols = 'catalogue',
  onOpen,
}: ProductGridProps) {
  const shown = useProgressiveCount(parts);
  return (
    <ul className={cn(view === 'grid' ? cn('grid gap-3', columns[cols]) : 'flex flex-col gap-2')}>
      {parts.slice(0, shown).map((part, index) => (
        <li key={part.id}>
          <ProductCard part={part} layout={view} showOriginal={showOriginal} onOpen={onOpen} imageLoading={index < 4 ? 'eager' : 'lazy'} />
        </li>
      ))}
    </ul>
  );
});

/** Loading placeholder shaped like the grid, so nothing jumps when the parts arrive. */
export function ProductGridSkeleton({ count = 8, columns: cols = 'catalogue' }: { count?: number; columns?: keyof typeof columns }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Cargando productos...</span>
      <div className={cn('grid gap-3', columns[cols])}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <div key={i} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
            <Skeleton className="aspect-square w-full rounded-none" />
            <div className="space-y-2 p-3">
              <Skeleton className="h-3 w-1/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-5 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
