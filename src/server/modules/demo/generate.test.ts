import { beforeAll, describe, expect, it } from 'vitest';
import { foldText, partNumberKey } from '../../../shared/text.ts';
import {
  DEMO_LEVEL1,
  DEMO_SHOWCASE_COUNT,
  DEMO_VOCABULARY,
  generateCatalogue,
  generateCatalogueRecords,
  MAX_DEMO_PARTS,
  type RawErpRecord,
} from './generate.ts';

/**
 * Reads a dash-separated price list whose missing entries are `-` ("100.50---200" is 100.50, no
 * price, 200.00) into cents per list, or null when the text is not of that shape.
 */
function parsePrices(precios: string): (number | null)[] | null {
  const entry = /(\d+\.\d{2}|-)(?:-|$)/y;
  const list: (number | null)[] = [];
  while (entry.lastIndex < precios.length) {
    const match = entry.exec(precios);
    if (!match?.[1]) return null;
    list.push(match[1] === '-' ? null : Math.round(Number(match[1]) * 100));
  }
  return list;
}

/** ASCII part-number key, equal to `partNumberKey` for the ASCII codes the generator builds. */
const asciiKey = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

// Streaming checks first, before the 100,000-record array below is alive (it slows the GC down).
describe('generateCatalogueRecords at scale', () => {
  it('generates 100,000 records in well under a second', () => {
    // Best of three, so a busy machine does not fail the check.
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      let n = 0;
      for (const _ of generateCatalogueRecords(100_000, 5)) n++;
      expect(n).toBe(100_000);
      best = Math.min(best, performance.now() - start);
    }
    expect(best).toBeLessThan(1_000);
  });

  it('keeps part-number keys unique up to the 1,000,000-part maximum', () => {
    const keys = new Set<string>();
    let nonAscii = 0;
    for (const record of generateCatalogueRecords(MAX_DEMO_PARTS, 3)) {
      if (!/^[\x21-\x7e][\x20-\x7e]*$/.test(record.codigo)) nonAscii++;
      keys.add(asciiKey(record.codigo));
    }
    expect(nonAscii).toBe(0);
    expect(keys.size).toBe(MAX_DEMO_PARTS);
  });
});

