import { describe, expect, it } from 'vitest';
import { formatArs, formatCount, formatCountOf, formatDateTime, formatDay, formatMegabytes, formatPrice } from './format.ts';

// Intl puts a no-break space between the currency sign and the amount.
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('format (es-AR)', () => {
  it('counts with a dot for thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1.234.567');
  });

  it('puts the noun of a count in the singular for exactly one', () => {
    expect(formatCountOf(1, 'repuesto', 'repuestos')).toBe('1 repuesto');
    expect(formatCountOf(0, 'repuesto', 'repuestos')).toBe('0 repuestos');
    expect(formatCountOf(1214, 'producto encontrado', 'productos encontrados')).toBe('1.214 productos encontrados');
  });

  it('pesos with two decimals; a part price of zero reads "Consultar Precio"', () => {
    expect(nbsp(formatArs('1234.5'))).toBe('$ 1.234,50');
    expect(nbsp(formatArs(0))).toBe('$ 0,00');
    expect(nbsp(formatPrice('1234.5'))).toBe('$ 1.234,50');
    expect(formatPrice('0')).toBe('Consultar Precio');
  });

  it('dates and times in Argentine time, 24 h', () => {
    expect(formatDateTime('2025-03-10T15:30:00.000Z')).toBe('10/03/2025, 12:30');
    expect(formatDateTime('2025-03-10T03:05:00.000Z')).toBe('10/03/2025, 00:05');
    expect(formatDateTime('nope')).toBe('nope');
  });

  it('calendar days as DD/MM/YYYY, whatever the zone', () => {
    expect(formatDay('2025-03-01')).toBe('01/03/2025');
    expect(formatDay('mañana')).toBe('mañana');
  });

  it('megabytes of 1024², one decimal at most (or always, for progress)', () => {
    expect(formatMegabytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatMegabytes(21 * 1024 * 1024)).toBe('21 MB');
    expect(formatMegabytes(1.25 * 1024 * 1024)).toBe('1,3 MB');
    expect(formatMegabytes(1024 * 1024, { fixedDecimal: true })).toBe('1,0 MB');
    expect(formatMegabytes(12_345 * 1024 * 1024)).toBe('12.345 MB');
  });
});
