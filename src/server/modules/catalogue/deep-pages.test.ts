/**
 * Deep pages of a long list are read from its end (listParts): every page of every order must be
 * exactly the slice of the whole ordered list, the last partial page and a page past the end too.
 */
import { and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PartFilters, partsResponseSchema } from '../../../shared/api.ts';
import { parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, insertParts } from '../../test/factories.ts';
import { generateCatalogueRecords } from '../demo/generate.ts';
import { filterConditions, orderBy } from './service.ts';

const COUNT = 6_200;

describe.each(testEngines())('deep pages on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    const records: Record<string, unknown>[] = [];
    for (const { imagen: _photo, ...record } of generateCatalogueRecords(COUNT)) records.push(record);
    // Parts without any price: ordered last by price in both directions.
    for (let i = 0; i < 30; i++) records.push(buildPartRecord({ codigo: `SINPRECIO-${i}`, precios: '' }));
    await insertParts(t.database.db, records);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The whole list's ids in the forward order, straight from SQL. */
  const allIds = async (filters: PartFilters): Promise<number[]> => {
    const rows = await t.database.db
      .select({ id: parts.id })
      .from(parts)
      .where(and(...(await filterConditions(t.database.db, filters))))
      .orderBy(...orderBy(filters, 4));
    return rows.map((r) => r.id);
  };

  const cases: { name: string; filters: PartFilters; query: string }[] = [
    { name: 'part number', filters: { sortBy: 'partNumber', sortDir: 'asc' }, query: '' },
    { name: 'part number, descending', filters: { sortBy: 'partNumber', sortDir: 'desc' }, query: 'sortBy=partNumber&sortDir=desc' },
    { name: 'description', filters: { sortBy: 'description', sortDir: 'asc' }, query: 'sortBy=description' },
    { name: 'price', filters: { sortBy: 'price', sortDir: 'asc' }, query: 'sortBy=price' },
    { name: 'price, descending', filters: { sortBy: 'price', sortDir: 'desc' }, query: 'sortBy=price&sortDir=desc' },
  ];

  for (const c of cases) {
    it(`serves every deep page as the slice of the whole list (${c.name})`, async () => {
      const expected = await allIds(c.filters);
      const total = expected.length;
      expect(total).toBeGreaterThan(COUNT);
      const limit = 150;
      const lastPage = Math.ceil(total / limit);
      // Pages on both sides of the middle, the last (partial) page and one past the end.
      for (const page of [34, 35, Math.floor(lastPage / 2), Math.floor(lastPage / 2) + 1, lastPage - 1, lastPage, lastPage + 1]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/parts?${c.query}${c.query ? '&' : ''}limit=${limit}&page=${page}` });
        expect(response.statusCode).toBe(200);
        const body = partsResponseSchema.parse(response.json());
        expect(body.total).toBe(total);
        expect(body.parts.map((p) => p.id), `page ${page}`).toEqual(expected.slice((page - 1) * limit, page * limit));
      }
    });
  }

  it('reads deep pages of a search from the end too', async () => {
    const filters: PartFilters = { sortBy: 'partNumber', sortDir: 'asc', search: 'a' };
    const expected = await allIds(filters);
    const limit = 200;
    const lastPage = Math.ceil(expected.length / limit);
    expect(expected.length).toBeGreaterThan(5_200);
    for (const page of [lastPage - 1, lastPage]) {
      const body = partsResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/parts?search=a&limit=${limit}&page=${page}` })).json());
      expect(body.parts.map((p) => p.id)).toEqual(expected.slice((page - 1) * limit, page * limit));
    }
  });
});
