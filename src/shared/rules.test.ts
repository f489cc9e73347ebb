import { describe, expect, it } from 'vitest';
import { parseImageList, youtubeEmbedUrl } from './media.ts';
import {
  NO_PRICE_TEXT,
  applyDiscount,
  formatPrice,
  hasPrice,
  lineTotal,
  originalFromDiscounted,
  parsePrice,
  showsOriginalPrice,
} from './pricing.ts';
import { stockBadgeColor, stockLevelFromQuantity, stockLevelFromText, isInStock } from './stock.ts';
import { foldPlural, foldText, partNumberKey, searchTokens, spanishSortKey } from './text.ts';

// es-AR currency uses a no-break space after the sign; compare on normalised spaces.
const spaces = (s: string) => s.replace(/\s/g, ' ');

describe('price display (docs/product.md §3.3)', () => {
  it('formats ARS in es-AR with two decimals', () => {
    expect(spaces(formatPrice('1234.5'))).toBe('$ 1.234,50');
    expect(spaces(formatPrice(980000))).toBe('$ 980.000,00');
  });

  it('shows "Consultar Precio" for missing, zero, "-" and non-numeric prices', () => {
    for (const value of [null, undefined, '0', 0, '-', '', 'abc']) {
      expect(formatPrice(value as string | null)).toBe(NO_PRICE_TEXT);
    }
    expect(NO_PRICE_TEXT).toBe('Consultar Precio');
    expect(hasPrice('0.01')).toBe(true);
  });

  it('parses source prices in Argentine and plain formats, "-" and zero as null', () => {
    expect(parsePrice('1.234,50')).toBe('1234.50');
    expect(parsePrice('1234,5')).toBe('1234.50');
    expect(parsePrice('$ 1.234')).toBe('1234.00');
    expect(parsePrice(470406.4788)).toBe('470406.48');
    expect(parsePrice('1,234.75')).toBe('1234.75');
    // The plain form read directly, and the forms it must not take for a decimal.
    expect(parsePrice('1234.5')).toBe('1234.50');
    expect(parsePrice('1.23')).toBe('1.23');
    // Already two decimals: answered as it is, within the same bounds as every other form.
    expect(parsePrice('12345.50')).toBe('12345.50');
    expect(parsePrice('9999999999.99')).toBe('9999999999.99');
    expect(parsePrice('10000000000.00')).toBeNull();
    expect(parsePrice('0.50')).toBe('0.50');
    expect(parsePrice('0123.40')).toBe('123.40');
    expect(parsePrice('0.00')).toBeNull();
    expect(parsePrice('1.234')).toBe('1234.00');
    expect(parsePrice('12.345,6')).toBe('12345.60');
    expect(parsePrice(' 99.90 ')).toBe('99.90');
    expect(parsePrice('-')).toBeNull();
    expect(parsePrice('0')).toBeNull();
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('consultar')).toBeNull();
    expect(parsePrice(-5)).toBeNull();
  });
});

describe('discounts (docs/product.md §3.4)', () => {
  it('shows an original price only for 0 < discount < 100', () => {
    expect(showsOriginalPrice(0)).toBe(false);
    expect(showsOriginalPrice(100)).toBe(false);
    expect(showsOriginalPrice(20)).toBe(true);
    expect(showsOriginalPrice(99.5)).toBe(true);
  });

  it('computes the original from the discounted price, rounded', () => {
    expect(originalFromDiscounted('800.00', 20)).toBe('1000.00');
    expect(originalFromDiscounted(66.99, 33)).toBe('99.99');
    expect(originalFromDiscounted('800.00', 0)).toBeNull();
    expect(originalFromDiscounted('800.00', 100)).toBeNull();
  });

  it('applies a discount in cents', () => {
    expect(applyDiscount('1000.00', 20)).toBe('800.00');
    expect(applyDiscount('99.99', 33)).toBe('66.99');
    expect(applyDiscount('50.00', 0)).toBe('50.00');
  });

  it('multiplies a line total without float drift', () => {
    expect(lineTotal('0.10', 3)).toBe('0.30');
    expect(lineTotal('19.99', 0)).toBe('19.99');
  });
});

