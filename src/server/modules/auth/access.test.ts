/**
 * Who may call what, and who sees which price (docs/product.md §3, §10.1; issue "Accounts").
 * The route × role matrix is built from the routes the app registers: a new route without an entry
 * fails this test until its access is decided here.
 */
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts, profiles, relatedParts, sessions } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';
import { splitPriceList } from '../import/map.ts';
import { hashToken, newToken } from './tokens.ts';

type Access = 'public' | 'user' | 'admin';

/** Every API route and who may use it. Documentation and static routes are public. */
const MATRIX: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/config': 'public',
  'GET /api/parts': 'public',
  'GET /api/parts/:id': 'public',
  'GET /api/products/:collection': 'public',
  'GET /api/products/:id/related': 'public',
  'GET /api/categories/public': 'public',
  'GET /api/brands': 'public',
  'GET /api/search/suggest': 'public',
  'GET /api/admin/synonyms': 'admin',
  'POST /api/admin/synonyms': 'admin',
  'PUT /api/admin/synonyms/:id': 'admin',
  'DELETE /api/admin/synonyms/:id': 'admin',
  'GET /api/export/catalog.xlsx': 'public',
  'GET /api/export/catalog.pdf': 'public',
  'GET /api/print/catalog': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/forgot-password': 'public',
  'GET /api/auth/validate-reset-token/:token': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/user/session': 'public',
  'PUT /api/user/profile': 'user',
  'POST /api/part-requests': 'user',
  'GET /api/part-requests': 'admin',
  'PATCH /api/part-requests/:id/status': 'admin',
  'DELETE /api/part-requests/:id': 'admin',
  'GET /api/users': 'admin',
  'GET /api/users/pending': 'admin',
  'POST /api/admin/users': 'admin',
  'PATCH /api/users/:id/approve': 'admin',
  'PATCH /api/users/:id/client-code': 'admin',
  'PATCH /api/users/:id/type': 'admin',
  'PATCH /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/users/:id/reject': 'admin',
  'POST /api/users/:id/password-link': 'admin',
  'PATCH /api/users/:id/disabled': 'admin',
  'GET /api/admin/users.xlsx': 'admin',
  'GET /api/admin/counts': 'admin',
  'GET /api/profiles': 'admin',
  'POST /api/profiles/:profileType/price-list': 'admin',
  'GET /api/admin/parts': 'admin',
  'GET /api/admin/parts/:id': 'admin',
  'PATCH /api/admin/parts/:id': 'admin',
  'PATCH /api/admin/parts/:id/sales-unit': 'admin',
  'PUT /api/admin/parts/:id/multimedia': 'admin',
  'GET /api/admin/parts/export.xlsx': 'admin',
  'POST /api/admin/prices/bulk': 'admin',
  'GET /api/admin/prices/bulk/last': 'admin',
  'POST /api/admin/prices/bulk/undo': 'admin',
  'GET /api/admin/parts/:id/images': 'admin',
  'POST /api/admin/parts/:id/images': 'admin',
  'PUT /api/admin/parts/:id/images/order': 'admin',
  'DELETE /api/admin/parts/:id/images/:n': 'admin',
  'GET /api/categories': 'admin',
  'GET /api/categories/admin': 'admin',
  'PUT /api/categories/visibility': 'admin',
  'GET /api/products/:id/relations': 'admin',
  'POST /api/products/:id/related': 'admin',
  'DELETE /api/products/:id/related/:relatedId': 'admin',
  'GET /api/products/search-for-relation': 'admin',
  'GET /api/admin/carousels': 'admin',
  'PUT /api/products/carousel/:partId': 'admin',
  'PUT /api/admin/carousels/:collection/order': 'admin',
  'POST /api/carousel/save': 'admin',
  'GET /api/carousel/products-with-discounts/on-sale': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/debug/raw-api': 'admin',
  'POST /api/debug/sync': 'admin',
  'POST /api/admin/import': 'admin',
  'GET /api/admin/jobs/current': 'admin',
  'GET /api/admin/jobs': 'admin',
  'POST /api/admin/import/columns': 'admin',
  'GET /api/admin/import/last-run': 'admin',
  'POST /api/admin/import/undo': 'admin',
  'GET /api/admin/import-mappings': 'admin',
  'PUT /api/admin/import-mappings/:name': 'admin',
  'DELETE /api/admin/import-mappings/:name': 'admin',
  'GET /api/cart': 'user',
  'PUT /api/cart': 'user',
  'POST /api/cart/lines': 'user',
  'PATCH /api/cart/lines/:partId': 'user',
  'DELETE /api/cart/lines/:partId': 'user',
  'POST /api/cart/price': 'public',
  'POST /api/cart/quick': 'public',
  'POST /api/orders': 'public',
  'GET /api/orders': 'user',
  'GET /api/orders/:id': 'public',
  'GET /api/orders/:id/pdf': 'public',
  'GET /api/orders/:id/xlsx': 'public',
  'POST /api/orders/:id/repeat': 'user',
  'GET /api/admin/orders': 'admin',
  'GET /api/admin/orders/new-count': 'admin',
  'GET /api/admin/orders/xlsx': 'admin',
  'GET /api/admin/orders/:id': 'admin',
  'PATCH /api/admin/orders/:id/status': 'admin',
};

