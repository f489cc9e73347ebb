/**
 * Bulk price changes (issue 21 item 3; docs/product.md §10.2 "Cambiar precios"): preview numbers,
 * rounding, apply, the large-change guard, hand-edit marks, the undo and its conflicts, audit rows.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, categories, parts, priceChangeParts, priceChanges } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';

type Prices = Partial<Record<`priceList${1 | 2 | 3 | 4}` | 'price', string | null>>;

/** Our parts: three of Bosch (one without list 1), eight of Mann, one single-price part of Fram. */
const INITIAL: Record<string, Prices & { handEditedFields?: string[] }> = {
  'BOS-1': { priceList1: '1000.00', priceList2: '900.00', priceList3: '1100.00', price: null },
  'BOS-2': { priceList1: '1234.56', priceList2: '12.50', priceList3: null, price: null },
  'BOS-3': { priceList1: null, priceList2: '500.00', priceList3: '124.99', price: null },
  'FRA-1': { priceList1: '500.00', priceList2: null, priceList3: null, price: '500.00' },
  ...Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [`MAN-${i + 1}`, { priceList1: '100.00', priceList2: '1.15', priceList3: null, price: null }]),
  ),
};

describe.each(testEngines())('bulk price changes on %s', (engine) => {
  let t: TestApp;
  const cookies = { admin: '', client: '', distributor: '' };
  const ids: Record<string, number> = {};
  const as = (cookie: string | undefined, options: InjectOptions) =>
    t.app.inject({ ...options, ...(cookie ? { headers: { cookie } } : {}) });
  const bulk = (payload: unknown, cookie: string | null = cookies.admin) =>
    as(cookie ?? undefined, { method: 'POST', url: '/api/admin/prices/bulk', payload: payload as Record<string, unknown> });
  const undo = (changeId: number) => as(cookies.admin, { method: 'POST', url: '/api/admin/prices/bulk/undo', payload: { changeId } });
  const priceOf = async (partNumber: string) => {
    const [row] = await t.database.db.select().from(parts).where(eq(parts.partNumber, partNumber));
    return row as typeof parts.$inferSelect;
  };
  const bosch = { filter: { brand: 'bosch' }, priceList: 1, percent: 10, rounding: 'cents' };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    cookies.admin = await loginCookie(t.app, await createUser(db, { profileType: 'admin', username: 'precios' }), 'admin');
    cookies.client = await loginCookie(t.app, await createUser(db, { profileType: 'client' }), 'client');
    cookies.distributor = await loginCookie(t.app, await createUser(db, { profileType: 'distributor' }), 'distributor');
    await insertParts(db, [
      ...['BOS-1', 'BOS-2', 'BOS-3'].map((codigo) =>
        buildPartRecord({ codigo, marca: 'Bosch', categoria1: 'Frenos', categoria2: 'Discos', categoria3: 'Ventilados' }),
      ),
      ...Array.from({ length: 8 }, (_, i) =>
        buildPartRecord({ codigo: `MAN-${i + 1}`, marca: 'Mann', categoria1: 'Filtros', categoria2: 'Aceite', categoria3: 'Mann' }),
      ),
    ]);
    // A single-price source: the one column fills the base price and list 1 alike.
    await insertParts(db, [{ codigo: 'FRA-1', descripcion: 'Filtro de aire', marca: 'Fram', categoria1: 'Filtros', precio: '500' }]);
    for (const row of await db.select({ id: parts.id, partNumber: parts.partNumber }).from(parts)) ids[row.partNumber] = row.id;
    for (const row of await db.select({ id: categories.id, name: categories.name }).from(categories)) ids[`cat:${row.name}`] = row.id;
  });
  beforeEach(async () => {
    // Every test starts from the same prices, none edited by hand and no change to undo.
    const db = t.database.db;
    await db.delete(priceChanges);
    for (const [partNumber, prices] of Object.entries(INITIAL)) {
      await db
        .update(parts)
        .set({ priceList4: null, ...prices, handEditedFields: prices.handEditedFields ?? [] })
        .where(eq(parts.partNumber, partNumber));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 to guests and 403 to clients and distributors, before reading the body', async () => {
    for (const [cookie, status] of [
      [null, 401],
      [cookies.client, 403],
      [cookies.distributor, 403],
    ] as const) {
      expect((await bulk({ ...bosch, apply: true }, cookie)).statusCode).toBe(status);
      expect((await bulk('not json', cookie)).statusCode).toBe(status);
      const session = cookie ?? undefined;
      expect((await as(session, { method: 'GET', url: '/api/admin/prices/bulk/last' })).statusCode).toBe(status);
      expect((await as(session, { method: 'POST', url: '/api/admin/prices/bulk/undo', payload: { changeId: 1 } })).statusCode).toBe(status);
    }
    expect((await priceOf('BOS-1')).priceList1).toBe('1000.00');
  });

  it('refuses bad bodies with a Spanish message, not a 500', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...bosch, percent: 0 }, /El porcentaje no puede ser 0/],
      [{ ...bosch, percent: -100 }, /El porcentaje debe ser mayor que -100/],
      [{ ...bosch, percent: 8.125 }, /El porcentaje admite hasta 2 decimales/],
      [{ ...bosch, percent: '10' }, /El porcentaje debe ser un número/],
      [{ ...bosch, percent: undefined, fromList: 2, factor: 0 }, /El factor debe ser mayor que 0/],
      [{ ...bosch, percent: undefined, fromList: 2, factor: -1.2 }, /El factor debe ser mayor que 0/],
      [{ ...bosch, percent: undefined, fromList: 2 }, /Con una lista de origen indique también el factor/],
      [{ ...bosch, fromList: 2, factor: 1.1 }, /Indique un porcentaje, o una lista de origen con su factor/],
      [{ ...bosch, percent: undefined }, /Indique un porcentaje, o una lista de origen con su factor/],
      [{ ...bosch, priceList: 11 }, /La lista de precios va de 1 a 10/],
      [{ ...bosch, priceList: 0 }, /La lista de precios va de 1 a 10/],
      [{ ...bosch, percent: undefined, fromList: 12, factor: 1 }, /La lista de precios va de 1 a 10/],
      [{ ...bosch, rounding: 'mil' }, /El redondeo debe ser/],
      [{ ...bosch, filter: {} }, /Elija todos los repuestos o un filtro/],
      [{ ...bosch, filter: { all: true, brand: 'Bosch' } }, /Elija todos los repuestos o un filtro/],
      [{ ...bosch, filter: { brand: '   ' } }, /Elija todos los repuestos o un filtro/],
      [{ ...bosch, filter: undefined }, /Elija a qué repuestos aplicar el cambio/],
    ];
    for (const [payload, message] of cases) {
      const response = await bulk(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message, JSON.stringify(payload)).toMatch(message);
    }
    const nobody = await bulk({ ...bosch, filter: { brand: 'Nadie' } });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.message).toBe('Ningún repuesto coincide con el filtro elegido');
    const unknownCategory = await bulk({ ...bosch, filter: { categoryId: 999_999 } });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().error.message).toBe('La categoría elegida no existe');
    expect(await t.database.db.select().from(priceChanges)).toEqual([]);
  });

  it('previews a brand +10 %: counts, the skipped part, sums and the first rows, writing nothing', async () => {
    const response = await bulk(bosch);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      applied: false,
      changeId: null,
      matched: 3,
      count: 2,
      added: 0,
      unchanged: 0,
      skippedNoPrice: 1,
      skippedOutOfRange: 0,
      sumBefore: '2234.56',
      sumAfter: '2458.02',
      share: 18.2,
      bigSteps: 0,
      largeChange: [],
      rows: [
        { id: ids['BOS-1'], partNumber: 'BOS-1', description: expect.any(String), before: '1000.00', after: '1100.00' },
        { id: ids['BOS-2'], partNumber: 'BOS-2', description: expect.any(String), before: '1234.56', after: '1358.02' },
      ],
    });
    expect((await priceOf('BOS-2')).priceList1).toBe('1234.56');
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'price.bulk'))).toEqual([]);
  });

  it('rounds to cents, whole pesos or tens, half up, in exact decimals', async () => {
    const newPrices = async (body: Record<string, unknown>) =>
      Object.fromEntries(((await bulk(body)).json().rows as { partNumber: string; after: string }[]).map((r) => [r.partNumber, r.after]));
    expect(await newPrices({ ...bosch, rounding: 'pesos' })).toEqual({ 'BOS-1': '1100.00', 'BOS-2': '1358.00' });
    expect(await newPrices({ ...bosch, rounding: 'tens' })).toEqual({ 'BOS-1': '1100.00', 'BOS-2': '1360.00' });
    // List 2 × 1: 12.50 → 13 pesos (half up, not to even); list 3 × 1 to tens: 124.99 → 120, 1100 stays (unchanged).
    expect(await newPrices({ filter: { brand: 'Bosch' }, priceList: 2, fromList: 2, factor: 1, rounding: 'pesos' })).toEqual({
      'BOS-2': '13.00',
    });
    const tens = (await bulk({ filter: { brand: 'Bosch' }, priceList: 3, fromList: 3, factor: 1, rounding: 'tens' })).json();
    expect(tens).toMatchObject({
      count: 1,
      unchanged: 1,
      skippedNoPrice: 1,
      rows: [{ partNumber: 'BOS-3', before: '124.99', after: '120.00' }],
    });
    // 1.15 × 1.5 = 1.725 → 1.73 (a binary float gives 1.7249999… and would round down).
    const mann = (await bulk({ filter: { brand: 'Mann' }, priceList: 2, percent: 50, rounding: 'cents' })).json();
    expect(mann).toMatchObject({ count: 8, sumBefore: '9.20', sumAfter: '13.84' });
    expect(mann.rows[0]).toMatchObject({ before: '1.15', after: '1.73' });
  });

  it('sets a list from another times a factor, adding prices the list lacked and skipping parts without a source price', async () => {
    const response = await bulk({ filter: { categoryId: ids['cat:Frenos'] }, priceList: 4, fromList: 1, factor: 1.21, rounding: 'cents' });
    expect(response.json()).toMatchObject({
      matched: 3,
      count: 2,
      added: 2,
      skippedNoPrice: 1,
      sumBefore: '0.00',
      sumAfter: '2703.82',
      rows: [
        { partNumber: 'BOS-1', before: null, after: '1210.00' },
        { partNumber: 'BOS-2', before: null, after: '1493.82' },
      ],
    });
    // Nobody had list 4: adding two prices to it is the whole list, a large change.
    expect(response.json().largeChange).toEqual(['Cambia 2 de 2 precios de la Lista 4 (100 %, más del 30 %).']);
  });

  it('applies in one go: prices, base price following list 1, hand-edit marks, audit row and the public price', async () => {
    const publicPrice = async () =>
      (await as(cookies.client, { method: 'GET', url: `/api/parts/${ids['FRA-1']}` })).json().price as string | null;
    expect(await publicPrice()).toBe('500.00');
    await t.database.db
      .update(parts)
      .set({ handEditedFields: ['description'] })
      .where(eq(parts.partNumber, 'FRA-1'));

    const response = await bulk({ filter: { brand: 'Fram' }, priceList: 1, percent: -5, rounding: 'tens', apply: true });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ applied: true, count: 1, sumBefore: '500.00', sumAfter: '480.00' });
    expect(result.changeId).toEqual(expect.any(Number));
    const fram = await priceOf('FRA-1');
    expect(fram).toMatchObject({ priceList1: '480.00', price: '480.00', handEditedFields: ['description', 'priceList1'] });
    // The client sees the new price at once (the catalogue version was bumped).
    expect(await publicPrice()).toBe('480.00');

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'price.bulk')).orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      actorUsername: 'precios',
      entity: 'price_change',
      entityId: String(result.changeId),
      before: { priceSum: '500.00' },
      after: { filter: 'Marca Fram', rule: 'Lista 1 −5 %, redondeo a decenas de pesos', parts: 1, skipped: 0, priceSum: '480.00' },
    });
    const last = (await as(cookies.admin, { method: 'GET', url: '/api/admin/prices/bulk/last' })).json();
    expect(last.change).toMatchObject({
      id: result.changeId,
      actor: 'precios',
      priceList: 1,
      count: 1,
      summary: 'Marca Fram · Lista 1 −5 %, redondeo a decenas de pesos',
      undoneAt: null,
    });

    // The next import keeps the hand-edited list 1 (docs/product.md §11.4).
    await insertParts(t.database.db, [
      { codigo: 'FRA-1', descripcion: 'Filtro de aire', marca: 'Fram', categoria1: 'Filtros', precio: '777' },
    ]);
    expect((await priceOf('FRA-1')).priceList1).toBe('480.00');
  });

  it('refuses with nothing to change, and a large change without its confirmation', async () => {
    const none = await bulk({ filter: { brand: 'Bosch' }, priceList: 3, fromList: 3, factor: 1, rounding: 'cents', apply: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Con esta regla no cambia ningún precio');

    const everything = { filter: { all: true }, priceList: 1, percent: 8, rounding: 'pesos', apply: true };
    const preview = (await bulk({ ...everything, apply: false })).json();
    expect(preview).toMatchObject({ matched: 12, count: 11, share: 100, skippedNoPrice: 1 });
    expect(preview.largeChange).toEqual(['Cambia 11 de 11 precios de la Lista 1 (100 %, más del 30 %).']);
    const refused = await bulk(everything);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^Cambio grande: Cambia 11 de 11 precios .* Revise la vista previa y confírmelo\.$/);
    expect((await priceOf('MAN-1')).priceList1).toBe('100.00');

    const steep = await bulk({ ...bosch, percent: 60, apply: true });
    expect(steep.statusCode).toBe(409);
    expect(steep.json().error.message).toContain('2 precios cambian más del 50 %.');

    const confirmed = await bulk({ ...everything, confirmLarge: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ applied: true, count: 11 });
    expect((await priceOf('MAN-1')).priceList1).toBe('108.00');
  });

  it('undoes the last change, leaving prices changed since, and only once', async () => {
    const first = (await bulk({ ...bosch, apply: true })).json();
    // Mann is 8 of the 11 prices of list 1: a large change, confirmed.
    const second = (
      await bulk({ filter: { brand: 'Mann' }, priceList: 1, percent: 10, rounding: 'cents', apply: true, confirmLarge: true })
    ).json();
    // Only the newest change keeps its old prices.
    const kept = await t.database.db.select().from(priceChangeParts).orderBy(asc(priceChangeParts.partId));
    expect(new Set(kept.map((r) => r.changeId))).toEqual(new Set([second.changeId]));
    const older = await undo(first.changeId);
    expect(older.statusCode).toBe(409);
    expect(older.json().error.message).toBe('Solo se puede deshacer el último cambio de precios');

    // A part edited by hand after the change keeps its new price: a conflict.
    const edited = await as(cookies.admin, { method: 'PATCH', url: `/api/admin/parts/${ids['MAN-2']}`, payload: { priceList1: '150.00' } });
    expect(edited.statusCode).toBe(200);
    const response = await undo(second.changeId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ restored: 7, conflicts: 1 });
    expect(await priceOf('MAN-1')).toMatchObject({ priceList1: '100.00', handEditedFields: [] });
    expect(await priceOf('MAN-2')).toMatchObject({ priceList1: '150.00', handEditedFields: ['priceList1'] });
    // The first change is still applied.
    expect((await priceOf('BOS-1')).priceList1).toBe('1100.00');

    const again = await undo(second.changeId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ese cambio de precios ya se deshizo');
    expect((await undo(999_999)).statusCode).toBe(404);
    const last = (await as(cookies.admin, { method: 'GET', url: '/api/admin/prices/bulk/last' })).json();
    expect(last.change.undoneAt).toEqual(expect.any(String));

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'price.bulk_undo')).orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      entity: 'price_change',
      entityId: String(second.changeId),
      after: { filter: 'Marca Mann', rule: 'Lista 1 +10 %, redondeo a centavos', restored: 7, conflicts: 1 },
    });
  });

  it('undo restores the base price and an absent list price exactly', async () => {
    const fram = (await bulk({ filter: { brand: 'Fram' }, priceList: 1, percent: 12.5, rounding: 'cents', apply: true })).json();
    expect(await priceOf('FRA-1')).toMatchObject({ priceList1: '562.50', price: '562.50' });
    expect((await undo(fram.changeId)).json()).toEqual({ restored: 1, conflicts: 0 });
    expect(await priceOf('FRA-1')).toMatchObject({ priceList1: '500.00', price: '500.00', handEditedFields: [] });

    const added = (
      await bulk({
        filter: { categoryId: ids['cat:Frenos'] },
        priceList: 4,
        fromList: 1,
        factor: 2,
        rounding: 'cents',
        apply: true,
        confirmLarge: true,
      })
    ).json();
    const rows = await t.database.db
      .select()
      .from(parts)
      .where(inArray(parts.partNumber, ['BOS-1', 'BOS-2']));
    expect(rows.map((r) => r.priceList4).sort()).toEqual(['2000.00', '2469.12']);
    expect((await undo(added.changeId)).json()).toEqual({ restored: 2, conflicts: 0 });
    expect((await priceOf('BOS-1')).priceList4).toBeNull();
  });
});
