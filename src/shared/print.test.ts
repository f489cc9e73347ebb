import { describe, expect, it } from 'vitest';
import {
  NO_CATEGORY_GROUP,
  compareGroupNames,
  comparePartNumbers,
  comparePrintPaths,
  flattenPrintGroups,
  formatPrintDate,
  formatPrintPrice,
  groupForPrint,
  groupKey,
  groupNumber,
  parseCategoryIds,
  preferSpelling,
  printPath,
  printQuerySchema,
} from './print.ts';

const part = (partNumber: string, ...categoryPath: string[]) => ({ partNumber, categoryPath });
const sortNames = (names: string[], level: 1 | 2 | 3) => [...names].sort((a, b) => compareGroupNames(a, b, level));

describe('compareGroupNames', () => {
  it('puts the preferred level-1 groups first, in their order, ignoring case and accents', () => {
    expect(sortNames(['Varios', 'INSUMOS', 'Maquinaria', 'Productos', 'herramientas', 'Accesorios', 'REPUESTOS'], 1)).toEqual([
      'REPUESTOS',
      'herramientas',
      'Productos',
      'Maquinaria',
      'INSUMOS',
      'Accesorios',
      'Varios',
    ]);
    expect(compareGroupNames('Herramíentas', 'Repuestos', 1)).toBeGreaterThan(0);
    expect(compareGroupNames(' Insumos ', 'Accesorios', 1)).toBeLessThan(0);
  });

  it('applies the preferred order only at level 1', () => {
    expect(sortNames(['Repuestos', 'Herramientas', 'Accesorios'], 2)).toEqual(['Accesorios', 'Herramientas', 'Repuestos']);
  });

  it('sorts names starting with digits and a dash by that number, before unnumbered names', () => {
    expect(sortNames(['990-PIEZAS NORMALIZADAS', 'Bujías', '072-BULONES', '100-JUNTAS', '9-ARANDELAS'], 2)).toEqual([
      '9-ARANDELAS',
      '072-BULONES',
      '100-JUNTAS',
      '990-PIEZAS NORMALIZADAS',
      'Bujías',
    ]);
    expect(sortNames(['Varios', '990-PIEZAS NORMALIZADAS', 'Repuestos', '072-BULONES'], 1)).toEqual([
      'Repuestos',
      '072-BULONES',
      '990-PIEZAS NORMALIZADAS',
      'Varios',
    ]);
    expect(groupNumber('072-BULONES')).toBe(72);
    expect(groupNumber('990 - PIEZAS')).toBe(990);
    expect(groupNumber('OM352')).toBeNull();
    expect(groupNumber('1114/1517')).toBeNull();
  });

  it('sorts the rest alphabetically in Spanish order: accents and case ignored, ñ after n', () => {
    expect(sortNames(['Ñandú', 'Nafta', 'Óptica', 'oring', 'Zócalo', 'árbol', 'Bomba'], 3)).toEqual([
      'árbol',
      'Bomba',
      'Nafta',
      'Ñandú',
      'Óptica',
      'oring',
      'Zócalo',
    ]);
  });

  it('keeps "Sin categoría" last and is a strict order for different names', () => {
    expect(sortNames([NO_CATEGORY_GROUP, 'Varios', 'Repuestos'], 1)).toEqual(['Repuestos', 'Varios', NO_CATEGORY_GROUP]);
    expect(compareGroupNames('Motor', 'MOTOR', 2)).not.toBe(0);
    expect(compareGroupNames('Motor', 'Motor', 2)).toBe(0);
  });
});

describe('comparePartNumbers and print paths', () => {
  it('orders part numbers with digit runs as numbers', () => {
    expect(['A10', 'a9', 'B1', '0011843925', '08-174311-80', '1041'].sort(comparePartNumbers)).toEqual([
      '08-174311-80',
      '1041',
      '0011843925',
      'a9',
      'A10',
      'B1',
    ]);
  });

  it('cuts paths to three levels and names parts without a category', () => {
    expect(printPath(['A', 'B', 'C', 'D'])).toEqual(['A', 'B', 'C']);
    expect(printPath([])).toEqual([NO_CATEGORY_GROUP]);
    expect(printPath([' Repuestos ', ''])).toEqual(['Repuestos']);
    expect(comparePrintPaths(['Repuestos'], ['Repuestos', 'Motor'])).toBeLessThan(0);
    expect(comparePrintPaths(['Repuestos', 'Motor'], ['Herramientas'])).toBeLessThan(0);
    expect(comparePrintPaths(['Varios', '072-BULONES'], ['Varios', 'Aceites'])).toBeLessThan(0);
  });
});

