import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';

describe.each(testEngines())('catalogue cache on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let id: number;
  beforeAll(async () => {
    // A long version TTL: only this process's own writes may refresh the version.
    t = await buildTestApp(engine, { catalogueVersionTtlMs: 60_000 });
    await insertParts(t.database.db, [buildPartRecord({ codigo: 'CACHE-1', precios: '100.00-90.00-80.00-120.00' })]);
    admin = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'admin' }), 'admin');
    const [row] = await t.database.db.select({ id: parts.id }).from(parts).where(eq(parts.partNumber, 'CACHE-1'));
    id = row?.id as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers with an ETag and 304 when it has not changed', async () => {
    const first = await t.app.inject({ method: 'GET', url: `/api/parts/${id}` });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"c\d+-l4"$/);
    expect(first.headers.vary).toMatch(/Cookie/);
    const again = await t.app.inject({ method: 'GET', url: `/api/parts/${id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const tree = await t.app.inject({ method: 'GET', url: '/api/categories/public' });
    expect((await t.app.inject({ method: 'GET', url: '/api/categories/public', headers: { 'if-none-match': tree.headers.etag as string } })).statusCode).toBe(304);
  });

  it('never serves a stale price after an admin change made through this process', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json().price).toBe('120.00');
    expect((await t.app.inject({ method: 'GET', url: '/api/parts?search=CACHE-1' })).json().parts[0].price).toBe('120.00');
    const change = await t.app.inject({ method: 'POST', url: '/api/profiles/guest/price-list', headers: { cookie: admin }, payload: { priceList: 3 } });
    expect(change.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json().price).toBe('80.00');
    expect((await t.app.inject({ method: 'GET', url: '/api/parts?search=CACHE-1' })).json().parts[0].price).toBe('80.00');
    await t.app.inject({ method: 'POST', url: '/api/profiles/guest/price-list', headers: { cookie: admin }, payload: { priceList: 4 } });
  });

  it('keeps roles apart: one cached entry per price list', async () => {
    const client = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'client' }), 'client');
    const guestBody = (await t.app.inject({ method: 'GET', url: '/api/parts?search=CACHE-1' })).json();
    const clientBody = (await t.app.inject({ method: 'GET', url: '/api/parts?search=CACHE-1', headers: { cookie: client } })).json();
    expect(guestBody.parts[0].price).toBe('120.00');
    expect(clientBody.parts[0].price).toBe('100.00');
  });

  it('counts each filter once and keeps totals right across pages', async () => {
    const a = (await t.app.inject({ method: 'GET', url: '/api/parts?limit=1&page=1' })).json();
    const b = (await t.app.inject({ method: 'GET', url: '/api/parts?limit=1&page=2' })).json();
    expect(a.total).toBe(1);
    expect(b.total).toBe(1);
    expect(b.parts).toEqual([]);
  });
});
