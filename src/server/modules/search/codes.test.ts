/**
 * "¿Quiso decir …?" for a part number with a typo (docs/product.md §6.1): a code-like search that
 * finds nothing names up to three part numbers one edit away, through `GET /api/parts`, and never
 * searches them in its place.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsResponseSchema } from '../../../shared/api.ts';
import { partNumberKey } from '../../../shared/text.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, insertParts } from '../../test/factories.ts';
import { looksLikeCode, oneEditKeys } from './codes.ts';
import { editDistance } from './vocabulary.ts';

describe('codes one edit away', () => {
  it('generates every key at distance 1 and only those', () => {
    const key = 'd956c';
    const keys = oneEditKeys(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain(key);
    for (const k of keys) expect(editDistance(key, k), k).toBe(1);
    // A swap, a replaced digit, a missing and an extra character.
    expect(keys).toEqual(expect.arrayContaining(['d965c', 'd957c', 'd95c', 'd9566c', 'xd956c']));
    // Every string of the alphabet at distance 1, counted apart: 36 insertions at each of 6 places,
    // 35 replacements at each of 5, 5 deletions, 4 swaps, less the duplicates (`d9956c` twice…).
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const brute = new Set<string>();
    for (let i = 0; i <= key.length; i++) for (const c of alphabet) brute.add(key.slice(0, i) + c + key.slice(i));
    for (let i = 0; i < key.length; i++) {
      for (const c of alphabet) brute.add(key.slice(0, i) + c + key.slice(i + 1));
      brute.add(key.slice(0, i) + key.slice(i + 1));
      if (i + 1 < key.length) brute.add(key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2));
    }
    brute.delete(key);
    expect(new Set(keys)).toEqual(brute);
  });

  it('reads codes as codes and descriptions as descriptions', () => {
    for (const q of ['D-965C', 'd 965 c', 'M48553-25', '06h103145', 'OM-366', 'FRAS-LE 1234']) expect(looksLikeCode(q), q).toBe(true);
    // Too short, no digit, or a word of 4+ letters (a description search).
    for (const q of ['d95', 'om3', 'ABCDEF', 'filtro 9999', 'bomba om366', '']) expect(looksLikeCode(q), q).toBe(false);
    expect(partNumberKey('D-965C')).toBe('d965c');
  });
});

const CATALOGUE = [
  { codigo: 'D-956C', descripcion: 'CRUCETA CARDAN' },
  // Four neighbours of `M48553-25`.
  { codigo: 'M48553-24', descripcion: 'RETEN RUEDA' },
  { codigo: 'M48553-26', descripcion: 'RETEN RUEDA' },
  { codigo: 'M48553-27', descripcion: 'RETEN RUEDA' },
  { codigo: 'M48554-25', descripcion: 'RETEN RUEDA' },
  // `Q-1235` is a digit away from the first and a digit short of the second.
  { codigo: 'Q-1234', descripcion: 'ARANDELA' },
  { codigo: 'Q-12035', descripcion: 'ARANDELA' },
  // Two codes with one normalized key: both offered.
  { codigo: 'K-7001', descripcion: 'KIT EMBRAGUE' },
  { codigo: 'K7001', descripcion: 'KIT EMBRAGUE REFORZADO' },
  { codigo: 'X-12345', descripcion: 'PIEZA DADA DE BAJA' },
  { codigo: 'B-55555', descripcion: 'SOPORTE', marca: 'BOSCH' },
];

describe.each(testEngines())('part numbers one edit away on %s', (engine) => {
  let t: TestApp;
  const search = async (query: string, extra = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/parts?search=${encodeURIComponent(query)}${extra}` });
    expect(response.statusCode).toBe(200);
    return partsResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await insertParts(
      t.database.db,
      CATALOGUE.map((r) => buildPartRecord(r)),
    );
    await t.database.db.execute(sql`update parts set is_active = false where part_number = 'X-12345'`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('offers the part number a swapped digit missed, and finds nothing in its place', async () => {
    for (const q of ['D-965C', 'd965c', 'd 965 c']) {
      const answer = await search(q);
      expect(answer.total, q).toBe(0);
      expect(answer.parts, q).toEqual([]);
      expect(answer.suggestedPartNumbers, q).toEqual(['D-956C']);
    }
    // A character missing or extra.
    expect((await search('D-956CC')).suggestedPartNumbers).toEqual(['D-956C']);
    expect((await search('D-96C')).suggestedPartNumbers).toEqual(['D-956C']);
  });

  it('offers three at most, same-length neighbours first, in part-number order', async () => {
    const answer = await search('M48553-25');
    expect(answer.total).toBe(0);
    expect(answer.suggestedPartNumbers).toEqual(['M48553-24', 'M48553-26', 'M48553-27']);
    // A replaced digit before a character missing, whatever their order.
    expect((await search('Q-1235')).suggestedPartNumbers).toEqual(['Q-1234', 'Q-12035']);
  });

  it('offers every part number of a near key, and none a two-edit code or an inactive part', async () => {
    expect((await search('K-7010')).suggestedPartNumbers).toEqual(['K-7001', 'K7001']);
    expect((await search('D-695X')).suggestedPartNumbers).toBeUndefined();
    expect((await search('X-12346')).suggestedPartNumbers).toBeUndefined();
  });

  it('runs only when the search finds nothing and reads as a code', async () => {
    // Found: no offer.
    const found = await search('D-956C');
    expect(found.parts.map((p) => p.partNumber)).toEqual(['D-956C']);
    expect(found.suggestedPartNumbers).toBeUndefined();
    // A description search that finds nothing is not a code.
    expect((await search('cruceta 9999')).suggestedPartNumbers).toBeUndefined();
    // Within the list's filters: a brand the near part does not carry offers nothing.
    expect((await search('B-55556')).suggestedPartNumbers).toEqual(['B-55555']);
    expect((await search('B-55556', '&brand=bosch')).suggestedPartNumbers).toEqual(['B-55555']);
    expect((await search('B-55556', '&brand=fram')).suggestedPartNumbers).toBeUndefined();
  });
});
