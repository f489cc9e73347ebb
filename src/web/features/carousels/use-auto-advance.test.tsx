import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ScrollableCarousel, useAutoAdvance } from './use-auto-advance.ts';

function fakeCarousel(pages: number) {
  let index = 0;
  const api: ScrollableCarousel = {
    scrollSnapList: () => Array.from({ length: pages }, (_, i) => i),
    canScrollNext: () => index < pages - 1,
    scrollNext: vi.fn(() => {
      index += 1;
    }),
    scrollTo: vi.fn((i: number) => {
      index = i;
    }),
  };
  return { api, position: () => index };
}

describe('useAutoAdvance', () => {
  it('advances every 4 s and wraps to the start', () => {
    vi.useFakeTimers();
    const { api, position } = fakeCarousel(3);
    renderHook(() => useAutoAdvance(api, true));
    vi.advanceTimersByTime(3999);
    expect(position()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(position()).toBe(1);
    vi.advanceTimersByTime(4000);
    expect(position()).toBe(2);
    vi.advanceTimersByTime(4000);
    expect(position()).toBe(0);
    expect(api.scrollTo).toHaveBeenCalledWith(0);
  });

  it('stays still when paused or when everything fits', () => {
    vi.useFakeTimers();
    const paused = fakeCarousel(3);
    const { rerender } = renderHook(({ enabled }) => useAutoAdvance(paused.api, enabled), { initialProps: { enabled: false } });
    vi.advanceTimersByTime(20_000);
    expect(paused.position()).toBe(0);
    rerender({ enabled: true });
    vi.advanceTimersByTime(4000);
    expect(paused.position()).toBe(1);

    const single = fakeCarousel(1);
    renderHook(() => useAutoAdvance(single.api, true));
    vi.advanceTimersByTime(20_000);
    expect(single.api.scrollNext).not.toHaveBeenCalled();
    expect(single.api.scrollTo).not.toHaveBeenCalled();
  });
});
