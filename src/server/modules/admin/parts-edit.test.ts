import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, parts, searchVocabulary } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';

describe.each(testEngines())('part editor API on %s', (engine) => {
  let t: TestApp;
  const cookies: Record<'admin' | 'client' | 'distributor', string> = { admin: '', client: '', distributor: '' };
  const ids: Record<string, number> = {};
  const as = (cookie: string | undefined, options: InjectOptions) =>
    t.app.inject({ ...options, ...(cookie ? { headers: { cookie } } : {}) });
  const patch = (id: number, payload: unknown, cookie: string | null = cookies.admin) =>
    as(cookie ?? undefined, { method: 'PATCH', url: `/api/admin/parts/${id}`, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    cookies.admin = await loginCookie(t.app, await createUser(db, { profileType: 'admin', username: 'editora' }), 'admin');
    cookies.client = await loginCookie(t.app, await createUser(db, { profileType: 'client' }), 'client');
    cookies.distributor = await loginCookie(t.app, await createUser(db, { profileType: 'distributor' }), 'distributor');
    await insertParts(db, [
      buildPartRecord({
        codigo: 'EDT-1',
        descripcion: 'Bomba de agua Fiat 128',
        categoria1: 'Repuestos',
        categoria2: 'Refrigeración',
        categoria3: 'Fiat',
        precios: '1000.00-900.00-800.00-1100.00',
        stock: 10,
      }),
      buildPartRecord({
        codigo: 'EDT-2',
        descripcion: 'Llave de bujías',
        categoria1: 'Herramientas',
        categoria2: 'Manuales',
        categoria3: 'Bahco',
        precios: '300.00',
      }),
    ]);
    // A single-price source: the one column fills the base price and list 1.
    await insertParts(db, [{ codigo: 'EDT-3', descripcion: 'Junta tapa de cilindros', precio: '500', stock: 8 }]);
    for (const row of await db.select({ id: parts.id, partNumber: parts.partNumber }).from(parts)) ids[row.partNumber] = row.id;
    for (const row of await db.select({ id: categories.id, name: categories.name }).from(categories)) ids[`cat:${row.name}`] = row.id;
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
      expect((await patch(ids['EDT-1'] as number, { description: 'x' }, cookie)).statusCode).toBe(status);
      expect((await patch(ids['EDT-1'] as number, 'not json', cookie)).statusCode).toBe(status);
      expect((await as(cookie ?? undefined, { method: 'GET', url: `/api/admin/parts/${ids['EDT-1']}` })).statusCode).toBe(status);
      expect((await as(cookie ?? undefined, { method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(status);
    }
    const [row] = await t.database.db
      .select()
      .from(parts)
      .where(eq(parts.id, ids['EDT-1'] as number));
    expect(row?.description).toBe('Bomba de agua Fiat 128');
  });

  it('refuses bad values with a Spanish message and changes nothing', async () => {
    const id = ids['EDT-1'] as number;
    const cases: [unknown, RegExp][] = [
      [{}, /No hay cambios para guardar/],
      [{ description: '   ' }, /La descripción no puede estar vacía/],
      [{ priceList1: '12,5x' }, /El precio debe ser un importe/],
      [{ priceList3: -5 }, /El precio debe ser un importe/],
      [{ priceList2: '1.234,50' }, /El precio debe ser un importe/],
      [{ stock: 2.5 }, /El stock debe ser un número entero/],
      [{ stock: -1 }, /El stock no puede ser negativo/],
      [{ salesUnit: '' }, /La unidad de venta no puede estar vacía/],
      [{ alternateCodes: 'ABC' }, /Los códigos alternativos deben ser una lista/],
      [{ isActive: 'si' }, /Activo debe ser sí o no/],
      [{ notes: 'x'.repeat(4001) }, /Las notas admiten hasta 4000 caracteres|Las notas admite hasta 4000 caracteres/],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message, JSON.stringify(payload)).toMatch(message);
    }
    const unknownCategory = await patch(id, { categoryId: 999_999 });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().error.message).toBe('La categoría elegida no existe');
    expect((await patch(999_999, { description: 'Otra' })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(parts).where(eq(parts.id, id));
    expect(row).toMatchObject({ description: 'Bomba de agua Fiat 128', priceList1: '1000.00', handEditedFields: [] });
  });

  it('edits every field, marks each as edited by hand and audits before and after', async () => {
    const id = ids['EDT-2'] as number;
    const response = await patch(id, {
      description: '  Llave de bujías 16 mm  ',
      brand: 'Bahco',
      categoryId: ids['cat:Fiat'],
      priceList1: '350.5',
      priceList2: 320,
      priceList10: '999.99',
      stock: 3,
      salesUnit: 'Par',
      alternateCodes: [' 16-BJ ', '16-bj', '', 'BJ16'],
      notes: 'Boca hexagonal',
      applications: 'Fiat 128, 147',
      isActive: false,
    });
    expect(response.statusCode).toBe(200);
    const part = response.json();
    expect(part).toMatchObject({
      description: 'Llave de bujías 16 mm',
      brand: 'Bahco',
      categoryId: ids['cat:Fiat'],
      categoryPath: ['Repuestos', 'Refrigeración', 'Fiat'],
      stockQuantity: 3,
      stockLevel: 'Bajo Stock',
      salesUnit: 'Par',
      alternateCodes: ['16-BJ', 'BJ16'],
      notes: 'Boca hexagonal',
      applications: 'Fiat 128, 147',
      isActive: false,
    });
    expect(part.priceLists).toEqual(['350.50', '320.00', null, null, null, null, null, null, null, '999.99']);
    expect([...part.handEditedFields].sort()).toEqual(
      [
        'description',
        'brand',
        'category1',
        'priceList1',
        'priceList2',
        'priceList10',
        'stock',
        'salesUnit',
        'alternateCodes',
        'notes',
        'applications',
        'isActive',
      ].sort(),
    );
    const [stored] = await t.database.db.select().from(parts).where(eq(parts.id, id));
    expect(stored?.handEditedFields.sort()).toEqual([...part.handEditedFields].sort());

    const [audit] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      actorUsername: 'editora',
      action: 'part.update',
      entity: 'part',
      entityId: String(id),
      before: {
        partNumber: 'EDT-2',
        description: 'Llave de bujías',
        priceList1: '300.00',
        priceList2: null,
        isActive: true,
      },
      after: {
        partNumber: 'EDT-2',
        description: 'Llave de bujías 16 mm',
        priceList1: '350.50',
        priceList2: '320.00',
        isActive: false,
      },
    });

    // Clearing a price is a change too; a second edit adds to the marks, never drops them.
    const cleared = await patch(id, { priceList10: '', isActive: true });
    expect(cleared.json().priceLists[9]).toBeNull();
    expect(cleared.json().handEditedFields).toContain('priceList10');
    expect(cleared.json().handEditedFields).toContain('notes');
  });

  it('writes nothing for an edit that changes nothing', async () => {
    const id = ids['EDT-1'] as number;
    const before = (await t.database.db.select().from(auditLog)).length;
    const response = await patch(id, { description: 'Bomba de agua Fiat 128', priceList1: '1000' });
    expect(response.statusCode).toBe(200);
    expect(response.json().handEditedFields).toEqual([]);
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
  });

  it('the cached catalogue shows the new price at once', async () => {
    const id = ids['EDT-1'] as number;
    const read = async () => (await as(cookies.client, { method: 'GET', url: '/api/parts?search=bomba%20fiat' })).json().parts[0];
    expect((await read()).price).toBe('1000.00');
    expect((await read()).price).toBe('1000.00');
    expect((await patch(id, { priceList1: '1234.50' })).statusCode).toBe(200);
    expect((await read()).price).toBe('1234.50');
    const one = await as(cookies.client, { method: 'GET', url: `/api/parts/${id}` });
    expect(one.json().price).toBe('1234.50');
    // The guest list (4) is untouched and still never shows list 1.
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json().price).toBe('1100.00');
    // A single-price part (base = list 1): the base follows list 1, so a guest sees the new price too.
    const single = ids['EDT-3'] as number;
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${single}` })).json().price).toBe('500.00');
    const edited = await patch(single, { priceList1: '550' });
    expect(edited.json()).toMatchObject({ price: '550.00', priceLists: expect.arrayContaining(['550.00']) });
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${single}` })).json().price).toBe('550.00');
    expect((await as(cookies.client, { method: 'GET', url: `/api/parts/${single}` })).json().price).toBe('550.00');
    const [audit] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ before: { priceList1: '500.00', price: '500.00' }, after: { priceList1: '550.00', price: '550.00' } });
  });

  it('serves the Historial: filters by person, kind, part and days, newest first, paged', async () => {
    const id = ids['EDT-1'] as number;
    const get = async (query: string) => {
      const response = await as(cookies.admin, { method: 'GET', url: `/api/admin/audit?${query}` });
      expect(response.statusCode, query).toBe(200);
      return response.json();
    };
    const partHistory = await get('part=edt-1');
    expect(partHistory.total).toBe(1);
    expect(partHistory.entries[0]).toMatchObject({
      action: 'part.update',
      before: { priceList1: '1000.00' },
      after: { priceList1: '1234.50' },
    });
    expect((await get(`part=${id}`)).total).toBe(1);
    expect((await get('part=NO-EXISTE')).total).toBe(0);

    const all = await get('entity=part&actor=EDIT');
    expect(all.total).toBe(4);
    const times = all.entries.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await get('actor=nadie')).total).toBe(0);

    const paged = await get('entity=part&limit=3&page=2');
    expect(paged).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(paged.entries).toHaveLength(1);
    expect(paged.entries[0].id).toBe(all.entries[3].id);

    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    expect((await get(`from=${today}&to=${today}&entity=part`)).total).toBe(4);
    expect((await get('to=2000-01-01')).total).toBe(0);
    expect((await get('from=2999-01-01')).total).toBe(0);

    for (const [query, message] of [
      ['from=ayer', /Desde debe ser una fecha AAAA-MM-DD/],
      ['to=2024-02-31x', /Hasta debe ser una fecha/],
      ['limit=500', /El tamaño de página va de 1 a 200/],
      ['page=0', /La página empieza en 1/],
    ] as const) {
      const response = await as(cookies.admin, { method: 'GET', url: `/api/admin/audit?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toMatch(message);
    }
  });

  it('serves one part with its codes, notes and hand edits to the editor', async () => {
    const response = await as(cookies.admin, { method: 'GET', url: `/api/admin/parts/${ids['EDT-2']}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ partNumber: 'EDT-2', alternateCodes: ['16-BJ', 'BJ16'], notes: 'Boca hexagonal' });
    expect((await as(cookies.admin, { method: 'GET', url: '/api/admin/parts/999999' })).statusCode).toBe(404);
  });

  it('moves the part’s words in the search vocabulary, so a typo of a word staff typed is corrected', async () => {
    const db = t.database.db;
    await insertParts(db, [{ codigo: 'VOC-9', descripcion: 'Guardabarro trasero', precio: '100' }]);
    const [part] = await db.select({ id: parts.id }).from(parts).where(eq(parts.partNumber, 'VOC-9'));
    const id = part?.id as number;
    const counts = async () => new Map((await db.select().from(searchVocabulary)).map((r) => [r.word, r.parts]));
    const before = await counts();
    expect(before.get('guardabarro')).toBe(1);
    expect(before.has('zafiro')).toBe(false);

    expect((await patch(id, { description: 'Guardabarro zafiro' })).statusCode).toBe(200);
    const after = await counts();
    expect(after.get('zafiro')).toBe(1);
    expect(after.get('guardabarro')).toBe(1);
    // "trasero" loses this part: one fewer, or gone when no other part holds it.
    expect(after.get('trasero') ?? 0).toBe((before.get('trasero') ?? 0) - 1);
    const search = await as(undefined, { method: 'GET', url: '/api/parts?search=zafrio' });
    expect(search.json()).toMatchObject({ correctedSearch: 'zafiro', parts: [{ partNumber: 'VOC-9' }] });

    // An inactive part holds no words.
    expect((await patch(id, { isActive: false })).statusCode).toBe(200);
    const inactive = await counts();
    expect(inactive.has('zafiro')).toBe(false);
    expect(inactive.has('guardabarro')).toBe(false);
  });
});