describe('groupForPrint', () => {
  const parts = [
    part('Z-1', 'Varios', 'OM352'),
    part('B-2', 'Herramientas', 'Llaves'),
    part('A-10', 'Repuestos', 'Motor', 'VW'),
    part('A-9', 'Repuestos', 'Motor', 'VW'),
    part('C-1', 'Repuestos', 'Motor'),
    part('D-1', 'Repuestos', '990-PIEZAS NORMALIZADAS'),
    part('D-2', 'Repuestos', '072-BULONES'),
    part('N-1'),
    part('I-1', 'Insumos'),
  ];

  it('nests level 1, 2 and 3 groups in print order with rows sorted by part number', () => {
    const groups = groupForPrint(parts);
    expect(groups.map((g) => g.name)).toEqual(['Repuestos', 'Herramientas', 'Insumos', 'Varios', NO_CATEGORY_GROUP]);
    const repuestos = groups[0];
    expect(repuestos?.total).toBe(5);
    expect(repuestos?.children.map((g) => g.name)).toEqual(['072-BULONES', '990-PIEZAS NORMALIZADAS', 'Motor']);
    const motor = repuestos?.children[2];
    expect(motor).toMatchObject({ level: 2, path: ['Repuestos', 'Motor'], total: 3 });
    expect(motor?.parts.map((p) => p.partNumber)).toEqual(['C-1']);
    expect(motor?.children[0]).toMatchObject({ name: 'VW', level: 3, path: ['Repuestos', 'Motor', 'VW'] });
    expect(motor?.children[0]?.parts.map((p) => p.partNumber)).toEqual(['A-9', 'A-10']);
    expect(groups[2]?.parts.map((p) => p.partNumber)).toEqual(['I-1']);
    expect(groups[4]?.parts.map((p) => p.partNumber)).toEqual(['N-1']);
  });

  it('flattens to headings followed by their rows, then their sub-groups', () => {
    const lines = flattenPrintGroups(groupForPrint(parts));
    const text = lines.map((l) => (l.kind === 'heading' ? `#${l.group.level} ${l.group.name}` : l.part.partNumber));
    expect(text.slice(0, 10)).toEqual([
      '#1 Repuestos',
      '#2 072-BULONES',
      'D-2',
      '#2 990-PIEZAS NORMALIZADAS',
      'D-1',
      '#2 Motor',
      'C-1',
      '#3 VW',
      'A-9',
      'A-10',
    ]);
    expect(lines.filter((l) => l.kind === 'part')).toHaveLength(parts.length);
  });

  it('groups spellings of one category together and prints the most accented one', () => {
    const groups = groupForPrint([part('2', 'INYECCION', 'OM352'), part('1', 'Inyección', 'om352'), part('3', 'inyeccion  ', 'Turbo')]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.name).toBe('Inyección');
    expect(groups[0]?.children.map((g) => g.path)).toEqual([
      ['Inyección', 'OM352'],
      ['Inyección', 'Turbo'],
    ]);
    expect(groups[0]?.children[0]?.parts.map((p) => p.partNumber)).toEqual(['1', '2']);
    expect(preferSpelling('JUNTAS', 'Juntas')).toBe(preferSpelling('Juntas', 'JUNTAS'));
    expect(groupKey(' Inyección  Diesel ')).toBe('inyeccion diesel');
  });

  it('does not modify its input and handles an empty list', () => {
    const copy = JSON.stringify(parts);
    groupForPrint(parts);
    expect(JSON.stringify(parts)).toBe(copy);
    expect(groupForPrint([])).toEqual([]);
  });
});

describe('formatPrintPrice', () => {
  it('shows es-AR pesos with two decimals, "Consultar" without a price, nothing when prices are off', () => {
    expect(formatPrintPrice('1234.5', true)?.replace(/\s/g, ' ')).toBe('$ 1.234,50');
    expect(formatPrintPrice(99, true)?.replace(/\s/g, ' ')).toBe('$ 99,00');
    for (const none of [null, undefined, '', '0', '0.00', '-', 'abc']) expect(formatPrintPrice(none, true)).toBe('Consultar');
    expect(formatPrintPrice('1234.50', false)).toBeNull();
  });

  it('formats the date in es-AR, Argentine time', () => {
    expect(formatPrintDate(new Date('2025-03-01T02:00:00Z'))).toBe('28/02/2025');
  });
});

describe('categoryIds parameter', () => {
  it('accepts all, empty, 0 and comma lists of ids; rejects anything else', () => {
    expect(parseCategoryIds(undefined)).toBe('all');
    expect(parseCategoryIds('all')).toBe('all');
    expect(parseCategoryIds('ALL')).toBe('all');
    expect(parseCategoryIds('')).toBe('all');
    expect(parseCategoryIds('3,0')).toBe('all');
    expect(parseCategoryIds('12, 15,12')).toEqual([12, 15]);
    for (const bad of ['abc', '1,,2', '-1', '1.5', '1,x', '99999999999', Array(501).fill('1').join(',')]) {
      expect(parseCategoryIds(bad), bad).toBeNull();
    }
  });

  it('validates the query with Spanish messages and defaults the flags to false', () => {
    expect(printQuerySchema.parse({})).toEqual({ includeImages: 'false', includePrices: 'false' });
    const bad = printQuerySchema.safeParse({ categoryIds: 'abc', includePrices: 'yes' });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([expect.stringMatching(/^categoryIds: debe ser "all"/), 'includePrices: debe ser true o false']),
    );
  });
});
