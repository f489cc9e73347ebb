import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { catalogueSearchString, defaultSort, parseCatalogueState, useCatalogueState } from './use-catalogue-state.ts';

const parse = (query: string) => parseCatalogueState(new URLSearchParams(query));

describe('catalogue state: the order (issue 18)', () => {
  it('defaults to Relevancia while searching and to Código otherwise', () => {
    expect(defaultSort('bomba')).toBe('relevance');
    expect(defaultSort('')).toBe('partNumber');
    expect(parse('q=bomba').sortBy).toBe('relevance');
    expect(parse('').sortBy).toBe('partNumber');
  });

  it('keeps a picked order in the URL and leaves the default out', () => {
    expect(parse('q=bomba&orden=partNumber').sortBy).toBe('partNumber');
    expect(parse('q=bomba&orden=price').sortBy).toBe('price');
    expect(catalogueSearchString(parse('q=bomba&orden=partNumber'))).toBe('q=bomba&orden=partNumber');
    expect(catalogueSearchString(parse('q=bomba&orden=relevance'))).toBe('q=bomba');
    expect(catalogueSearchString(parse('orden=partNumber'))).toBe('');
    expect(catalogueSearchString(parse('orden=description'))).toBe('orden=description');
  });

  it('reads Relevancia without a search, or an unknown order, as the default', () => {
    expect(parse('orden=relevance').sortBy).toBe('partNumber');
    expect(parse('q=bomba&orden=nope').sortBy).toBe('relevance');
  });

  it('keeps the exact search (no typo correction) only with a search', () => {
    expect(parse('q=radaidor&exacta=1').exact).toBe(true);
    expect(catalogueSearchString(parse('q=radaidor&exacta=1'))).toBe('q=radaidor&exacta=1');
    expect(parse('exacta=1').exact).toBe(false);
    expect(parse('q=radaidor').exact).toBe(false);
  });
});

describe('catalogue state: the history', () => {
  it('a search already applied (typed, then Enter) adds no second history entry', () => {
    window.history.replaceState(null, '', '/');
    const start = window.history.length;
    const { result } = renderHook(() => useCatalogueState(), { wrapper: Router });
    // The debounced keystrokes applied it; Enter then asks for the same search.
    act(() => result.current.setSearch('filtro', 'push'));
    act(() => result.current.setSearch('filtro', 'push'));
    expect(window.location.search).toBe('?q=filtro');
    expect(window.history.length).toBe(start + 1);
    act(() => result.current.setSearch('filtro aceite', 'push'));
    expect(window.history.length).toBe(start + 2);
  });
});
