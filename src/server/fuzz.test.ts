/**
 * Bad input never reaches a 500 (issue "It keeps working under load, faults and bad input"):
 * every registered route, for every role, with generated paths, queries and bodies. Each answer is
 * below 500, every 4xx carries `{ error: { code, message } }`, and a refused write changes nothing.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../shared/errors.ts';
import { queryRows } from './db/client.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from './test/factories.ts';

const nasty = fc.constantFrom(
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  "' OR 1=1 --",
  '"; drop table parts; --',
  '<script>alert(1)</script>',
  '%00',
  '\u0000',
  '😀'.repeat(50),
  'ñ'.repeat(3000),
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
);
const scalar = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), nasty);
const queryValue = fc.oneof(fc.string({ maxLength: 30 }), nasty, fc.integer().map(String));
const knownKeys = [
  'page',
  'limit',
  'search',
  'categoryId',
  'brand',
  'sortBy',
  'sortDir',
  'userType',
  'query',
  'excludeId',
  'entity',
  'entityId',
  'categoryIds',
  'includePrices',
  'includeImages',
  'filename',
  'excludeCollection',
];
const queryArb = fc.dictionary(fc.oneof(fc.constantFrom(...knownKeys), fc.string({ maxLength: 10 })), queryValue, { maxKeys: 4 });
const bodyKeys = [
  'username',
  'password',
  'userType',
  'message',
  'priceList',
  'salesUnit',
  'documentUrl',
  'videoUrl',
  'updates',
  'relatedProductId',
  'category',
  'action',
  'discountPercentage',
  'status',
  'clientCode',
  'profileType',
  'token',
  'newPassword',
  'currentPassword',
  'email',
  'fullName',
  'usernameOrEmail',
];
const bodyArb = fc.oneof(
  fc.dictionary(
    fc.oneof(fc.constantFrom(...bodyKeys), fc.string({ maxLength: 8 })),
    fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 })),
    { maxKeys: 5 },
  ),
  fc.jsonValue({ maxDepth: 2 }),
);
const rawBody = fc.record({
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/xml',
    'multipart/form-data; boundary=x',
  ),
  payload: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{"a":', '[1,2', '{"username": "a"', 'null', '""', '\u0000\u0001')),
});
const paramValue = fc.oneof(
  fc.integer({ min: -5, max: 100 }).map(String),
  nasty,
  fc.string({ minLength: 1, maxLength: 20 }),
  fc.constantFrom('featured', 'on-sale', 'guest', 'client'),
);

function fill(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[a-zA-Z]+/g, () => encodeURIComponent(values[i++] ?? '1') || '1');
}

describe('every route with generated input', () => {
  let t: TestApp;
  const cookies: Record<string, string | undefined> = {};

  /** A digest of every table a request could write. */
  const digest = async () =>
    (
      await queryRows<{ d: string }>(
        t.database.db,
        sql`select md5(concat_ws('|',
          (select string_agg(md5(p::text), ',' order by id) from parts p),
          (select string_agg(md5(u::text), ',' order by id) from users u),
          (select string_agg(md5(c::text), ',' order by id) from categories c),
          (select string_agg(md5(r::text), ',' order by id) from part_requests r),
          (select string_agg(md5(e::text), ',' order by id) from carousel_entries e),
          (select string_agg(md5(x::text), ',' order by part_id, related_part_id) from related_parts x),
          (select string_agg(md5(f::text), ',' order by profile_type) from profiles f),
          (select string_agg(md5(a::text), ',' order by id) from audit_log a))) as d`,
      )
    )[0]?.d;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const db = t.database.db;
    await insertParts(
      db,
      Array.from({ length: 20 }, (_, i) => buildPartRecord({ descripcion: `Repuesto <b>${i}</b> ñandú` })),
    );
    cookies.guest = undefined;
    cookies.client = await loginCookie(t.app, await createUser(db, { profileType: 'client' }), 'client');
    cookies.distributor = await loginCookie(t.app, await createUser(db, { profileType: 'distributor' }), 'distributor');
    cookies.admin = await loginCookie(t.app, await createUser(db, { profileType: 'admin' }), 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never answers 5xx, always answers 4xx in the one error shape, and refused writes change nothing', async () => {
    const routes = t.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.url.endsWith('/logout') && r.url !== '/api/auth/reset-password',
    );
    expect(routes.length).toBeGreaterThan(40);
    const seen = new Map<number, number>();
    for (const route of routes) {
      const mutates = route.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('guest', 'client', 'distributor', 'admin'),
          fc.array(paramValue, { minLength: 2, maxLength: 2 }),
          queryArb,
          fc.oneof(
            bodyArb.map((json) => ({ json })),
            rawBody.map((raw) => ({ raw })),
          ),
          async (role, params, query, body) => {
            const search = new URLSearchParams(query as Record<string, string>).toString();
            const options: InjectOptions = {
              method: route.method as InjectOptions['method'],
              url: `${fill(route.url, params)}${search ? `?${search}` : ''}`,
              headers: {},
            };
            if (cookies[role]) (options.headers as Record<string, string>).cookie = cookies[role];
            if (mutates) {
              if ('json' in body) options.payload = body.json as object;
              else {
                options.payload = body.raw.payload;
                (options.headers as Record<string, string>)['content-type'] = body.raw.contentType;
              }
            }
            const before = mutates ? await digest() : undefined;
            const response = await t.app.inject(options);
            await t.app.jobs.idle();
            const label = `${role} ${options.method} ${options.url} ${JSON.stringify(options.payload ?? null).slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
            seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);
            expect(response.statusCode, label).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const error = response.json().error;
              expect(ERROR_CODES, label).toContain(error?.code);
              expect(typeof error?.message === 'string' && error.message.length > 0, label).toBe(true);
              if (mutates) expect(await digest(), `refused write changed data: ${label}`).toBe(before);
            }
          },
        ),
        { numRuns: 12, seed: 20261122 },
      );
    }
    // The generated inputs reached both accepted and refused paths, including auth and validation.
    for (const status of [200, 400, 401, 403, 404, 415]) expect(seen.get(status) ?? 0, `status ${status} seen`).toBeGreaterThan(0);
    console.log('fuzz statuses', Object.fromEntries([...seen.entries()].sort()));
  });

  it('answers 413 for oversized bodies and 400 in Spanish for malformed JSON', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"${'x'.repeat(2 * 1024 * 1024)}"}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'La solicitud supera el tamaño máximo permitido.' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION');
    expect(malformed.json().error.message).toBe('El cuerpo no es un JSON válido.');
  });
});
