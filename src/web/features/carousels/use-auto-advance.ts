import { useEffect } from 'react';

/** Auto-advance period of the carousels (docs/product.md §5.3). */
export const AUTO_ADVANCE_MS = 4000;

/** The part of the embla API auto-advance needs. */
export interface ScrollableCarousel {
  scrollSnapList: () => number[];
  canScrollNext: () => boolean;
  scrollNext: () => void;
  scrollTo: (index: number) => void;
}

/**
 * Moves the carousel one page forward every 4 s, wrapping to the start, while it has more than
 * one page (items exceed the visible count) and `enabled` (not hovered, focused, hidden, or
 * under prefers-reduced-motion).
 */
export function useAutoAdvance(api: ScrollableCarousel | undefined, enabled: boolean, intervalMs = AUTO_ADVANCE_MS): void {
  useEffect(() => {
    if (!api || !enabled) return;
    const timer = setInterval(() => {
      if (typeof document !== 'undefined' && document.hidden) return;
      if (api.scrollSnapList().length <= 1) return;
      if (api.canScrollNext()) api.scrollNext();
      else api.scrollTo(0);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [api, enabled, intervalMs]);
}
