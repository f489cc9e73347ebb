import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase, testEngines } from '../../test/db.ts';
import { CatalogueCache } from './cache.ts';
import { bumpCatalogueVersion } from './version.ts';
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
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/categories/public', headers: { 'if-none-match': tree.headers.etag as string } }))
        .statusCode,
    ).toBe(304);
  });

  it('never serves a stale price after an admin change made through this process', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json().price).toBe('120.00');
    expect((await t.app.inject({ method: 'GET', url: '/api/parts?search=CACHE-1' })).json().parts[0].price).toBe('120.00');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/guest/price-list',
      headers: { cookie: admin },
      payload: { priceList: 3 },
    });
    expect(change.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json().price).toBe('80.00');
    expect((await t.app.inject({ method: 'GET', url: '/api/parts?search=CACHE-1' })).json().parts[0].price).toBe('80.00');
    await t.app.inject({ method: 'POST', url: '/api/profiles/guest/price-list', headers: { cookie: admin }, payload: { priceList: 4 } });
  });

  it('serves brotli or gzip as the client accepts, the same JSON, compressed once per cached body', async () => {
    await insertParts(
      t.database.db,
      Array.from({ length: 30 }, (_, i) => buildPartRecord({ codigo: `ZIP-${i}`, descripcion: `Filtro de aceite ${i}` })),
    );
    await t.catalogueChanged();
    const plain = await t.app.inject({ method: 'GET', url: '/api/parts?search=ZIP-' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(plain.json().total).toBe(30);
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/parts?search=ZIP-',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/api/parts?search=ZIP-', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    // "identity" only: the JSON as it is.
    const identity = await t.app.inject({ method: 'GET', url: '/api/parts?search=ZIP-', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('keeps roles apart: one cached entry per price list', async () => {
    const client = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'client' }), 'client');
    const guestBody = (await t.app.inject({ method: 'GET', url: '/api/parts?search=CACHE-1' })).json();
    const clientBody = (await t.app.inject({ method: 'GET', url: '/api/parts?search=CACHE-1', headers: { cookie: client } })).json();
    expect(guestBody.parts[0].price).toBe('120.00');
    expect(clientBody.parts[0].price).toBe('100.00');
  });

  it('counts each filter once and keeps totals right across pages', async () => {
    const a = (await t.app.inject({ method: 'GET', url: '/api/parts?search=CACHE-1&limit=1&page=1' })).json();
    const b = (await t.app.inject({ method: 'GET', url: '/api/parts?search=CACHE-1&limit=1&page=2' })).json();
    expect(a.total).toBe(1);
    expect(b.total).toBe(1);
    expect(b.parts).toEqual([]);
    // The search's first page taught the cache its total (one statement read both).
    expect(await t.app.catalogueCache.peek(`count|${JSON.stringify([0, '', 'CACHE-1'])}`)).toBe(1);
  });
});

describe.each(testEngines())('catalogue cache bounds on %s', (engine) => {
  it('answers right with the body cache turned off', async () => {
    const t = await buildTestApp(engine, { catalogueCacheMb: 0 });
    try {
      await insertParts(t.database.db, [buildPartRecord({ codigo: 'NOCACHE-1' }), buildPartRecord({ codigo: 'NOCACHE-2' })]);
      await t.catalogueChanged();
      const first = await t.app.inject({ method: 'GET', url: '/api/parts?search=NOCACHE' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.json().total).toBe(2);
      const again = await t.app.inject({ method: 'GET', url: '/api/parts?search=NOCACHE&limit=1&page=2' });
      expect(again.json()).toMatchObject({ total: 2, page: 2, limit: 1 });
      expect(again.json().parts).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('keeps derived values (counts) when response bodies are evicted, and bounds the bodies by bytes', async () => {
    const database = await createTestDatabase(engine);
    try {
      const cache = new CatalogueCache(database.db, { versionTtlMs: 60_000, bodyBytes: 4096 });
      let counted = 0;
      const count = () => cache.get('count|broad', async () => ++counted);
      await count();
      const body = 'x'.repeat(1000);
      let computed = 0;
      for (let i = 0; i < 50; i++) {
        await cache.body(`body|${i}`, async () => {
          computed++;
          return body;
        });
      }
      expect(computed).toBe(50);
      // The count was not evicted by 50 KB of bodies in a 4 KB body store.
      expect((await count()).hit).toBe(true);
      expect(counted).toBe(1);
      // Recent bodies are kept, old ones dropped: at most 4096 bytes of them.
      expect((await cache.body('body|49', async () => 'recomputed')).hit).toBe(true);
      const old = await cache.body('body|0', async () => 'recomputed');
      expect(old.hit).toBe(false);
      expect(old.body.json.toString('utf8')).toBe('recomputed');
      // A compressed form is made once and kept with its body.
      const fresh = await cache.body('body|49', async () => 'unused');
      const first = await cache.encoded('body|49', fresh.version, fresh.body, 'gzip');
      const again = await cache.body('body|49', async () => 'unused');
      expect(again.body.gzip).toBe(first);
      expect(await cache.encoded('body|49', again.version, again.body, 'gzip')).toBe(first);
      // Small bodies and their compressed forms own their memory (no kept slice of a shared 8 KB slab).
      expect(again.body.json.buffer.byteLength).toBe(again.body.json.byteLength);
      expect(first.buffer.byteLength).toBe(first.byteLength);
      expect(zlib.gunzipSync(first).toString('utf8')).toBe(again.body.json.toString('utf8'));
    } finally {
      await database.close();
    }
  });

  it('keeps a value learnt along the way for its version only, and peeks without computing', async () => {
    const database = await createTestDatabase(engine);
    try {
      const cache = new CatalogueCache(database.db, { versionTtlMs: 60_000 });
      expect(await cache.peek('count|learnt')).toBeUndefined();
      const version = await cache.currentVersion();
      cache.put('count|learnt', version, 123);
      expect(await cache.peek('count|learnt')).toBe(123);
      // get() answers the learnt value without computing.
      expect(await cache.get('count|learnt', async () => -1)).toMatchObject({ value: 123, hit: true });
      // A value learnt before the catalogue changed is never answered afterwards.
      await bumpCatalogueVersion(database.db);
      cache.markDirty();
      expect(await cache.peek('count|learnt')).toBeUndefined();
      cache.put('count|learnt', version, 456);
      expect(await cache.peek('count|learnt')).toBeUndefined();
      expect(await cache.get('count|learnt', async () => 7)).toMatchObject({ value: 7, hit: false });
    } finally {
      await database.close();
    }
  });

  it('computes a missing entry once for requests that arrive together, and again after a failure or a new version', async () => {
    const database = await createTestDatabase(engine);
    try {
      const cache = new CatalogueCache(database.db, { versionTtlMs: 60_000 });
      let counts = 0;
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slowCount = async () => {
        counts++;
        await gate;
        return 42;
      };
      const together = Array.from({ length: 10 }, () => cache.get('count|stampede', slowCount));
      release();
      const values = await Promise.all(together);
      expect(values.map((v) => v.value)).toEqual(Array(10).fill(42));
      expect(counts).toBe(1);
      expect((await cache.get('count|stampede', slowCount)).hit).toBe(true);

      let bodies = 0;
      const bodyTexts = await Promise.all(
        Array.from({ length: 5 }, () =>
          cache.body('body|stampede', async () => {
            bodies++;
            return '{"ok":true}';
          }),
        ),
      );
      expect(bodies).toBe(1);
      expect(new Set(bodyTexts.map((b) => b.body.json.toString('utf8')))).toEqual(new Set(['{"ok":true}']));

      // A failed computation is not kept: every waiter sees the error, the next request computes again.
      let attempts = 0;
      const failing = async () => {
        attempts++;
        throw new Error('database went away');
      };
      const failed = await Promise.allSettled([cache.get('count|failing', failing), cache.get('count|failing', failing)]);
      expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(attempts).toBe(1);
      expect((await cache.get('count|failing', async () => 7)).value).toBe(7);

      // A new catalogue version computes again, once.
      await bumpCatalogueVersion(database.db);
      cache.markDirty();
      const after = await Promise.all([cache.get('count|stampede', slowCount), cache.get('count|stampede', slowCount)]);
      expect(after.map((r) => [r.hit, r.value, r.version])).toEqual([
        [false, 42, 1],
        [false, 42, 1],
      ]);
      expect(counts).toBe(2);
    } finally {
      await database.close();
    }
  });
});
