import { describe, expect, it } from 'vitest';
import { catalogueSearchString, defaultSort, parseCatalogueState } from './use-catalogue-state.ts';

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
