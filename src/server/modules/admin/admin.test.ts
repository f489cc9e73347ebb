import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_UNIT_EMPTY } from '../../../shared/admin.ts';
import { categories, parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';

describe.each(testEngines())('admin API on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let client: string;
  const ids: Record<string, number> = {};
  const as = (cookie: string | undefined, options: InjectOptions) =>
    t.app.inject({ ...options, ...(cookie ? { headers: { cookie } } : {}) });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    admin = await loginCookie(t.app, await createUser(db, { profileType: 'admin' }), 'admin');
    client = await loginCookie(t.app, await createUser(db, { profileType: 'client' }), 'client');
    await insertParts(db, [
      buildPartRecord({
        codigo: 'ADM-1',
        descripcion: 'Bomba de agua Fiat 128',
        categoria1: 'Repuestos',
        categoria2: 'Refrigeración',
        categoria3: 'Fiat',
        precios: '1000.00-900.00-800.00-1100.00',
      }),
      buildPartRecord({
        codigo: 'ADM-2',
        descripcion: 'Termostato Fiat 128',
        categoria1: 'Repuestos',
        categoria2: 'Refrigeración',
        categoria3: 'Fiat',
        precios: '500.00-450.00-400.00-550.00',
      }),
      buildPartRecord({
        codigo: 'ADM-3',
        descripcion: 'Llave de bujías',
        categoria1: 'Herramientas',
        categoria2: 'Manuales',
        categoria3: 'Bahco',
        precios: '300.00',
      }),
    ]);
    for (const row of await db.select({ id: parts.id, partNumber: parts.partNumber }).from(parts)) ids[row.partNumber] = row.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets the price list of a profile and the catalogue follows at once', async () => {
    const before = await as(admin, { method: 'GET', url: '/api/profiles' });
    expect(before.json()).toEqual(
      expect.arrayContaining([
        { profileType: 'guest', priceList: 4 },
        { profileType: 'client', priceList: 1 },
        { profileType: 'distributor', priceList: 2 },
      ]),
    );
    const set = await as(admin, { method: 'POST', url: '/api/profiles/guest/price-list', payload: { priceList: 3 } });
    expect(set.json()).toEqual({ profileType: 'guest', priceList: 3 });
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${ids['ADM-1']}` })).json().price).toBe('800.00');
    for (const bad of [0, 11, 'x', 2.5]) {
      const response = await as(admin, { method: 'POST', url: '/api/profiles/guest/price-list', payload: { priceList: bad } });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().error.message).toMatch(/lista de precios/);
    }
    expect((await as(admin, { method: 'POST', url: '/api/profiles/admin/price-list', payload: { priceList: 1 } })).statusCode).toBe(400);
    await as(admin, { method: 'POST', url: '/api/profiles/guest/price-list', payload: { priceList: 4 } });
  });

  it('lists parts for admins with every price list, paged and searchable', async () => {
    const response = await as(admin, { method: 'GET', url: '/api/admin/parts?search=fiat&limit=50' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.parts[0]).toMatchObject({
      partNumber: 'ADM-1',
      priceLists: ['1000.00', '900.00', '800.00', '1100.00', null, null, null, null, null, null],
      isActive: true,
    });
    expect((await as(admin, { method: 'GET', url: '/api/admin/parts?limit=201' })).statusCode).toBe(400);
  });

  it('edits a sales unit, refusing an empty one with the spec text', async () => {
    const ok = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/parts/${ids['ADM-1']}/sales-unit`,
      payload: { salesUnit: '  Juego x 2 ' },
    });
    expect(ok.json().salesUnit).toBe('Juego x 2');
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${ids['ADM-1']}` })).json().salesUnit).toBe('Juego x 2');
    const empty = await as(admin, { method: 'PATCH', url: `/api/admin/parts/${ids['ADM-1']}/sales-unit`, payload: { salesUnit: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain(SALES_UNIT_EMPTY);
    // The refusal names the field at fault, so the panel's inline edit says it on the field (§13.1).
    expect(empty.json().error.field).toBe('salesUnit');
    const long = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/parts/${ids['ADM-1']}/sales-unit`,
      payload: { salesUnit: 'x'.repeat(61) },
    });
    expect(long.json().error).toEqual({ code: 'VALIDATION', message: 'La unidad de venta admite hasta 60 caracteres', field: 'salesUnit' });
    const missing = await as(admin, { method: 'PATCH', url: '/api/admin/parts/999999/sales-unit', payload: { salesUnit: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.field).toBeUndefined();
    // The import keeps a sales unit set here (issue 21).
    const [row] = await t.database.db
      .select({ marks: parts.handEditedFields })
      .from(parts)
      .where(eq(parts.id, ids['ADM-1'] as number));
    expect(row?.marks).toEqual(['salesUnit']);
  });

  it('sets document and video URLs, http(s) only, and clears them', async () => {
    const url = `/api/admin/parts/${ids['ADM-2']}/multimedia`;
    const doc = await as(admin, { method: 'PUT', url, payload: { documentUrl: 'https://example.com/ficha.pdf' } });
    expect(doc.json()).toMatchObject({ documentUrl: 'https://example.com/ficha.pdf', videoUrl: null });
    const video = await as(admin, { method: 'PUT', url, payload: { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' } });
    expect(video.json()).toMatchObject({ documentUrl: 'https://example.com/ficha.pdf', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    for (const bad of ['javascript:alert(1)', 'ftp://x/y', 'data:text/html,hi']) {
      const response = await as(admin, { method: 'PUT', url, payload: { videoUrl: bad } });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error).toEqual({ code: 'VALIDATION', message: 'Solo se aceptan URLs http(s)', field: 'videoUrl' });
    }
    const badDocument = await as(admin, { method: 'PUT', url, payload: { documentUrl: 'ftp://x/y' } });
    expect(badDocument.json().error.field).toBe('documentUrl');
    // A refusal about the body as a whole names no field.
    const none = await as(admin, { method: 'PUT', url, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.field).toBeUndefined();
    const cleared = await as(admin, { method: 'PUT', url, payload: { documentUrl: '' } });
    expect(cleared.json().documentUrl).toBeNull();
    // The import keeps links set or cleared here (issue 21).
    const [row] = await t.database.db
      .select({ marks: parts.handEditedFields })
      .from(parts)
      .where(eq(parts.id, ids['ADM-2'] as number));
    expect(row?.marks.sort()).toEqual(['documentUrl', 'videoUrl']);
  });

  it('hides and shows categories: a hidden branch disappears with its parts', async () => {
    const tree = (await as(admin, { method: 'GET', url: '/api/categories/admin' })).json();
    const repuestos = tree.find((c: { name: string }) => c.name === 'Repuestos');
    const descendants = [
      repuestos.id,
      ...repuestos.children.flatMap((c: { id: number; children: { id: number }[] }) => [c.id, ...c.children.map((g) => g.id)]),
    ];
    const hide = await as(admin, {
      method: 'PUT',
      url: '/api/categories/visibility',
      payload: { updates: descendants.map((categoryId: number) => ({ categoryId, isVisible: false })) },
    });
    expect(hide.json()).toEqual({ updated: descendants.length });
    const publicTree = (await t.app.inject({ method: 'GET', url: '/api/categories/public' })).json();
    expect(publicTree.map((c: { name: string }) => c.name)).toEqual(['Herramientas']);
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${ids['ADM-1']}` })).statusCode).toBe(404);
    const adminTree = (await as(admin, { method: 'GET', url: '/api/categories/admin' })).json();
    expect(adminTree.find((c: { name: string }) => c.name === 'Repuestos').isVisible).toBe(false);
    const flat = (await as(admin, { method: 'GET', url: '/api/categories' })).json();
    expect(flat.length).toBe(descendants.length + 3);
    await as(admin, {
      method: 'PUT',
      url: '/api/categories/visibility',
      payload: { updates: descendants.map((categoryId: number) => ({ categoryId, isVisible: true })) },
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${ids['ADM-1']}` })).statusCode).toBe(200);
    expect((await as(admin, { method: 'PUT', url: '/api/categories/visibility', payload: { updates: [] } })).statusCode).toBe(400);
    expect(
      (
        await as(admin, {
          method: 'PUT',
          url: '/api/categories/visibility',
          payload: { updates: [{ categoryId: 999999, isVisible: true }] },
        })
      ).statusCode,
    ).toBe(404);
    const [stillThere] = await t.database.db.select().from(categories).where(eq(categories.id, repuestos.id));
    expect(stillThere?.isVisible).toBe(true);
  });

  it('links and unlinks related parts; search excludes the main part and needs 2 characters', async () => {
    const a = ids['ADM-1'];
    const b = ids['ADM-2'];
    const add = await as(admin, { method: 'POST', url: `/api/products/${a}/related`, payload: { relatedProductId: b } });
    expect(add.statusCode).toBe(201);
    expect((await as(admin, { method: 'POST', url: `/api/products/${a}/related`, payload: { relatedProductId: b } })).statusCode).toBe(409);
    expect((await as(admin, { method: 'POST', url: `/api/products/${a}/related`, payload: { relatedProductId: a } })).statusCode).toBe(400);
    const relations = await as(admin, { method: 'GET', url: `/api/products/${a}/relations` });
    expect(relations.json().relatedProducts.map((p: { partNumber: string }) => p.partNumber)).toEqual(['ADM-2']);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/products/${a}/related` })).json().map((p: { partNumber: string }) => p.partNumber),
    ).toEqual(['ADM-2']);
    const search = await as(admin, { method: 'GET', url: `/api/products/search-for-relation?query=fiat&excludeId=${a}` });
    expect(search.json().map((p: { partNumber: string }) => p.partNumber)).toEqual(['ADM-2']);
    const short = await as(admin, { method: 'GET', url: '/api/products/search-for-relation?query=f' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('Ingrese al menos 2 caracteres');
    expect((await as(admin, { method: 'DELETE', url: `/api/products/${a}/related/${b}` })).statusCode).toBe(200);
    expect((await as(admin, { method: 'DELETE', url: `/api/products/${a}/related/${b}` })).statusCode).toBe(404);
    // The history names both parts by code (found by the main part's code).
    const audit = await as(admin, { method: 'GET', url: '/api/admin/audit?entity=relation&part=ADM-1' });
    expect(audit.statusCode).toBe(200);
    const relation = { partId: a, partNumber: 'ADM-1', relatedPartId: b, relatedPartNumber: 'ADM-2' };
    expect(
      (audit.json() as { entries: { action: string; before: unknown; after: unknown }[] }).entries.map(({ action, before, after }) => ({
        action,
        before,
        after,
      })),
    ).toEqual([
      { action: 'relation.remove', before: relation, after: null },
      { action: 'relation.add', before: null, after: relation },
    ]);
  });

  it('keeps carousel edits as a draft until saved, then a guest sees the discount', async () => {
    const a = ids['ADM-1'];
    const put = (payload: object, id = a) => as(admin, { method: 'PUT', url: `/api/products/carousel/${id}`, payload });
    const added = await put({ category: 'on-sale', action: 'add', discountPercentage: 20 });
    expect(added.statusCode).toBe(200);
    expect(added.json()['on-sale']).toEqual([expect.objectContaining({ partNumber: 'ADM-1', discountPercentage: 20 })]);
    expect(added.json().hasUnpublishedChanges).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/on-sale' })).json()).toEqual([]);
    expect((await put({ category: 'on-sale', action: 'add' })).statusCode).toBe(409);
    expect((await put({ category: 'on-sale', action: 'update-discount', discountPercentage: 150 })).statusCode).toBe(400);
    expect((await put({ category: 'featured', action: 'update-discount', discountPercentage: 10 })).statusCode).toBe(400);
    await put({ category: 'featured', action: 'add' }, ids['ADM-3']);
    const candidates = await as(admin, { method: 'GET', url: '/api/admin/parts?excludeCollection=featured&limit=50' });
    expect(candidates.json().parts.map((p: { partNumber: string }) => p.partNumber)).not.toContain('ADM-3');

    const save = await as(admin, { method: 'POST', url: '/api/carousel/save' });
    expect(save.statusCode).toBe(200);
    const sale = (await t.app.inject({ method: 'GET', url: '/api/products/on-sale' })).json();
    expect(sale).toEqual([
      expect.objectContaining({ partNumber: 'ADM-1', price: '880.00', originalPrice: '1100.00', discountPercentage: 20 }),
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/products/featured' })).json().map((p: { partNumber: string }) => p.partNumber),
    ).toEqual(['ADM-3']);
    const discounts = (await as(admin, { method: 'GET', url: '/api/carousel/products-with-discounts/on-sale' })).json();
    expect(discounts).toEqual([
      {
        partId: a,
        partNumber: 'ADM-1',
        discountPercentage: 20,
        originalPriceList1: '1000.00',
        originalPriceList2: '900.00',
        originalPriceList4: '1100.00',
        startsOn: null,
        endsOn: null,
      },
    ]);
    expect((await as(admin, { method: 'GET', url: '/api/admin/carousels' })).json().hasUnpublishedChanges).toBe(false);

    await put({ category: 'on-sale', action: 'remove' });
    expect((await t.app.inject({ method: 'GET', url: '/api/products/on-sale' })).json()).toHaveLength(1);
    await as(admin, { method: 'POST', url: '/api/carousel/save' });
    expect((await t.app.inject({ method: 'GET', url: '/api/products/on-sale' })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${a}` })).json()).toMatchObject({ price: '1100.00', isOnSale: false });
  });

  it('manages users: create, approve with client code, edit, switch type, delete', async () => {
    const create = await as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: 'distri.norte', password: 'clave123', profileType: 'distributor' },
    });
    expect(create.statusCode).toBe(201);
    expect(create.json()).toMatchObject({ username: 'distri.norte', profileType: 'distributor', isApproved: true });
    expect(create.json()).not.toHaveProperty('passwordHash');
    const id = create.json().id;
    expect(
      (
        await as(admin, {
          method: 'POST',
          url: '/api/admin/users',
          payload: { username: 'DISTRI.NORTE', password: 'clave123', profileType: 'client' },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await as(admin, { method: 'POST', url: '/api/admin/users', payload: { username: 'x1', password: '', profileType: 'client' } }))
        .statusCode,
    ).toBe(400);
    const code = await as(admin, { method: 'PATCH', url: `/api/users/${id}/client-code`, payload: { clientCode: 'D-77' } });
    expect(code.json().clientCode).toBe('D-77');
    const edit = await as(admin, {
      method: 'PATCH',
      url: `/api/users/${id}`,
      payload: { fullName: 'Distribuidora Norte', email: 'norte@example.com', company: 'Norte SA' },
    });
    expect(edit.json()).toMatchObject({
      fullName: 'Distribuidora Norte',
      email: 'norte@example.com',
      company: 'Norte SA',
      clientCode: 'D-77',
    });
    const type = await as(admin, { method: 'PATCH', url: `/api/users/${id}/type`, payload: { profileType: 'client' } });
    expect(type.json().profileType).toBe('client');
    expect((await as(admin, { method: 'PATCH', url: `/api/users/${id}/type`, payload: { profileType: 'admin' } })).statusCode).toBe(400);
    const users = (await as(admin, { method: 'GET', url: '/api/users' })).json();
    expect(users.some((u: { username: string }) => u.username === 'distri.norte')).toBe(true);
    const del = await as(admin, { method: 'DELETE', url: `/api/users/${id}` });
    expect(del.statusCode).toBe(200);
    expect((await as(admin, { method: 'DELETE', url: `/api/users/${id}` })).statusCode).toBe(404);
  });

  it('refuses every admin route to a client (403) and a guest (401)', async () => {
    expect((await as(client, { method: 'GET', url: '/api/admin/parts' })).statusCode).toBe(403);
    expect((await as(undefined, { method: 'POST', url: '/api/carousel/save' })).statusCode).toBe(401);
  });
});