describe('generateCatalogue', () => {
  let big: RawErpRecord[] = [];
  beforeAll(() => {
    big = generateCatalogue(100_000);
  });

  it('is deterministic for a (count, seed) pair and changes with the seed', () => {
    expect(generateCatalogue(2_000, 7)).toEqual(generateCatalogue(2_000, 7));
    expect(generateCatalogue(500)).toEqual(big.slice(0, 500));
    const other = generateCatalogue(2_000, 8);
    const same = generateCatalogue(2_000, 7);
    expect(other).not.toEqual(same);
    const differing = same.filter((r, i) => r.codigo !== other[i]?.codigo).length;
    expect(differing).toBeGreaterThan(1_900);
  });

  it('yields the same records lazily', () => {
    const lazy: RawErpRecord[] = [];
    for (const record of generateCatalogueRecords(3_000, 42)) lazy.push(record);
    expect(lazy).toEqual(generateCatalogue(3_000, 42));
    expect(generateCatalogue(0)).toEqual([]);
  });

  it('rejects counts it cannot keep unique', () => {
    expect(() => generateCatalogue(-1)).toThrow(RangeError);
    expect(() => generateCatalogue(1.5)).toThrow(RangeError);
    expect(() => generateCatalogueRecords(MAX_DEMO_PARTS + 1).next()).toThrow(RangeError);
  });

  it('gives unique part numbers at 100,000, also without separators and case', () => {
    expect(big).toHaveLength(100_000);
    expect(new Set(big.map((r) => r.codigo)).size).toBe(big.length);
    expect(new Set(big.map((r) => partNumberKey(r.codigo))).size).toBe(big.length);
  });

  it('mixes real-world part-number styles', () => {
    const codes = big.map((r) => r.codigo);
    const styles = [
      /^\d{2}[A-Z]-\d{3}-\d{3}$/, // 06H-103-144
      /^F 026 \d{3} \d{3}$/, // F 026 407 006
      /^\d{4}\.\d{3}\.\d{3}$/, // 0986.494.113
      /^[A-Z]{2} \d{4}\/\d{2}$/, // OC 1055/41
      /^\d{4}-\d{3}-\d{3}$/, // 7700-500-168
      /^[A-Z]{2,4}\d{6}$/, // PH103144, NGK103144
      /^\d{6}$/, // 310200
    ];
    for (const style of styles)
      expect(
        codes.some((c) => style.test(c)),
        String(style),
      ).toBe(true);
    for (const fixed of ['BP6ES', 'F 026 407 006', '0986.494.113', 'OC 1055/4', '7700-500-168']) expect(codes).toContain(fixed);
  });

  it('includes the 06H-103-144 crankshaft part that search tests look for', () => {
    const part = big.find((r) => r.codigo === '06H-103-144');
    expect(part).toBeDefined();
    expect(foldText(part?.descripcion ?? '')).toContain('ciguenal');
    expect(big.filter((r) => partNumberKey(r.codigo) === '06h103144')).toHaveLength(1);
    expect(big.filter((r) => partNumberKey(r.codigo).startsWith('06h10')).length).toBeGreaterThan(1);
    expect(generateCatalogue(1, 99)[0]?.codigo).toBe('06H-103-144');
  });

  it('uses all five level-1 names from 50 parts on, with coherent subtrees', () => {
    for (const seed of [1, 2, 3]) {
      const names = new Set(generateCatalogue(50, seed).map((r) => r.categoria1));
      expect([...names].sort()).toEqual([...DEMO_LEVEL1].sort());
    }
    const level1: readonly string[] = DEMO_LEVEL1;
    const level2 = new Map<string, Set<string>>();
    let bad = 0;
    for (const r of big) {
      if (!level1.includes(r.categoria1) || !r.categoria2 || !r.categoria3) bad++;
      const set = level2.get(r.categoria1) ?? new Set<string>();
      set.add(r.categoria2);
      level2.set(r.categoria1, set);
    }
    expect(bad).toBe(0);
    expect([...(level2.get('Repuestos') ?? [])].sort()).toEqual(
      ['Electricidad', 'Encendido', 'Filtros', 'Frenos', 'Motor', 'Refrigeración', 'Suspensión', 'Transmisión'].sort(),
    );
    for (const name of DEMO_LEVEL1) expect(level2.get(name)?.size ?? 0).toBeGreaterThanOrEqual(3);
    const plugs = big.filter((r) => foldText(r.descripcion).startsWith('bujia'));
    expect(plugs.length).toBeGreaterThan(100);
    const misplaced = plugs.filter(
      (r) => r.categoria1 !== 'Repuestos' || r.categoria2 !== 'Encendido' || !['NGK', 'Bosch', 'Champion'].includes(r.categoria3),
    );
    expect(misplaced).toEqual([]);
  });

  it('carries ten ARS prices, distributor below client and guest above it', () => {
    expect(parsePrices('100.50---200.00')).toEqual([10050, null, 20000]);
    const wrongShape: string[] = [];
    const wrongOrder: string[] = [];
    let noPrices = 0;
    let someMissing = 0;
    let bothPresent = 0;
    for (const r of big) {
      const list = parsePrices(r.precios);
      if (list?.length !== 10) {
        wrongShape.push(r.precios);
        continue;
      }
      if (list.every((c) => c === null)) noPrices++;
      else if (list.includes(null)) someMissing++;
      const [client, distributor, , guest] = list;
      if (client != null && distributor != null) {
        bothPresent++;
        if (distributor >= client || distributor > client * 0.86 || distributor < client * 0.69) wrongOrder.push(r.precios);
      }
      if (client != null && guest != null && guest <= client) wrongOrder.push(r.precios);
      if (client != null && (client < 500_00 || client > 900_000_00)) wrongOrder.push(r.precios);
    }
    expect(wrongShape).toEqual([]);
    expect(wrongOrder).toEqual([]);
    expect(bothPresent).toBeGreaterThan(90_000);
    expect(noPrices / big.length).toBeGreaterThan(0.02);
    expect(noPrices / big.length).toBeLessThan(0.04);
    expect(someMissing).toBeGreaterThan(1_000);
  });

  it('has realistic stock, images, alternate codes and units', () => {
    const share = (test: (r: RawErpRecord) => boolean) => big.filter(test).length / big.length;
    expect(share((r) => r.stock === 0)).toBeGreaterThan(0.03);
    expect(share((r) => r.stock > 0 && r.stock < 5)).toBeGreaterThan(0.05);
    expect(share((r) => r.stock >= 5)).toBeGreaterThan(0.7);
    expect(share((r) => r.imagen === '')).toBeGreaterThan(0.25);
    expect(share((r) => r.imagen === '')).toBeLessThan(0.35);
    expect(big.every((r) => r.imagen === '' || /^demo\/[a-z0-9-]+\.jpg$/.test(r.imagen))).toBe(true);
    expect(big.find((r) => r.codigo === 'BP6ES')?.imagen).toBe('demo/bujia-ngk-bp6es.jpg');
    expect(share((r) => r.codbarras === '')).toBeGreaterThan(0.45);
    expect(share((r) => r.codbarras === '')).toBeLessThan(0.55);
    expect(share((r) => r.unidad === '1 unidad')).toBeGreaterThan(0.6);
    const units = new Set(big.map((r) => r.unidad));
    for (const unit of ['1 unidad', 'Juego x 4', 'Par', 'Caja x 10', 'Kit', 'Metro', 'Litro']) expect(units).toContain(unit);
    expect(new Set(big.map((r) => r.marca)).size).toBeGreaterThan(30);
  });

  it('writes Spanish descriptions with accents, ñ, vehicles and specs', () => {
    const descriptions = big.map((r) => r.descripcion);
    expect(descriptions.some((d) => d.includes('ñ'))).toBe(true);
    expect(descriptions.some((d) => d.includes('Ñ'))).toBe(true);
    expect(descriptions.some((d) => d === d.toUpperCase())).toBe(true);
    expect(descriptions.some((d) => d !== d.toUpperCase())).toBe(true);
    const folded = descriptions.map(foldText);
    const small = generateCatalogue(DEMO_SHOWCASE_COUNT).map((r) => foldText(r.descripcion));
    for (const phrase of [
      'Bujía',
      'Cigüeñal',
      'Filtro de aceite',
      'Correa de distribución',
      'Pastillas de freno',
      'Amortiguador',
      'Junta de tapa de cilindros',
      'Bomba de agua',
      'Embrague',
      'Rodamiento',
      'Piñón',
      'Válvula',
      'Árbol de levas',
      'Dirección',
      'Suspensión',
      'Inyección',
      'Fiat 128',
      'Ford Falcon',
      'Renault 12',
      'Peugeot 504',
      'VW Gol',
      'Chevrolet Corsa',
      'Toyota Hilux',
      'Mercedes Benz OM366',
      'Scania 112',
      'Iveco Daily',
    ]) {
      const needle = foldText(phrase);
      expect(
        small.some((d) => d.includes(needle)),
        phrase,
      ).toBe(true);
      expect(folded.filter((d) => d.includes(needle)).length, phrase).toBeGreaterThan(1);
    }
    expect(descriptions).toContain('FILTRO DE ACEITE FORD FALCON 3.0 / 3.6');
    expect(descriptions.some((d) => /\d+ ?mm\b/.test(d))).toBe(true);
    expect(descriptions.some((d) => /\d+V\b/.test(d))).toBe(true);
    expect(descriptions.some((d) => /\d+W\b/.test(d))).toBe(true);
  });

  it('exposes a vocabulary whose every word appears in the descriptions', () => {
    expect(DEMO_VOCABULARY.length).toBeGreaterThan(150);
    expect(new Set(DEMO_VOCABULARY.map(foldText)).size).toBe(DEMO_VOCABULARY.length);
    const tokens = new Set<string>();
    for (const r of big) for (const token of foldText(r.descripcion).split(/[^a-z0-9]+/)) tokens.add(token);
    const missing = DEMO_VOCABULARY.filter((word) => !tokens.has(foldText(word)));
    expect(missing).toEqual([]);
  });
});