describe('stock levels (docs/product.md §4.3)', () => {
  it('derives the level from a quantity', () => {
    expect(stockLevelFromQuantity(-1, 5)).toBe('Sin Stock');
    expect(stockLevelFromQuantity(0, 5)).toBe('Sin Stock');
    expect(stockLevelFromQuantity(4, 5)).toBe('Bajo Stock');
    expect(stockLevelFromQuantity(5, 5)).toBe('En Stock');
  });

  it('reads a level written in any case and the usual words for one; keeps other text', () => {
    const level = (text: string) => stockLevelFromText(text, foldText(text));
    expect(level('sin stock')).toBe('Sin Stock');
    expect(level('AGOTADO')).toBe('Sin Stock');
    expect(level('NO')).toBe('Sin Stock');
    expect(level('Bajo  stock.')).toBe('Bajo Stock');
    expect(level('Últimas unidades')).toBe('Bajo Stock');
    expect(level('Disponible')).toBe('En Stock');
    expect(level('A pedido')).toBe('A pedido');
  });

  it('colours the badge green, yellow, red or gray', () => {
    expect(stockBadgeColor('En Stock')).toBe('green');
    expect(stockBadgeColor('Bajo Stock')).toBe('yellow');
    expect(stockBadgeColor('Sin Stock')).toBe('red');
    expect(stockBadgeColor('A pedido')).toBe('gray');
    expect(isInStock('Bajo Stock')).toBe(true);
    expect(isInStock('Sin Stock')).toBe(false);
  });
});

describe('YouTube embeds (docs/product.md §4.4)', () => {
  it('converts watch, short and share links with an 11-character id', () => {
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=10')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?feature=x&v=dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(youtubeEmbedUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
  });

  it('leaves other links alone', () => {
    expect(youtubeEmbedUrl('https://vimeo.com/123')).toBe('https://vimeo.com/123');
    expect(youtubeEmbedUrl('https://youtu.be/short')).toBe('https://youtu.be/short');
  });
});

describe('image lists (docs/product.md §4.4)', () => {
  it('splits comma lists and prefixes bare names with the storage base, URL-encoded', () => {
    expect(parseImageList('a.jpg, https://cdn.example.com/b.jpg', '/images/')).toEqual(['/images/a.jpg', 'https://cdn.example.com/b.jpg']);
    expect(parseImageList('img/products/Scania 111/piñón.jpg', '/images')).toEqual([
      '/images/img/products/Scania%20111/pi%C3%B1%C3%B3n.jpg',
    ]);
  });

  it('uses a single http value as is and yields nothing for empty values', () => {
    expect(parseImageList('https://x.example/a.jpg', '/images/')).toEqual(['https://x.example/a.jpg']);
    expect(parseImageList('', '/images/')).toEqual([]);
    expect(parseImageList(null, '/images/')).toEqual([]);
  });
});

describe('search text rules', () => {
  it('keys part numbers without separators', () => {
    expect(partNumberKey('06H-103-144')).toBe('06h103144');
    expect(partNumberKey('F 026 407 006')).toBe('f026407006');
  });

  it('folds plurals but not codes', () => {
    expect(foldPlural('filtros')).toBe('filtro');
    expect(foldPlural('aceites')).toBe('aceite');
    expect(foldPlural('motores')).toBe('motor');
    expect(foldPlural('bujias')).toBe('bujia');
    expect(foldPlural('06h10s')).toBe('06h10s');
  });

  it('tokenizes folded words and keeps separator-free code keys', () => {
    expect(searchTokens('  Cigüeñal  06H-103 Cables')).toEqual([
      { text: 'ciguenal', key: 'ciguenal', typed: 'ciguenal' },
      { text: '06h-103', key: '06h103', typed: '06h-103' },
      { text: 'cabl', key: 'cabl', typed: 'cables' },
    ]);
    expect(searchTokens('%%% ---')).toEqual([]);
  });

  it('sorts ñ after n in Spanish order under byte-wise comparison', () => {
    const words = ['ñandú', 'nube', 'Ómnibus', 'nzeta', 'oca'];
    const sorted = [...words].sort((a, b) => (spanishSortKey(a) < spanishSortKey(b) ? -1 : 1));
    expect(sorted).toEqual(['nube', 'nzeta', 'ñandú', 'oca', 'Ómnibus']);
  });
});