const ROLES = ['guest', 'pending', 'client', 'distributor', 'admin'] as const;
type Role = (typeof ROLES)[number];

function concreteUrl(url: string): string {
  return url
    .replace(':collection', 'featured')
    .replace(':token', 'not-a-token')
    .replace(':profileType', 'guest')
    .replace(':relatedId', '999998')
    .replace(/:[a-zA-Z]+/g, '999999');
}

describe.each(testEngines())('access and prices on %s', (engine) => {
  let t: TestApp;
  const cookies = {} as Record<Role, string | undefined>;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    cookies.guest = undefined;
    cookies.client = await loginCookie(t.app, await createUser(db, { profileType: 'client' }), 'client');
    cookies.distributor = await loginCookie(t.app, await createUser(db, { profileType: 'distributor' }), 'distributor');
    cookies.admin = await loginCookie(t.app, await createUser(db, { profileType: 'admin' }), 'admin');
    // A pending account cannot log in; even a session row made for it must not count.
    const pending = await createUser(db, { isApproved: false });
    const token = newToken();
    await db.insert(sessions).values({ tokenHash: hashToken(token), userId: pending.id, expiresAt: new Date(Date.now() + 3_600_000) });
    cookies.pending = `portal_session=${token}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the security headers on API answers, static files and errors alike', async () => {
    for (const url of ['/api/parts', '/', '/api/parts/999999999']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('frame-src https://www.youtube.com https://www.youtube-nocookie.com');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('has an access entry for every registered API route', () => {
    const apiRoutes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    const missing = apiRoutes.filter((r) => !(r in MATRIX));
    expect(missing, 'routes without an access decision').toEqual([]);
    const stale = Object.keys(MATRIX).filter((r) => !apiRoutes.includes(r));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
  });

  it.each(ROLES)('enforces the matrix for a %s', async (role) => {
    for (const [route, access] of Object.entries(MATRIX)) {
      const [method, url] = route.split(' ') as [InjectOptions['method'], string];
      const options: InjectOptions = { method, url: concreteUrl(url) };
      // Logging out would end the session the later checks use; logout is tested on its own.
      if (cookies[role] && !route.endsWith('/logout')) options.headers = { cookie: cookies[role] };
      if (method !== 'GET' && method !== 'DELETE') options.payload = {};
      const response = await t.app.inject(options);
      const status = response.statusCode;
      expect(status, `${role} ${route}`).toBeLessThan(500);
      const signedIn = role === 'client' || role === 'distributor' || role === 'admin';
      if (access === 'admin') {
        if (role === 'admin') expect([401, 403], `${role} ${route}`).not.toContain(status);
        else expect(status, `${role} ${route}`).toBe(signedIn ? 403 : 401);
      } else if (access === 'user') {
        if (signedIn) expect([401, 403], `${role} ${route}`).not.toContain(status);
        else expect(status, `${role} ${route}`).toBe(401);
      } else if (!route.includes('/auth/login')) {
        expect([401, 403], `${role} ${route}`).not.toContain(status);
      }
    }
  });

  describe('role prices', () => {
    let partId: number;
    beforeAll(async () => {
      await insertParts(t.database.db, [
        buildPartRecord({ codigo: 'ROLE-1', descripcion: 'Pastillas de freno', precios: '111.00-222.00-333.00-444.00-555.00' }),
        buildPartRecord({ codigo: 'ROLE-2', descripcion: 'Disco de freno', precios: '10.00-20.00-30.00-40.00' }),
      ]);
      const [row] = await t.database.db.select({ id: parts.id }).from(parts).where(eq(parts.partNumber, 'ROLE-1'));
      partId = (row as { id: number }).id;
      const [other] = await t.database.db.select({ id: parts.id }).from(parts).where(eq(parts.partNumber, 'ROLE-2'));
      await t.database.db.insert(relatedParts).values({ partId: (other as { id: number }).id, relatedPartId: partId });
      await t.catalogueChanged();
    });

    const priceFor = async (role: Role, query = '') => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/parts/${partId}${query}`,
        ...(cookies[role] ? { headers: { cookie: cookies[role] } } : {}),
      });
      return response.json().price;
    };

    it('gives guest list 4, client list 1, distributor list 2, whatever userType says', async () => {
      expect(await priceFor('guest')).toBe('444.00');
      expect(await priceFor('pending')).toBe('444.00');
      expect(await priceFor('client')).toBe('111.00');
      expect(await priceFor('distributor')).toBe('222.00');
      expect(await priceFor('guest', '?userType=distributor&priceList=2')).toBe('444.00');
      expect(await priceFor('client', '?userType=distributor')).toBe('111.00');
    });

    it('follows the profiles table on the next request', async () => {
      await t.database.db.update(profiles).set({ priceList: 5 }).where(eq(profiles.profileType, 'client'));
      await t.catalogueChanged();
      try {
        expect(await priceFor('client')).toBe('555.00');
      } finally {
        await t.database.db.update(profiles).set({ priceList: 1 }).where(eq(profiles.profileType, 'client'));
        await t.catalogueChanged();
      }
    });
  });

  it('never shows a role an amount from a list it may not see (property)', async () => {
    const db = t.database.db;
    const listArb = fc.option(fc.integer({ min: 1, max: 99_999_999 }), { nil: null });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(listArb, { minLength: 10, maxLength: 10 }), { minLength: 1, maxLength: 5 }), async (lists) => {
        // Each run writes its own parts with distinct cents so amounts can be told apart.
        await db.delete(relatedParts);
        await db.update(parts).set({ isActive: false });
        await t.catalogueChanged();
        const stamp = Math.floor(Math.random() * 1e9);
        const records = lists.map((l, i) =>
          buildPartRecord({
            codigo: `PROP-${stamp}-${i}`,
            descripcion: `Propiedad ${stamp} ${i}`,
            precios: l.map((v, j) => (v === null ? '-' : `${v}.${String((i * 10 + j) % 100).padStart(2, '0')}`)).join('-'),
          }),
        );
        await insertParts(db, records);
        const visible: Record<'guest' | 'client' | 'distributor', number> = { guest: 4, client: 1, distributor: 2 };
        for (const role of ['guest', 'client', 'distributor'] as const) {
          const allowed = new Set<string>();
          const forbidden = new Set<string>();
          for (const r of records) {
            const values = splitPriceList(String(r.precios));
            values.forEach((v, j) => {
              if (v === '' || v === '-') return;
              const amount = Number(v).toFixed(2);
              if (j + 1 === visible[role]) allowed.add(amount);
              else forbidden.add(amount);
            });
          }
          for (const a of allowed) forbidden.delete(a);
          const headers = cookies[role] ? { cookie: cookies[role] } : undefined;
          const bodies: string[] = [];
          for (const url of [
            '/api/parts?limit=200',
            '/api/parts?search=propiedad&sortBy=price',
            '/api/products/featured',
            '/api/products/on-sale',
          ]) {
            bodies.push((await t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) })).body);
          }
          const ids = JSON.parse(bodies[0] as string).parts.map((p: { id: number }) => p.id);
          for (const id of ids) {
            bodies.push((await t.app.inject({ method: 'GET', url: `/api/parts/${id}`, ...(headers ? { headers } : {}) })).body);
          }
          const amounts = bodies.join('\n').match(/"\d+\.\d{2}"/g) ?? [];
          for (const amount of amounts) expect(forbidden.has(amount.replace(/"/g, '')), `${role} saw ${amount}`).toBe(false);
        }
      }),
      { numRuns: 15 },
    );
  });
});
