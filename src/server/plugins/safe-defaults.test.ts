/**
 * A default install gives nothing away (docs/security.md): text the database cannot store answers
 * 400, error logs carry no SQL parameters, `/images/` serves photos only, signed-in JSON is never
 * cached, API answers name their viewer for the offline cache, and the session cookie is Secure and `__Host-` prefixed behind https.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VIEWER_HEADER } from '../../shared/offline.ts';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema.ts';
import { safeErrorForLog } from '../db/errors.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { testEngines } from '../test/db.ts';
import { createUser, loginCookie } from '../test/factories.ts';
import { BAD_TEXT } from './safe-text.ts';

describe.each(testEngines())('safe defaults on %s', (engine) => {
  let t: TestApp;
  let imageDir: string;

  beforeAll(async () => {
    imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-images-'));
    fs.writeFileSync(path.join(imageDir, 'bomba.jpg'), 'jpeg bytes');
    fs.writeFileSync(path.join(imageDir, 'FILTRO.WEBP'), 'webp bytes');
    fs.writeFileSync(path.join(imageDir, '.env'), 'SECRET=1');
    fs.writeFileSync(path.join(imageDir, '.oculta.jpg'), 'hidden');
    fs.writeFileSync(path.join(imageDir, 'lista.xlsx'), 'prices');
    fs.writeFileSync(path.join(imageDir, 'notas.txt'), 'notes');
    fs.mkdirSync(path.join(imageDir, '.git'));
    fs.writeFileSync(path.join(imageDir, '.git', 'foto.png'), 'png in a dot folder');
    t = await buildTestApp(engine, { imageDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(imageDir, { recursive: true, force: true });
  });

  it('answers 400, never 500, to a NUL character or invalid UTF-8 anywhere in a request', async () => {
    const bad = [
      await t.app.inject({ method: 'GET', url: '/api/parts?search=%00' }),
      await t.app.inject({ method: 'GET', url: '/api/parts?search=abc%C3%28' }),
      await t.app.inject({ method: 'GET', url: '/api/parts?brand=%FF%FE' }),
      await t.app.inject({ method: 'GET', url: '/api/products/%00/related' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/validate-reset-token/a%00b' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'a\u0000b', password: 'x', userType: 'client' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: Buffer.concat([Buffer.from('{"username":"'), Buffer.from([0xc3, 0x28]), Buffer.from('","password":"x"}')]),
      }),
    ];
    for (const response of bad) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toEqual({ code: 'VALIDATION', message: BAD_TEXT });
    }
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'nulo', password: 'clave-firme-9', fullName: 'Taller\u0000Sur', email: 'nulo@example.com' },
    });
    expect(register.statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'nulo'))).toHaveLength(0);
    // Accents and other valid UTF-8, escaped or not, still pass.
    expect((await t.app.inject({ method: 'GET', url: '/api/parts?search=bujía%20ñ' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/parts?search=${encodeURIComponent('embrague 50%')}` })).statusCode).toBe(200);
  });

  it('logs database errors without their parameters', async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA';
    const error = await t.database.db
      .execute(sql`select ${secret}::int as broken`)
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // The raw error does carry the parameter (that is what must not reach a log)…
    expect(`${(error as Error).message}${(error as Error).stack}`).toContain(secret);
    const logged = JSON.stringify(safeErrorForLog(error));
    // …its log form does not, yet still says what went wrong.
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('c2VjcmV0');
    expect(logged).toContain('22P02');
    expect(logged).toContain('Failed query');
  });

  it('serves only image types from /images/, never dotfiles or other files', async () => {
    const jpg = await t.app.inject({ method: 'GET', url: '/images/bomba.jpg' });
    expect(jpg.statusCode).toBe(200);
    expect(jpg.body).toBe('jpeg bytes');
    expect((await t.app.inject({ method: 'GET', url: '/images/FILTRO.WEBP' })).statusCode).toBe(200);
    for (const url of [
      '/images/.env',
      '/images/.oculta.jpg',
      '/images/lista.xlsx',
      '/images/notas.txt',
      '/images/.git/foto.png',
      '/images/%2eenv',
      '/images/../package.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toMatch(/SECRET|prices|notes|png in a dot folder/);
    }
  });

  it('marks every JSON answer to a signed-in viewer no-store, and leaves guests their revalidation', async () => {
    const user = await createUser(t.database.db);
    const cookie = await loginCookie(t.app, user);
    for (const url of ['/api/user/session', '/api/parts', '/api/categories/public', '/api/config']) {
      const signedIn = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.headers['cache-control'], url).toBe('no-store');
    }
    const guest = await t.app.inject({ method: 'GET', url: '/api/parts' });
    expect(guest.headers['cache-control']).toBe('private, no-cache');
  });

  it('names on every API answer the viewer the server computed it for, whatever the request claims', async () => {
    const client = await createUser(t.database.db, { profileType: 'client' });
    const distributor = await createUser(t.database.db, { profileType: 'distributor' });
    const clientCookie = await loginCookie(t.app, client, 'client');
    const distributorCookie = await loginCookie(t.app, distributor, 'distributor');
    const label = async (url: string, cookie?: string) =>
      (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).headers[VIEWER_HEADER];
    for (const url of ['/api/user/session', '/api/parts?userType=distributor', '/api/categories/public', '/api/parts/999999999']) {
      expect(await label(url), url).toBe('guest');
      expect(await label(url, clientCookie), url).toBe(`client.${client.id}`);
      expect(await label(url, distributorCookie), url).toBe(`distributor.${distributor.id}`);
    }
    // An ETag revalidation answers 304 with the label too; pages and files carry none.
    const first = await t.app.inject({ method: 'GET', url: '/api/parts' });
    const revalidated = await t.app.inject({ method: 'GET', url: '/api/parts', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers[VIEWER_HEADER]).toBe('guest');
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).headers[VIEWER_HEADER]).toBeUndefined();
    // A session that ended is a guest's again.
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: clientCookie } });
    expect(await label('/api/parts', clientCookie)).toBe('guest');
  });
});

describe.each(testEngines())('session cookie behind https on %s', (engine) => {
  it('is Secure with the __Host- prefix whenever the public origin is https, and works', async () => {
    // Only PUBLIC_ORIGIN is set, as an operator would: no separate switch.
    const fromEnv = loadConfig({ PUBLIC_ORIGIN: 'https://repuestos.example.com' });
    expect(fromEnv.cookieSecure).toBe(true);
    const t = await buildTestApp(engine, { publicOrigin: fromEnv.publicOrigin, cookieSecure: fromEnv.cookieSecure });
    try {
      const user = await createUser(t.database.db);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: user.password, userType: 'client' },
      });
      const setCookie = String(login.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-portal_session=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toMatch(/Secure/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Domain=/);
      const cookie = await loginCookie(t.app, user);
      expect(cookie.startsWith('__Host-portal_session=')).toBe(true);
      const session = await t.app.inject({ method: 'GET', url: '/api/user/session', headers: { cookie } });
      expect(session.json().isAuthenticated).toBe(true);
      // The plain name is not read under https.
      const plain = await t.app.inject({
        method: 'GET',
        url: '/api/user/session',
        headers: { cookie: cookie.replace('__Host-', '') },
      });
      expect(plain.json().isAuthenticated).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('validation texts', () => {
  it('are Spanish even for checks without a message of their own', async () => {
    const t = await buildTestApp('pglite');
    try {
      const response = await t.app.inject({ method: 'GET', url: `/api/parts?brand=${'x'.repeat(121)}` });
      expect(response.statusCode).toBe(400);
      const message: string = response.json().error.message;
      expect(message).not.toMatch(/Too big|expected|Invalid/i);
      expect(message).toBe('El parámetro «marca» admite hasta 120 caracteres.');
    } finally {
      await t.close();
    }
  });
});

describe('error logs of a response that breaks its schema', () => {
  it('name the fields and checks that failed, never the values', () => {
    const secret = 'token-9f8e7d6c5b4a';
    const parsed = z.array(z.object({ username: z.string(), disabledAt: z.nullable(z.string()) })).safeParse([{ username: secret }]);
    expect(parsed.success).toBe(false);
    const error = new Error("Response doesn't match the schema", { cause: parsed.error });
    const logged = JSON.stringify(safeErrorForLog(error));
    expect(logged).toContain('0.disabledAt: invalid_type');
    expect(logged).not.toContain(secret);
  });
});
