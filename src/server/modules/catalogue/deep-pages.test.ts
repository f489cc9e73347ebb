/**
 * Deep pages of a long list are read from its end (listParts): every page of every order must be
 * exactly the slice of the whole ordered list, the last partial page and a page past the end too.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PartFilters, partsResponseSchema } from '../../../shared/api.ts';
import { parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, insertParts } from '../../test/factories.ts';
import { generateCatalogueRecords } from '../demo/generate.ts';
import { loadCategories } from './categories.ts';
import { filterConditions, orderBy } from './queries.ts';

const COUNT = 6_200;

describe.each(testEngines())('deep pages on %s', (engine) => {
  let t: TestApp;
  /** The generated part numbers, in the generator's order. */
  const codes: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(engine);
    const records: Record<string, unknown>[] = [];
    for (const { imagen: _photo, ...record } of generateCatalogueRecords(COUNT)) {
      records.push(record);
      codes.push(String(record.codigo));
    }
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
      .where(and(...filterConditions(filters, await loadCategories(t.database.db))))
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
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/parts?${c.query}${c.query ? '&' : ''}limit=${limit}&page=${page}`,
        });
        expect(response.statusCode).toBe(200);
        const body = partsResponseSchema.parse(response.json());
        expect(body.total).toBe(total);
        expect(
          body.parts.map((p) => p.id),
          `page ${page}`,
        ).toEqual(expected.slice((page - 1) * limit, page * limit));
      }
    });
  }

  it('serves every page of a search as the slice of the whole ordered list, read as one set or along the sort index', async () => {
    const [sample] = await t.database.db
      .select({ partNumber: parts.partNumber })
      .from(parts)
      .where(eq(parts.partNumber, codes[100] as string));
    const codeLike = (sample?.partNumber ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 4);
    expect(codeLike).toMatch(/\d/);
    // `r` is broad: a word of 1–2 letters matches the start of every word (`Repuestos`, `rueda`, …).
    const searches = ['motor', 'filtro aceite', 'cigüeñal', codeLike, 'zzzz sin resultados', 'r'];
    const orders: Pick<PartFilters, 'sortBy' | 'sortDir'>[] = [
      { sortBy: 'partNumber', sortDir: 'asc' },
      { sortBy: 'description', sortDir: 'desc' },
      { sortBy: 'price', sortDir: 'asc' },
      { sortBy: 'price', sortDir: 'desc' },
    ];
    let broad = 0;
    for (const search of searches) {
      for (const order of orders) {
        const expected = await allIds({ ...order, search });
        if (expected.length > 5_000) broad++;
        const limit = 100;
        const lastPage = Math.max(1, Math.ceil(expected.length / limit));
        // The first request of a filter reads the set and learns the total; later ones know it.
        for (const page of [1, 2, lastPage, lastPage + 1]) {
          const url = `/api/parts?search=${encodeURIComponent(search)}&sortBy=${order.sortBy}&sortDir=${order.sortDir}&limit=${limit}&page=${page}`;
          const response = await t.app.inject({ method: 'GET', url });
          expect(response.statusCode).toBe(200);
          const body = partsResponseSchema.parse(response.json());
          expect(body.total, url).toBe(expected.length);
          expect(
            body.parts.map((p) => p.id),
            url,
          ).toEqual(expected.slice((page - 1) * limit, page * limit));
        }
      }
    }
    expect(broad).toBeGreaterThan(0);
    // Prices of the unpriced parts come last in both directions, within a search too.
    const byPrice = partsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/parts?search=motor&sortBy=price&sortDir=desc&limit=100&page=1' })).json(),
    );
    expect(byPrice.parts[0]?.price).not.toBeNull();
  });

  it('reads deep pages of a search from the end too', async () => {
    const filters: PartFilters = { sortBy: 'partNumber', sortDir: 'asc', search: 'r' };
    const expected = await allIds(filters);
    const limit = 200;
    const lastPage = Math.ceil(expected.length / limit);
    expect(expected.length).toBeGreaterThan(5_200);
    for (const page of [lastPage - 1, lastPage]) {
      const body = partsResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/parts?search=r&sortBy=partNumber&limit=${limit}&page=${page}` })).json(),
      );
      expect(body.parts.map((p) => p.id)).toEqual(expected.slice((page - 1) * limit, page * limit));
    }
  });
});
