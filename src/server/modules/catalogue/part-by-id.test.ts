/**
 * The prepared read of public parts by id (`partsByIdQuery`, issue 23): the same answers as the
 * plain read for every price list and hidden-category set, and a statement prepared again on the
 * same connection (after the kept ones were dropped, for a set built in another order) still runs;
 * reads asked together (`readPublicPart`) are answered in batches, each with its own row.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, insertParts } from '../../test/factories.ts';
import { partColumns, partsByIdQuery, publicConditions, readPublicPart } from './queries.ts';

describe.each(testEngines())('part by id on %s', (engine) => {
  let t: TestApp;
  let id: number;
  let categoryId: number;
  let otherIds: number[];
  let secondId: number;
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
    const [second] = await t.database.db.select({ id: parts.id }).from(parts).where(eq(parts.partNumber, 'PBI-2'));
    secondId = second!.id;
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
      const prepared = await partsByIdQuery(db, priceList, new Set()).execute({ ids: [id] });
      expect(prepared).toHaveLength(1);
      expect(prepared).toEqual(await plainRead(priceList, new Set(), id));
    }
    expect((await partsByIdQuery(db, 1, new Set()).execute({ ids: [id] }))[0]).toMatchObject({ partNumber: 'PBI-1', listPrice: '1000.00' });
    expect((await partsByIdQuery(db, 2, new Set()).execute({ ids: [id] }))[0]).toMatchObject({ listPrice: '900.00' });
    expect(await partsByIdQuery(db, 1, new Set([categoryId])).execute({ ids: [id] })).toEqual([]);
    expect(await partsByIdQuery(db, 1, new Set(otherIds)).execute({ ids: [id] })).toEqual(await plainRead(1, new Set(otherIds), id));
    expect(await partsByIdQuery(db, 1, new Set()).execute({ ids: [999_999_999] })).toEqual([]);
  });

  it('runs again on the same connection after its statements were dropped, whatever the set order', async () => {
    await t.database.db.transaction(async (tx) => {
      const hidden = [...otherIds, 987_654];
      const first = await partsByIdQuery(tx, 1, new Set(hidden)).execute({ ids: [id] });
      // More price-list and hidden-set combinations than are kept: the kept statements are dropped.
      for (let i = 0; i < 40; i++) await partsByIdQuery(tx, (i % 10) + 1, new Set([900_000 + i])).execute({ ids: [id] });
      const again = await partsByIdQuery(tx, 1, new Set([...hidden].reverse())).execute({ ids: [id] });
      expect(again).toEqual(first);
      expect(again).toHaveLength(1);
    });
  });

  it('answers reads asked together each with its own row, price list and hidden set', async () => {
    const db = t.database.db;
    const reads = await Promise.all([
      readPublicPart(db, 1, new Set(), id),
      readPublicPart(db, 1, new Set(), secondId),
      readPublicPart(db, 1, new Set(), id),
      readPublicPart(db, 2, new Set(), id),
      readPublicPart(db, 1, new Set([categoryId]), id),
      readPublicPart(db, 1, new Set(), 999_999_999),
    ]);
    expect(reads.map((r) => r?.partNumber)).toEqual(['PBI-1', 'PBI-2', 'PBI-1', 'PBI-1', undefined, undefined]);
    expect(reads[0]).toEqual((await plainRead(1, new Set(), id))[0]);
    expect(reads[3]).toEqual((await plainRead(2, new Set(), id))[0]);
    expect(reads[0]?.listPrice).toBe('1000.00');
    expect(reads[3]?.listPrice).toBe('900.00');
    // A read alone is answered too, and a later batch reads the database again.
    await t.database.db.update(parts).set({ description: 'LEIDO DE NUEVO' }).where(eq(parts.id, secondId));
    expect((await readPublicPart(db, 1, new Set(), secondId))?.description).toBe('LEIDO DE NUEVO');
  });

  it('answers the reads asked while a batch is out as the next batch, after it', async () => {
    const db = t.database.db;
    const first = readPublicPart(db, 1, new Set(), id);
    // The end of this turn: the first batch's statement is out.
    await new Promise((resolve) => setImmediate(resolve));
    await db.update(parts).set({ description: 'SEGUNDA LECTURA' }).where(eq(parts.id, id));
    const next = [readPublicPart(db, 1, new Set(), id), readPublicPart(db, 1, new Set(), secondId), readPublicPart(db, 1, new Set(), id)];
    expect((await first)?.partNumber).toBe('PBI-1');
    const answered = await Promise.all(next);
    expect(answered.map((r) => r?.partNumber)).toEqual(['PBI-1', 'PBI-2', 'PBI-1']);
    expect(answered[0]?.description).toBe('SEGUNDA LECTURA');
    expect(answered[2]).toEqual(answered[0]);
    // Once every batch is answered, a read alone still goes out.
    expect((await readPublicPart(db, 1, new Set(), secondId))?.partNumber).toBe('PBI-2');
  });

  it('rejects every read of a batch whose statement fails', async () => {
    const db = t.database.db;
    // Out of the integer range the route's validation allows: the statement fails.
    const reads = await Promise.allSettled([readPublicPart(db, 3, new Set(), id), readPublicPart(db, 3, new Set(), 2 ** 40)]);
    expect(reads.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
