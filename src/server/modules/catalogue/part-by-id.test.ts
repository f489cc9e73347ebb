/**
 * The prepared read of one public part (`partByIdQuery`, issue 23): the same answers as the plain
 * read for every price list and hidden-category set, and a statement prepared again on the same
 * connection (after the kept ones were dropped, for a set built in another order) still runs.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, insertParts } from '../../test/factories.ts';
import { partByIdQuery, partColumns, publicConditions } from './queries.ts';

describe.each(testEngines())('part by id on %s', (engine) => {
  let t: TestApp;
  let id: number;
  let categoryId: number;
  let otherIds: number[];
  beforeAll(async () => {
    t = await buildTestApp(engine);
    await insertParts(t.database.db, [
      buildPartRecord({ codigo: 'PBI-1', precios: '1000.00-900.00-800.00' }),
      buildPartRecord({ codigo: 'PBI-2', categoria2: 'Frenos' }),
    ]);
    const [row] = await t.database.db
      .select({ id: parts.id, categoryId: parts.categoryId })
      .from(parts)
      .where(eq(parts.partNumber, 'PBI-1'));
    id = row!.id;
    categoryId = row!.categoryId!;
    otherIds = (await t.database.db.select({ id: categories.id }).from(categories)).map((c) => c.id).filter((c) => c !== categoryId);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The same read built and sent as a plain query. */
  const plainRead = (priceList: number, hidden: Set<number>, partId: number) =>
    t.database.db
      .select(partColumns(priceList))
      .from(parts)
      .where(and(eq(parts.id, partId), ...publicConditions(hidden)));

  it('answers as the plain read at each price list, and nothing when the category is hidden', async () => {
    const db = t.database.db;
    for (const priceList of [1, 2, 3, 7]) {
      const prepared = await partByIdQuery(db, priceList, new Set()).execute({ id });
      expect(prepared).toHaveLength(1);
      expect(prepared).toEqual(await plainRead(priceList, new Set(), id));
    }
    expect((await partByIdQuery(db, 1, new Set()).execute({ id }))[0]).toMatchObject({ partNumber: 'PBI-1', listPrice: '1000.00' });
    expect((await partByIdQuery(db, 2, new Set()).execute({ id }))[0]).toMatchObject({ listPrice: '900.00' });
    expect(await partByIdQuery(db, 1, new Set([categoryId])).execute({ id })).toEqual([]);
    expect(await partByIdQuery(db, 1, new Set(otherIds)).execute({ id })).toEqual(await plainRead(1, new Set(otherIds), id));
    expect(await partByIdQuery(db, 1, new Set()).execute({ id: 999_999_999 })).toEqual([]);
  });

  it('runs again on the same connection after its statements were dropped, whatever the set order', async () => {
    await t.database.db.transaction(async (tx) => {
      const hidden = [...otherIds, 987_654];
      const first = await partByIdQuery(tx, 1, new Set(hidden)).execute({ id });
      // More price-list and hidden-set combinations than are kept: the kept statements are dropped.
      for (let i = 0; i < 40; i++) await partByIdQuery(tx, (i % 10) + 1, new Set([900_000 + i])).execute({ id });
      const again = await partByIdQuery(tx, 1, new Set([...hidden].reverse())).execute({ id });
      expect(again).toEqual(first);
      expect(again).toHaveLength(1);
    });
  });
});
