/**
 * The panel's parts list (issue 21 item 4; docs/product.md §10.2 "Repuestos"): its filters on
 * `GET /api/admin/parts` and the same filters on the spreadsheet `GET /api/admin/parts/export.xlsx`.
 */
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carouselEntries, categories, parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';

describe.each(testEngines())('admin parts list filters on %s', (engine) => {
  let t: TestApp;
  const cookies = { admin: '', client: '' };
  const categoryIds: Record<string, number> = {};
  const as = (cookie: string | undefined, options: InjectOptions) =>
    t.app.inject({ ...options, ...(cookie ? { headers: { cookie } } : {}) });
  const codes = async (query: Record<string, string | number>) => {
    const response = await as(cookies.admin, { method: 'GET', url: '/api/admin/parts', query: { limit: '200', ...stringify(query) } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().parts as { partNumber: string }[]).map((p) => p.partNumber);
  };
  const stringify = (query: Record<string, string | number>) => Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    cookies.admin = await loginCookie(t.app, await createUser(db, { profileType: 'admin' }), 'admin');
    cookies.client = await loginCookie(t.app, await createUser(db, { profileType: 'client' }), 'client');
    await insertParts(db, [
      buildPartRecord({ codigo: 'LST-1', marca: 'Bosch', categoria1: 'Frenos', categoria2: 'Discos', categoria3: 'Ventilados', stock: 7 }),
      buildPartRecord({ codigo: 'LST-2', marca: 'BOSCH', categoria1: 'Frenos', categoria2: 'Pastillas', categoria3: 'Delanteras' }),
      buildPartRecord({
        codigo: 'LST-3',
        marca: 'Mann',
        categoria1: 'Filtros',
        categoria2: 'Aceite',
        categoria3: 'Mann',
        imagen: 'lst-3.jpg',
      }),
      buildPartRecord({ codigo: 'LST-4', marca: 'Mann', categoria1: 'Filtros', categoria2: 'Aire', categoria3: 'Mann', precios: '50.00' }),
      buildPartRecord({ codigo: '=LST-5', descripcion: '=HYPERLINK("http://x")', marca: 'Fram', categoria1: 'Filtros' }),
    ]);
    await db.update(parts).set({ isActive: false }).where(eq(parts.partNumber, 'LST-2'));
    await db
      .update(parts)
      .set({ handEditedFields: ['description', 'priceList1'], priceList1: '99.90' })
      .where(eq(parts.partNumber, 'LST-1'));
    await db.update(parts).set({ imageUrl: 'lst-1.jpg' }).where(eq(parts.partNumber, 'LST-1'));
    for (const row of await db.select({ id: categories.id, name: categories.name }).from(categories)) categoryIds[row.name] = row.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('filters by category with its descendants, brand in any case, status, photo, price and hand edits', async () => {
    expect(await codes({})).toEqual(['=LST-5', 'LST-1', 'LST-2', 'LST-3', 'LST-4']);
    // Pages of the list in its order (=LST-5 was stored last), and one past the end.
    expect(await codes({ limit: 2, page: 2 })).toEqual(['LST-2', 'LST-3']);
    expect(await codes({ limit: 2, page: 4 })).toEqual([]);
    expect(await codes({ categoryId: categoryIds.Frenos as number })).toEqual(['LST-1', 'LST-2']);
    expect(await codes({ categoryId: categoryIds.Discos as number })).toEqual(['LST-1']);
    expect(await codes({ brand: 'bosch' })).toEqual(['LST-1', 'LST-2']);
    expect(await codes({ status: 'inactive' })).toEqual(['LST-2']);
    expect(await codes({ status: 'active', brand: 'Bosch' })).toEqual(['LST-1']);
    expect(await codes({ withoutPhoto: 'true', categoryId: categoryIds.Filtros as number })).toEqual(['=LST-5', 'LST-4']);
    // LST-4 has list 1 only: without a price in list 3.
    expect(await codes({ withoutPrice: 'true', priceList: 3 })).toEqual(['LST-4']);
    expect(await codes({ withoutPrice: 'true' })).toEqual([]);
    expect(await codes({ handEdited: 'true' })).toEqual(['LST-1']);
    expect(await codes({ handEdited: 'false' })).toHaveLength(5);
    expect(await codes({ search: 'LST-3', brand: 'Mann' })).toEqual(['LST-3']);
    expect(await codes({ categoryId: 999_999 })).toEqual([]);
  });

  it('searches: exact part number first, then by part number; page, total and a page past the end', async () => {
    const db = t.database.db;
    await insertParts(db, [
      // Stored in an order (ids) other than the list's, which the page's rows must not follow.
      buildPartRecord({ codigo: 'AQ-2', descripcion: 'SOPORTE ZQ-7', marca: 'Corven' }),
      buildPartRecord({ codigo: 'AQ-1', descripcion: 'ADAPTADOR ZQ-7', marca: 'Taranto' }),
      buildPartRecord({ codigo: 'ZQ-7', descripcion: 'JUNTA TAPA', marca: 'Taranto' }),
    ]);
    const page = async (query: Record<string, string | number>) => {
      const response = await as(cookies.admin, { method: 'GET', url: '/api/admin/parts', query: stringify(query) });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { parts: { partNumber: string; description: string }[]; total: number };
      return { codes: body.parts.map((p) => p.partNumber), total: body.total, first: body.parts[0] };
    };
    expect(await page({ search: 'zq-7' })).toMatchObject({
      codes: ['ZQ-7', 'AQ-1', 'AQ-2'],
      total: 3,
      first: { description: 'JUNTA TAPA' },
    });
    expect(await page({ search: 'zq-7', limit: 2, page: 2 })).toMatchObject({ codes: ['AQ-2'], total: 3 });
    expect(await page({ search: 'zq-7', limit: 2, page: 5 })).toMatchObject({ codes: [], total: 3 });
    expect(await page({ search: 'zq-7', brand: 'taranto' })).toMatchObject({ codes: ['ZQ-7', 'AQ-1'], total: 2 });
    expect(await page({ search: 'zq-7 soporte' })).toMatchObject({ codes: ['AQ-2'], total: 1 });
    expect(await page({ search: 'ninguno-asi' })).toMatchObject({ codes: [], total: 0 });
    // The carousel's add list leaves out the parts of its draft, searched too.
    const [aq1] = await db.select({ id: parts.id }).from(parts).where(eq(parts.partNumber, 'AQ-1'));
    await db.insert(carouselEntries).values({ stage: 'draft', collection: 'featured', partId: aq1!.id, position: 0 });
    expect(await page({ search: 'zq-7', excludeCollection: 'featured' })).toMatchObject({ codes: ['ZQ-7', 'AQ-2'], total: 2 });
    await db.delete(carouselEntries).where(eq(carouselEntries.partId, aq1!.id));
    await db.delete(parts).where(inArray(parts.partNumber, ['ZQ-7', 'AQ-1', 'AQ-2']));
  });

  it("keeps a filter's total until the catalogue changes, and follows a change made in the panel", async () => {
    const total = async (query: Record<string, string | number>) => {
      const response = await as(cookies.admin, { method: 'GET', url: '/api/admin/parts', query: stringify({ limit: 1, ...query }) });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { total: number }).total;
    };
    expect(await total({ handEdited: 'true' })).toBe(1);
    expect(await total({ handEdited: 'true', page: 2 })).toBe(1);
    expect(await total({ brand: 'mann' })).toBe(2);
    const [lst3] = await t.database.db.select({ id: parts.id }).from(parts).where(eq(parts.partNumber, 'LST-3'));
    const edit = await as(cookies.admin, {
      method: 'PATCH',
      url: `/api/admin/parts/${lst3!.id}`,
      payload: { description: 'FILTRO EDITADO' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await total({ handEdited: 'true' })).toBe(2);
    expect(await total({ handEdited: 'true', brand: 'mann' })).toBe(1);
    expect(await total({ handEdited: 'true', page: 2 })).toBe(2);
    // A carousel's add list counts every time: its draft is not part of the catalogue's version.
    await t.database.db.insert(carouselEntries).values({ stage: 'draft', collection: 'featured', partId: lst3!.id, position: 0 });
    expect(await total({ brand: 'mann', excludeCollection: 'featured' })).toBe(1);
    await t.database.db.delete(carouselEntries).where(eq(carouselEntries.partId, lst3!.id));
    expect(await total({ brand: 'mann', excludeCollection: 'featured' })).toBe(2);
  });

  it('carries the units in stock and the hand-edited fields of each part', async () => {
    const response = await as(cookies.admin, { method: 'GET', url: '/api/admin/parts', query: { search: 'LST-1' } });
    expect(response.json().parts[0]).toMatchObject({
      partNumber: 'LST-1',
      stockQuantity: 7,
      handEditedFields: ['description', 'priceList1'],
      priceLists: expect.arrayContaining(['99.90']),
    });
  });

  it('refuses bad filters with a Spanish message', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ status: 'todos' }, /El estado debe ser active o inactive/],
      [{ priceList: '11' }, /La lista de precios va de 1 a 10/],
      [{ withoutPhoto: 'si' }, /Sin foto debe ser true o false/],
      [{ categoryId: 'frenos' }, /La categoría debe ser un número de categoría/],
    ];
    for (const [query, message] of cases) {
      for (const url of ['/api/admin/parts', '/api/admin/parts/export.xlsx']) {
        const response = await as(cookies.admin, { method: 'GET', url, query });
        expect(response.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
        expect(response.json().error.message).toMatch(message);
      }
    }
  });

  it('exports the filtered list as a spreadsheet: admin only, the chosen list, safe texts', async () => {
    expect((await as(undefined, { method: 'GET', url: '/api/admin/parts/export.xlsx' })).statusCode).toBe(401);
    expect((await as(cookies.client, { method: 'GET', url: '/api/admin/parts/export.xlsx' })).statusCode).toBe(403);

    const response = await as(cookies.admin, {
      method: 'GET',
      url: '/api/admin/parts/export.xlsx',
      query: { brand: 'bosch', priceList: '2' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="repuestos-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Repuestos');
    if (!sheet) throw new Error('no Repuestos sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(2)).toEqual([
      'Código',
      'Descripción',
      'Categoría',
      'Marca',
      'Lista 2',
      'Stock (unidades)',
      'Nivel de stock',
      'Activo',
      'Foto',
      'Editado a mano',
    ]);
    expect(values(3)).toEqual([
      'LST-1',
      expect.any(String),
      'Frenos > Discos > Ventilados',
      'Bosch',
      90,
      7,
      'En Stock',
      'Sí',
      'Sí',
      'description, priceList1',
    ]);
    expect(sheet.getRow(3).getCell(5).numFmt).toBe('"$" #,##0.00');
    expect(values(4)).toMatchObject([
      'LST-2',
      expect.any(String),
      'Frenos > Pastillas > Delanteras',
      'BOSCH',
      90,
      10,
      'En Stock',
      'No',
      'No',
    ]);
    expect(sheet.rowCount).toBe(4);

    // A cell that would start a formula is written as text.
    const fram = await as(cookies.admin, { method: 'GET', url: '/api/admin/parts/export.xlsx', query: { brand: 'Fram' } });
    const framBook = new ExcelJS.Workbook();
    await framBook.xlsx.load(fram.rawPayload as unknown as ArrayBuffer);
    const row = framBook.getWorksheet('Repuestos')?.getRow(3);
    expect(row?.getCell(1).value).toBe("'=LST-5");
    expect(row?.getCell(2).value).toBe('\'=HYPERLINK("http://x")');
  });
});
