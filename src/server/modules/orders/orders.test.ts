/**
 * Pedidos over HTTP (issue 19) on PGlite and, with DATABASE_URL, PostgreSQL: prices per role
 * (never from the request), the stored and the guest cart, sending with Idempotency-Key, ownership,
 * Spanish validation messages, limits, quick order, admin list/filters/status (audited), the
 * downloads, and the mails as a real SMTP server receives them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Order, QuickOrderResponse } from '../../../shared/orders.ts';
import { PHONE_TEXTS } from '../../../shared/phone.ts';
import { auditLog, categories, orders, parts, users } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { readCatalogueVersion } from '../catalogue/version.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';
import { type ReceivedMail, startSmtp } from '../../test/smtp.ts';

describe.each(testEngines())('pedidos on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const cookie: Record<'client' | 'client2' | 'distributor' | 'admin', string> = { client: '', client2: '', distributor: '', admin: '' };
  const ids: Record<string, number> = {};

  const call = async (options: InjectOptions & { as?: keyof typeof cookie }) => {
    const { as, ...rest } = options;
    return t.app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(as ? { cookie: cookie[as] } : {}) } });
  };
  const json = <T>(response: { json(): unknown }) => response.json() as T;
  const guestBody = (lines: { partId: number; quantity: number }[], extra: Record<string, unknown> = {}) => ({
    lines,
    customer: { name: 'Juan Invitado', phone: '+54 11 5555-0000', email: 'juan@example.com' },
    ...extra,
  });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp(engine, { smtpUrl: smtp.url, salesEmail: 'ventas@example.com' });
    const db = t.database.db;
    // Lists 1–4: client 1 (100), distributor 2 (90), guest 4 (120).
    await insertParts(db, [
      buildPartRecord({ codigo: '06H-103-144', descripcion: 'Bomba de agua', precios: '100.00-90.00-80.00-120.00' }),
      buildPartRecord({ codigo: 'FIL-200', descripcion: 'Filtro de aceite', precios: '10.50-9.50-8.50-12.25', equivalencias: 'OEM-4455' }),
      buildPartRecord({ codigo: 'SIN-PRECIO', descripcion: 'Junta sin precio', precios: '-' }),
      buildPartRecord({ codigo: 'ALT-A', descripcion: 'Cruceta A', precios: '50.00-50.00-50.00-50.00', equivalencias: '7700112233' }),
      buildPartRecord({ codigo: 'ALT-B', descripcion: 'Cruceta B', precios: '60.00-60.00-60.00-60.00', equivalencias: '7700112233' }),
      buildPartRecord({ codigo: 'BAJA-1', descripcion: 'Repuesto discontinuado', precios: '70.00-70.00-70.00-70.00' }),
    ]);
    for (const r of await db.select({ id: parts.id, partNumber: parts.partNumber }).from(parts)) ids[r.partNumber] = r.id;
    await t.catalogueChanged();
    const client = await createUser(db, { profileType: 'client' });
    await db.update(users).set({ company: 'Transportes Sur', clientCode: 'C-0042', phone: '11-4444-0000' }).where(eq(users.id, client.id));
    cookie.client = await loginCookie(t.app, client, 'client');
    cookie.client2 = await loginCookie(t.app, await createUser(db, { profileType: 'client' }), 'client');
    cookie.distributor = await loginCookie(t.app, await createUser(db, { profileType: 'distributor' }), 'distributor');
    cookie.admin = await loginCookie(t.app, await createUser(db, { profileType: 'admin' }), 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('prices a cart at each role’s own list and ignores prices sent in the request', async () => {
    const lines = [
      { partId: ids['06H-103-144'], quantity: 3, unitPrice: '1.00', subtotal: '1.00' },
      { partId: ids['SIN-PRECIO'], quantity: 2 },
    ];
    const expected = { guest: '120.00', client: '100.00', distributor: '90.00', admin: '100.00' } as const;
    for (const role of ['guest', 'client', 'distributor', 'admin'] as const) {
      const response = await call({
        method: 'POST',
        url: '/api/cart/price',
        payload: { lines },
        ...(role === 'guest' ? {} : { as: role }),
      });
      expect(response.statusCode, role).toBe(200);
      const cart = json<Cart>(response);
      expect(cart.lines[0]?.unitPrice, role).toBe(expected[role]);
      expect(cart.lines[0]?.subtotal, role).toBe((Number(expected[role]) * 3).toFixed(2));
      expect(cart.lines[1]?.unitPrice).toBeNull();
      expect(cart.totals).toEqual({ total: (Number(expected[role]) * 3).toFixed(2), lineCount: 2, unitCount: 5, unpricedCount: 1 });
      // Another list's prices never appear in the answer.
      for (const other of Object.values(expected).filter((p) => p !== expected[role])) expect(response.body).not.toContain(`"${other}"`);
    }
  });

  it('flags a price that changed since the line was added', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/cart/price',
      payload: { lines: [{ partId: ids['06H-103-144'], quantity: 1, seenUnitPrice: '110.00' }] },
    });
    const cart = json<Cart>(response);
    expect(cart.pricesChanged).toBe(true);
    expect(cart.lines[0]).toMatchObject({ unitPrice: '120.00', previousUnitPrice: '110.00' });
  });

  it('keeps a signed-in user’s cart on the server, per account, adding and capping quantities', async () => {
    let response = await call({
      method: 'PUT',
      url: '/api/cart',
      as: 'client',
      payload: { lines: [{ partId: ids['FIL-200'], quantity: 9000 }] },
    });
    expect(response.statusCode).toBe(200);
    response = await call({
      method: 'POST',
      url: '/api/cart/lines',
      as: 'client',
      payload: {
        lines: [
          { partId: ids['FIL-200'], quantity: 5000 },
          { partId: ids['06H-103-144'], quantity: 2 },
        ],
      },
    });
    const cart = json<Cart>(response);
    expect(cart.lines.map((l) => [l.partNumber, l.quantity, l.unitPrice])).toEqual([
      ['FIL-200', 9999, '10.50'],
      ['06H-103-144', 2, '100.00'],
    ]);
    expect(response.headers['cache-control']).toBe('private, no-store');
    // Same cart from another device (a GET), none for another account.
    expect(json<Cart>(await call({ method: 'GET', url: '/api/cart', as: 'client' })).totals.lineCount).toBe(2);
    expect(json<Cart>(await call({ method: 'GET', url: '/api/cart', as: 'client2' })).totals.lineCount).toBe(0);
    // A price changed since the line was added shows before sending.
    await t.database.db
      .update(parts)
      .set({ priceList1: '105.00' })
      .where(eq(parts.id, ids['06H-103-144'] as number));
    await t.catalogueChanged();
    const changed = json<Cart>(await call({ method: 'GET', url: '/api/cart', as: 'client' }));
    expect(changed.pricesChanged).toBe(true);
    expect(changed.lines[1]).toMatchObject({ unitPrice: '105.00', previousUnitPrice: '100.00' });
    await t.database.db
      .update(parts)
      .set({ priceList1: '100.00' })
      .where(eq(parts.id, ids['06H-103-144'] as number));
    await t.catalogueChanged();
    // Emptying.
    const emptied = json<Cart>(await call({ method: 'PUT', url: '/api/cart', as: 'client', payload: { lines: [] } }));
    expect(emptied.totals).toEqual({ total: '0.00', lineCount: 0, unitCount: 0, unpricedCount: 0 });
  });

  it('keeps the order a replace gives and the prices its lines were added at ("Vaciar pedido" undone)', async () => {
    const lines = [
      { partId: ids['ALT-B'], quantity: 4 },
      { partId: ids['SIN-PRECIO'], quantity: 1, seenUnitPrice: null },
      { partId: ids['FIL-200'], quantity: 2, seenUnitPrice: '9.00' },
    ];
    const put = json<Cart>(await call({ method: 'PUT', url: '/api/cart', as: 'client2', payload: { lines } }));
    const read = json<Cart>(await call({ method: 'GET', url: '/api/cart', as: 'client2' }));
    for (const cart of [put, read]) {
      expect(cart.lines.map((l) => [l.partNumber, l.quantity, l.unitPrice, l.previousUnitPrice])).toEqual([
        ['ALT-B', 4, '60.00', undefined],
        ['SIN-PRECIO', 1, null, undefined],
        ['FIL-200', 2, '10.50', '9.00'],
      ]);
    }
    // A line keeps its place through later writes: a changed quantity (the whole cart sent again)
    // and an add; a new line goes last.
    await call({
      method: 'PUT',
      url: '/api/cart',
      as: 'client2',
      payload: { lines: [{ ...lines[0], quantity: 5 }, lines[1], lines[2]] },
    });
    await call({
      method: 'POST',
      url: '/api/cart/lines',
      as: 'client2',
      payload: {
        lines: [
          { partId: ids['06H-103-144'], quantity: 1 },
          { partId: ids['FIL-200'], quantity: 1 },
        ],
      },
    });
    expect(json<Cart>(await call({ method: 'GET', url: '/api/cart', as: 'client2' })).lines.map((l) => [l.partNumber, l.quantity])).toEqual(
      [
        ['ALT-B', 5],
        ['SIN-PRECIO', 1],
        ['FIL-200', 3],
        ['06H-103-144', 1],
      ],
    );
    await call({ method: 'PUT', url: '/api/cart', as: 'client2', payload: { lines: [] } });
  });

  it('changes and removes one line under the cart lock: two devices at once lose nothing', async () => {
    const user = await createUser(t.database.db, { profileType: 'client' });
    const session = await loginCookie(t.app, user, 'client');
    const as = (options: InjectOptions) => t.app.inject({ ...options, headers: { cookie: session } });
    const quantities = async () =>
      json<Cart>(await as({ method: 'GET', url: '/api/cart' })).lines.map((l) => [l.partNumber, l.quantity] as const);
    await as({
      method: 'PUT',
      url: '/api/cart',
      payload: {
        lines: [
          { partId: ids['FIL-200'], quantity: 2 },
          { partId: ids['06H-103-144'], quantity: 1 },
        ],
      },
    });
    const line = (code: string) => `/api/cart/lines/${ids[code]}`;

    let response = await as({ method: 'PATCH', url: line('FIL-200'), payload: { quantity: 7 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Cart>(response).lines.map((l) => [l.partNumber, l.quantity, l.subtotal])).toEqual([
      ['FIL-200', 7, '73.50'],
      ['06H-103-144', 1, '100.00'],
    ]);
    // Two "+" from two devices at the same instant, while a third adds a line: every change counts.
    await Promise.all([
      as({ method: 'PATCH', url: line('FIL-200'), payload: { delta: 1 } }),
      as({ method: 'PATCH', url: line('FIL-200'), payload: { delta: 1 } }),
      as({ method: 'POST', url: '/api/cart/lines', payload: { lines: [{ partId: ids['ALT-A'], quantity: 3 }] } }),
      as({ method: 'PATCH', url: line('06H-103-144'), payload: { quantity: 4 } }),
    ]);
    expect(await quantities()).toEqual([
      ['FIL-200', 9],
      ['06H-103-144', 4],
      ['ALT-A', 3],
    ]);
    // "−" stops at 1 and "+" at 9,999.
    await as({ method: 'PATCH', url: line('ALT-A'), payload: { delta: -50 } });
    await as({ method: 'PATCH', url: line('06H-103-144'), payload: { delta: 9999 } });
    expect(await quantities()).toEqual([
      ['FIL-200', 9],
      ['06H-103-144', 9999],
      ['ALT-A', 1],
    ]);
    // A removal keeps the lines changed meanwhile; removing a line already gone is no error.
    await Promise.all([
      as({ method: 'DELETE', url: line('06H-103-144') }),
      as({ method: 'PATCH', url: line('FIL-200'), payload: { delta: 1 } }),
    ]);
    response = await as({ method: 'DELETE', url: line('06H-103-144') });
    expect(response.statusCode).toBe(200);
    expect(await quantities()).toEqual([
      ['FIL-200', 10],
      ['ALT-A', 1],
    ]);

    // Bad input: Spanish 4xx.
    const refusals: [string, string, unknown, number, string][] = [
      ['PATCH', line('FIL-200'), { quantity: 0 }, 400, 'La cantidad debe ser un número entero de 1 a 9999'],
      ['PATCH', line('FIL-200'), { quantity: 2.5 }, 400, 'La cantidad debe ser un número entero de 1 a 9999'],
      ['PATCH', line('FIL-200'), {}, 400, 'Indique la cantidad o el cambio de cantidad, uno de los dos'],
      ['PATCH', line('FIL-200'), { quantity: 2, delta: 1 }, 400, 'Indique la cantidad o el cambio de cantidad, uno de los dos'],
      ['PATCH', line('FIL-200'), { delta: 0 }, 400, 'El cambio de cantidad debe ser un número entero de -9999 a 9999, distinto de 0'],
      ['PATCH', '/api/cart/lines/abc', { quantity: 1 }, 400, 'Repuesto inválido'],
      ['DELETE', '/api/cart/lines/0', undefined, 400, 'Repuesto inválido'],
      ['PATCH', line('06H-103-144'), { quantity: 1 }, 404, 'Ese repuesto ya no está en su pedido'],
    ];
    for (const [method, url, payload, status, message] of refusals) {
      response = await as({ method: method as 'PATCH', url, ...(payload === undefined ? {} : { payload: payload as object }) });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(response.json().error.message, `${method} ${url}`).toContain(message);
    }
    // Only a signed-in customer's stored cart has lines to change.
    response = await t.app.inject({ method: 'PATCH', url: line('FIL-200'), payload: { quantity: 1 } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Debe iniciar sesión');
  });

  it('answers Spanish 400s for bad carts and pedidos', async () => {
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/cart/price',
        { lines: [{ partId: ids['FIL-200'], quantity: 0 }] },
        'La cantidad debe ser un número entero de 1 a 9999',
      ],
      [
        'POST',
        '/api/cart/price',
        { lines: [{ partId: ids['FIL-200'], quantity: 10_000 }] },
        'La cantidad debe ser un número entero de 1 a 9999',
      ],
      [
        'POST',
        '/api/cart/price',
        { lines: [{ partId: ids['FIL-200'], quantity: 1.5 }] },
        'La cantidad debe ser un número entero de 1 a 9999',
      ],
      [
        'POST',
        '/api/cart/price',
        { lines: Array.from({ length: 501 }, (_, i) => ({ partId: i + 1, quantity: 1 })) },
        'El pedido admite hasta 500 líneas',
      ],
      [
        'POST',
        '/api/cart/price',
        {
          lines: [
            { partId: ids['FIL-200'], quantity: 1 },
            { partId: ids['FIL-200'], quantity: 2 },
          ],
        },
        'Cada repuesto debe figurar una sola vez',
      ],
      ['POST', '/api/orders', { lines: [] }, 'El pedido no tiene repuestos'],
      ['POST', '/api/orders', { lines: [{ partId: ids['FIL-200'], quantity: 1 }] }, 'Ingrese su nombre'],
      [
        'POST',
        '/api/orders',
        { lines: [{ partId: ids['FIL-200'], quantity: 1 }], customer: { name: 'Ana' } },
        'Ingrese un teléfono o un email',
      ],
      [
        'POST',
        '/api/orders',
        { lines: [{ partId: ids['FIL-200'], quantity: 1 }], customer: { name: 'Ana', email: 'no-es-email' } },
        'El email no es válido',
      ],
      [
        'POST',
        '/api/orders',
        { lines: [{ partId: ids['FIL-200'], quantity: 1 }], customer: { name: 'Ana', phone: 'llamar al taller' } },
        PHONE_TEXTS.invalid,
      ],
      ['POST', '/api/cart/quick', { text: '   ' }, 'Pegue al menos una línea'],
    ];
    for (const [method, url, payload, message] of cases) {
      const response = await call({ method: method as 'POST', url, payload: payload as Record<string, unknown> });
      expect(response.statusCode, `${url} ${message}`).toBe(400);
      expect(json<{ error: { code: string; message: string } }>(response).error.message, url).toContain(message);
    }
  });

  it('refuses hidden and inactive parts with a message, and never prices them', async () => {
    await t.database.db
      .update(parts)
      .set({ isActive: false })
      .where(eq(parts.id, ids['BAJA-1'] as number));
    await t.catalogueChanged();
    const priced = json<Cart>(
      await call({
        method: 'POST',
        url: '/api/cart/price',
        payload: {
          lines: [
            { partId: ids['BAJA-1'], quantity: 1 },
            { partId: 99_999, quantity: 1 },
          ],
        },
      }),
    );
    expect(priced.lines).toEqual([]);
    expect(priced.unavailable.map((u) => [u.partId, u.partNumber, u.message])).toEqual([
      [ids['BAJA-1'], null, 'Este repuesto ya no está disponible'],
      [99_999, null, 'Este repuesto ya no está disponible'],
    ]);
    const sent = await call({ method: 'POST', url: '/api/orders', payload: guestBody([{ partId: ids['BAJA-1'] as number, quantity: 1 }]) });
    expect(sent.statusCode).toBe(400);
    expect(json<{ error: { message: string } }>(sent).error.message).toContain('Estos repuestos ya no están disponibles');
    expect(await t.database.db.select().from(orders).where(eq(orders.customerName, 'Juan Invitado'))).toHaveLength(0);
  });

  let guestOrder: Order;

  it('creates a guest pedido at the guest list, opened only with its token', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'guest-send-1' },
      payload: guestBody(
        [
          { partId: ids['06H-103-144'] as number, quantity: 2 },
          { partId: ids['SIN-PRECIO'] as number, quantity: 1 },
        ],
        { note: 'Entregar por la mañana' },
      ),
    });
    expect(response.statusCode).toBe(201);
    guestOrder = json<Order>(response);
    expect(guestOrder).toMatchObject({
      status: 'received',
      isGuest: true,
      note: 'Entregar por la mañana',
      customer: { name: 'Juan Invitado', phone: '+54 11 5555-0000', email: 'juan@example.com', username: null, clientCode: null },
      totals: { total: '240.00', lineCount: 2, unitCount: 3, unpricedCount: 1 },
      // SMTP_URL is set and the guest gave an e-mail: the confirmation may say a copy was mailed.
      copyMailed: true,
    });
    // What the pedido is, read later, does not depend on this send: no copyMailed there.
    const read = await call({ method: 'GET', url: `/api/orders/${guestOrder.id}?token=${guestOrder.accessToken}` });
    expect(json<Order>(read).copyMailed).toBeUndefined();
    expect(guestOrder.number).toMatch(/^P-\d{6}$/);
    expect(guestOrder.lines[0]).toMatchObject({ partNumber: '06H-103-144', unitPrice: '120.00', subtotal: '240.00' });
    expect(guestOrder.history.map((h) => h.status)).toEqual(['received']);
    expect(guestOrder.accessToken).toMatch(/^[\w-]{20,}$/);
    const url = `/api/orders/${guestOrder.id}`;
    expect((await call({ method: 'GET', url })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `${url}?token=wrong` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url, as: 'client' })).statusCode).toBe(404);
    const opened = await call({ method: 'GET', url: `${url}?token=${guestOrder.accessToken}` });
    expect(opened.statusCode).toBe(200);
    expect(json<Order>(opened).accessToken).toBeUndefined();
    expect((await call({ method: 'GET', url: `/api/admin/orders/${guestOrder.id}`, as: 'admin' })).statusCode).toBe(200);
  });

  it('mails the pedido to Ventas and a copy to the customer, through a real SMTP server', async () => {
    await t.app.background.idle();
    const mails = smtp.received.filter((m) => m.raw.includes(guestOrder.number));
    expect(mails.map((m) => m.to).sort()).toEqual([['juan@example.com'], ['ventas@example.com']]);
    const sales = mails.find((m) => m.to[0] === 'ventas@example.com') as ReceivedMail;
    expect(sales.raw).toContain('06H-103-144');
    expect(sales.raw).toContain('+54 11 5555-0000');
  });

  it('never creates a second pedido for a retried send (Idempotency-Key)', async () => {
    const body = guestBody([
      { partId: ids['06H-103-144'] as number, quantity: 2 },
      { partId: ids['SIN-PRECIO'] as number, quantity: 1 },
    ]);
    const payload = { ...body, note: 'Entregar por la mañana' };
    const before = smtp.received.length;
    const retry = await call({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': 'guest-send-1' }, payload });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(json<Order>(retry).id).toBe(guestOrder.id);
    expect(json<Order>(retry).accessToken).toBe(guestOrder.accessToken);
    // The same key with another body is refused.
    const other = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'guest-send-1' },
      payload: { ...payload, note: 'otra cosa' },
    });
    expect(other.statusCode).toBe(409);
    // Two sends with one key at once: one pedido.
    const signedIn = { lines: [{ partId: ids['FIL-200'] as number, quantity: 4 }], note: 'doble clic' };
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        call({ method: 'POST', url: '/api/orders', as: 'client', headers: { 'idempotency-key': 'double-click' }, payload: signedIn }),
      ),
    );
    expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
    expect(json<Order>(a as never).id).toBe(json<Order>(b as never).id);
    expect(await t.database.db.select().from(orders).where(eq(orders.note, 'doble clic'))).toHaveLength(1);
    await t.app.background.idle();
    // The retry mailed nothing; the double click mailed once (to Ventas and to the client).
    expect(smtp.received.length - before).toBe(2);
  });

  it('refuses a malformed Idempotency-Key with a Spanish 400, as every idempotent write', async () => {
    const payload = guestBody([{ partId: ids['FIL-200'] as number, quantity: 1 }]);
    for (const key of ['x'.repeat(201), 'clave con espacios']) {
      const refused = await call({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': key }, payload });
      expect(refused.statusCode, key).toBe(400);
      expect(json<{ error: { code: string; message: string } }>(refused).error.code).toBe('VALIDATION');
    }
    const tooLong = await call({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': 'x'.repeat(201) }, payload });
    expect(json<{ error: { message: string } }>(tooLong).error.message).toMatch(/Idempotency-Key|idempotency-key/);
    expect(json<{ error: { message: string } }>(tooLong).error.message).not.toMatch(/Too big|Invalid|expected/);
  });

  it('takes a signed-in customer’s data from the account and shows each customer only their own pedidos', async () => {
    await call({
      method: 'PUT',
      url: '/api/cart',
      as: 'client',
      payload: {
        lines: [
          { partId: ids['06H-103-144'], quantity: 1 },
          { partId: ids['FIL-200'], quantity: 3 },
        ],
      },
    });
    const response = await call({
      method: 'POST',
      url: '/api/orders',
      as: 'client',
      payload: {
        lines: [{ partId: ids['06H-103-144'], quantity: 5 }],
        customer: { name: 'Otro nombre', phone: '0341 456-7890' },
        expectedTotal: '500.00',
      },
    });
    expect(response.statusCode).toBe(201);
    const order = json<Order>(response);
    expect(order.customer).toMatchObject({ company: 'Transportes Sur', clientCode: 'C-0042', phone: '11-4444-0000' });
    expect(order.customer.name).not.toBe('Otro nombre');
    expect(order.accessToken).toBeUndefined();
    expect(order.totals.total).toBe('500.00');
    // The ordered part left the stored cart; the other stayed.
    expect(json<Cart>(await call({ method: 'GET', url: '/api/cart', as: 'client' })).lines.map((l) => l.partNumber)).toEqual(['FIL-200']);
    expect((await call({ method: 'GET', url: `/api/orders/${order.id}`, as: 'client' })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: `/api/orders/${order.id}`, as: 'client2' })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/api/orders/${order.id}/pdf`, as: 'client2' })).statusCode).toBe(404);
    const mine = json<{ orders: { id: number }[]; total: number }>(await call({ method: 'GET', url: '/api/orders', as: 'client' }));
    expect(mine.orders.map((o) => o.id)).toContain(order.id);
    expect(mine.orders.map((o) => o.id)).not.toContain(guestOrder.id);
    expect(json<{ total: number }>(await call({ method: 'GET', url: '/api/orders', as: 'client2' })).total).toBe(0);
    // Repeating puts its lines back in the cart at today's prices; another's pedido cannot be repeated.
    const repeated = json<Cart>(await call({ method: 'POST', url: `/api/orders/${order.id}/repeat`, as: 'client' }));
    expect(repeated.lines.find((l) => l.partNumber === '06H-103-144')).toMatchObject({ quantity: 5, unitPrice: '100.00' });
    expect((await call({ method: 'POST', url: `/api/orders/${order.id}/repeat`, as: 'client2' })).statusCode).toBe(404);
  });

  it('refuses a send whose prices changed since the customer saw them', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/orders',
      as: 'distributor',
      payload: { lines: [{ partId: ids['06H-103-144'], quantity: 1 }], expectedTotal: '100.00' },
    });
    expect(response.statusCode).toBe(409);
    expect(json<{ error: { message: string } }>(response).error.message).toBe(
      'Los precios cambiaron desde que armó el pedido. Revise el pedido antes de enviarlo.',
    );
  });

  it('refuses a send from a stale view of the stored cart (another tab changed or sent it)', async () => {
    const db = t.database.db;
    const session = await loginCookie(t.app, await createUser(db, { profileType: 'client' }), 'client');
    const as = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie: session } });
    const filter = ids['FIL-200'] as number;
    const pump = ids['06H-103-144'] as number;
    await as({ method: 'PUT', url: '/api/cart', payload: { lines: [{ partId: filter, quantity: 2 }] } });
    // Tab A raised the quantity to 5; tab B still shows 2.
    await as({ method: 'PUT', url: '/api/cart', payload: { lines: [{ partId: filter, quantity: 5 }] } });
    const stale = { lines: [{ partId: filter, quantity: 2 }], fromCart: true, note: 'pestaña vieja' };
    const refused = await as({ method: 'POST', url: '/api/orders', payload: stale });
    expect(refused.statusCode).toBe(409);
    expect(json<{ error: { code: string; message: string } }>(refused).error).toEqual({
      code: 'CONFLICT',
      message: 'Su pedido cambió en otra pestaña o dispositivo. Revise el pedido antes de enviarlo.',
    });
    // A line added elsewhere is a change too.
    await as({ method: 'POST', url: '/api/cart/lines', payload: { lines: [{ partId: pump, quantity: 1 }] } });
    const missing = await as({ method: 'POST', url: '/api/orders', payload: { ...stale, lines: [{ partId: filter, quantity: 5 }] } });
    expect(missing.statusCode).toBe(409);
    // The fresh cart sends, once; the same lines sent again from the other tab are refused.
    const fresh = {
      lines: [
        { partId: filter, quantity: 5 },
        { partId: pump, quantity: 1 },
      ],
      fromCart: true,
      note: 'pestaña nueva',
    };
    const sent = await as({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': 'fresh-1' }, payload: fresh });
    expect(sent.statusCode).toBe(201);
    expect(json<Cart>(await as({ method: 'GET', url: '/api/cart' })).lines).toEqual([]);
    const again = await as({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': 'other-tab' }, payload: fresh });
    expect(again.statusCode).toBe(409);
    // A retry of the send itself still answers its pedido.
    const retry = await as({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': 'fresh-1' }, payload: fresh });
    expect([retry.statusCode, json<Order>(retry).id]).toEqual([201, json<Order>(sent).id]);
    expect(await db.select().from(orders).where(eq(orders.note, 'pestaña vieja'))).toHaveLength(0);
    expect(await db.select().from(orders).where(eq(orders.note, 'pestaña nueva'))).toHaveLength(1);
    // Two sends with one key at once: one pedido, though the first emptied the cart.
    await as({ method: 'PUT', url: '/api/cart', payload: { lines: [{ partId: filter, quantity: 1 }] } });
    const once = { lines: [{ partId: filter, quantity: 1 }], fromCart: true, note: 'doble clic del carrito' };
    const both = await Promise.all(
      [1, 2].map(() => as({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': 'cart-double' }, payload: once })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await db.select().from(orders).where(eq(orders.note, 'doble clic del carrito'))).toHaveLength(1);
  });

  it('reads a pasted quick order: formats, alternate codes, ambiguous codes and bad quantities', async () => {
    const text = [
      'Código\tDescripción\tCantidad',
      '06H103144\tBomba de agua\t2',
      '3 x FIL-200',
      'oem-4455;1',
      '7700112233 1',
      'NO-EXISTE 4',
      'FIL-200 0',
      'BAJA-1 1',
    ].join('\n');
    const guest = json<QuickOrderResponse>(await call({ method: 'POST', url: '/api/cart/quick', payload: { text } }));
    expect(guest.cart).toBeNull();
    expect(guest.added.map((l) => [l.partNumber, l.quantity, l.unitPrice])).toEqual([
      ['06H-103-144', 2, '120.00'],
      ['FIL-200', 4, '12.25'],
    ]);
    expect(guest.unmatched.map((u) => [u.line, u.reason, u.code])).toEqual([
      [5, 'ambiguous', '7700112233'],
      [6, 'unknown', 'NO-EXISTE'],
      [7, 'quantity', 'FIL-200'],
      [8, 'unknown', 'BAJA-1'],
    ]);
    expect(guest.unmatched[0]?.candidates.map((c) => c.partNumber)).toEqual(['ALT-A', 'ALT-B']);
    expect(guest.unmatched[0]?.message).toBe('Varios repuestos coinciden: elija uno');
    // A signed-in user's lines go to the stored cart.
    await call({ method: 'PUT', url: '/api/cart', as: 'client2', payload: { lines: [] } });
    const client = json<QuickOrderResponse>(
      await call({ method: 'POST', url: '/api/cart/quick', as: 'client2', payload: { text: 'FIL-200 2' } }),
    );
    expect(client.cart?.lines.map((l) => [l.partNumber, l.quantity, l.unitPrice])).toEqual([['FIL-200', 2, '10.50']]);
  });

  it('lists, filters and counts pedidos for admins and changes their status, audited', async () => {
    const list = json<{ orders: { id: number; status: string }[]; total: number; newCount: number }>(
      await call({ method: 'GET', url: '/api/admin/orders', as: 'admin' }),
    );
    expect(list.total).toBeGreaterThanOrEqual(3);
    expect(list.newCount).toBe(list.total);
    const byCustomer = json<{ orders: { customerName: string }[] }>(
      await call({ method: 'GET', url: '/api/admin/orders?customer=transportes', as: 'admin' }),
    );
    expect(byCustomer.orders.length).toBeGreaterThan(0);
    expect(byCustomer.orders.every((o) => o.customerName.startsWith('Usuario'))).toBe(true);
    const byNumber = json<{ orders: { id: number }[] }>(
      await call({ method: 'GET', url: `/api/admin/orders?customer=${guestOrder.number}`, as: 'admin' }),
    );
    expect(byNumber.orders.map((o) => o.id)).toEqual([guestOrder.id]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
    expect(
      json<{ total: number }>(await call({ method: 'GET', url: `/api/admin/orders?from=${today}&to=${today}`, as: 'admin' })).total,
    ).toBe(list.total);
    expect(json<{ total: number }>(await call({ method: 'GET', url: '/api/admin/orders?to=2000-01-01', as: 'admin' })).total).toBe(0);

    const changed = await call({
      method: 'PATCH',
      url: `/api/admin/orders/${guestOrder.id}/status`,
      as: 'admin',
      payload: { status: 'preparing', note: 'Armando el pedido' },
    });
    expect(changed.statusCode).toBe(200);
    expect(json<Order>(changed).history.map((h) => [h.status, h.note])).toEqual([
      ['received', null],
      ['preparing', 'Armando el pedido'],
    ]);
    const same = await call({
      method: 'PATCH',
      url: `/api/admin/orders/${guestOrder.id}/status`,
      as: 'admin',
      payload: { status: 'preparing' },
    });
    expect(same.statusCode).toBe(409);
    expect(json<{ error: { message: string } }>(same).error.message).toBe('El pedido ya está en estado En preparación');
    const bad = await call({ method: 'PATCH', url: `/api/admin/orders/${guestOrder.id}/status`, as: 'admin', payload: { status: 'lost' } });
    expect(bad.statusCode).toBe(400);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(guestOrder.id))));
    expect(audit).toMatchObject({ action: 'order.status', before: { status: 'received' } });
    const preparing = json<{ orders: { id: number }[]; newCount: number }>(
      await call({ method: 'GET', url: '/api/admin/orders?status=preparing', as: 'admin' }),
    );
    expect(preparing.orders.map((o) => o.id)).toEqual([guestOrder.id]);
    expect(preparing.newCount).toBe(list.newCount - 1);
    expect(json<{ newCount: number }>(await call({ method: 'GET', url: '/api/admin/orders/new-count', as: 'admin' })).newCount).toBe(
      list.newCount - 1,
    );
    // The customer sees the new status.
    const seen = json<Order>(await call({ method: 'GET', url: `/api/orders/${guestOrder.id}?token=${guestOrder.accessToken}` }));
    expect(seen.status).toBe('preparing');
  });

  it('downloads a pedido as PDF and Excel, and the admin list as Excel', async () => {
    const token = `?token=${guestOrder.accessToken}`;
    const pdf = await call({ method: 'GET', url: `/api/orders/${guestOrder.id}/pdf${token}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(pdf.headers['content-disposition'])).toContain(`pedido-${guestOrder.number}.pdf`);
    // What the PDF says, as poppler's pdftotext reads it.
    const dir = await mkdtemp(path.join(tmpdir(), 'pedido-pdf-'));
    try {
      await writeFile(path.join(dir, 'pedido.pdf'), pdf.rawPayload);
      const { stdout } = await promisify(execFile)('pdftotext', ['-layout', path.join(dir, 'pedido.pdf'), '-']);
      for (const text of [
        guestOrder.number,
        'Juan Invitado',
        '06H-103-144',
        'Bomba de agua',
        'Consultar Precio',
        '$ 240,00',
        'Entregar por la mañana',
      ]) {
        expect(stdout, text).toContain(text);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const xlsx = await call({ method: 'GET', url: `/api/orders/${guestOrder.id}/xlsx${token}` });
    expect(xlsx.statusCode).toBe(200);
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]?.getSheetValues().flat().map(String) ?? [];
    expect(values).toContain('06H-103-144');
    expect(values).toContain('Consultar Precio');
    // The date is a real date cell holding the Argentine wall clock (UTC−3), shown dd/mm/yyyy hh:mm.
    const argentine = new Date(Date.parse(guestOrder.createdAt) - 3 * 3600_000);
    argentine.setUTCMilliseconds(0);
    const dateCell = workbook.worksheets[0]?.getRow(2).getCell(2);
    expect([dateCell?.value, dateCell?.numFmt]).toEqual([argentine, 'dd/mm/yyyy hh:mm']);
    const list = await call({ method: 'GET', url: '/api/admin/orders/xlsx?status=preparing', as: 'admin' });
    expect(list.statusCode).toBe(200);
    expect(list.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const listed = new Excel.Workbook();
    await listed.xlsx.load(list.rawPayload as unknown as ArrayBuffer);
    const listedDate = listed.worksheets[0]?.getRow(3).getCell(2);
    expect(listedDate?.value).toBeInstanceOf(Date);
    expect(listedDate?.numFmt).toBe('dd/mm/yyyy hh:mm');
    expect((await call({ method: 'GET', url: `/api/orders/${guestOrder.id}/xlsx` })).statusCode).toBe(404);
  });

  it('documents the routes in the OpenAPI and, without ORDER_PLATFORM_URL, points "Realizar Pedido" at Mi pedido', async () => {
    const config = json<{ orderPlatformUrl: string | null }>(await call({ method: 'GET', url: '/api/config' }));
    expect(config.orderPlatformUrl).toBeNull();
    const docs = json<{ paths: Record<string, unknown> }>(await call({ method: 'GET', url: '/api/docs/json' }));
    for (const path of [
      '/api/cart',
      '/api/cart/price',
      '/api/cart/lines/{partId}',
      '/api/cart/quick',
      '/api/orders',
      '/api/orders/{id}',
      '/api/admin/orders/{id}/status',
    ]) {
      expect(docs.paths, path).toHaveProperty([path]);
    }
  });

  it('refuses a part of a hidden category: unpriced, not sendable, unknown to the quick order, flagged in a stored cart', async () => {
    const db = t.database.db;
    await insertParts(db, [
      buildPartRecord({
        codigo: 'OCULTO-1',
        descripcion: 'Repuesto de rubro oculto',
        categoria1: 'Rubro Oculto',
        categoria2: 'Sub',
        categoria3: 'Hoja',
      }),
    ]);
    const [row] = await db.select({ id: parts.id, categoryId: parts.categoryId }).from(parts).where(eq(parts.partNumber, 'OCULTO-1'));
    const id = row?.id as number;
    await t.catalogueChanged();
    const added = await call({ method: 'PUT', url: '/api/cart', as: 'client2', payload: { lines: [{ partId: id, quantity: 1 }] } });
    expect(json<Cart>(added).lines.map((l) => l.partNumber)).toEqual(['OCULTO-1']);
    // Staff hide the level-1 category (and so its descendants) through the admin API.
    const tree = await db.select({ id: categories.id, name: categories.name }).from(categories);
    const hidden = tree
      .filter((c) => ['Rubro Oculto', 'Sub', 'Hoja'].includes(c.name))
      .map((c) => ({ categoryId: c.id, isVisible: false }));
    const hide = await call({ method: 'PUT', url: '/api/categories/visibility', as: 'admin', payload: { updates: hidden } });
    expect(hide.statusCode).toBe(200);
    for (const role of ['guest', 'client'] as const) {
      const priced = json<Cart>(
        await call({
          method: 'POST',
          url: '/api/cart/price',
          payload: { lines: [{ partId: id, quantity: 1 }] },
          ...(role === 'guest' ? {} : { as: role }),
        }),
      );
      expect(priced.lines, role).toEqual([]);
      expect(priced.unavailable, role).toEqual([{ partId: id, partNumber: null, message: 'Este repuesto ya no está disponible' }]);
    }
    const stored = json<Cart>(await call({ method: 'GET', url: '/api/cart', as: 'client2' }));
    expect(stored.lines).toEqual([]);
    expect(stored.unavailable).toEqual([{ partId: id, partNumber: 'OCULTO-1', message: 'Este repuesto ya no está disponible' }]);
    const sent = await call({ method: 'POST', url: '/api/orders', as: 'client2', payload: { lines: [{ partId: id, quantity: 1 }] } });
    expect(sent.statusCode).toBe(400);
    expect(json<{ error: { message: string } }>(sent).error.message).toBe(
      'Estos repuestos ya no están disponibles: OCULTO-1. Quítelos del pedido para enviarlo.',
    );
    const quick = json<QuickOrderResponse>(await call({ method: 'POST', url: '/api/cart/quick', payload: { text: 'OCULTO-1 2' } }));
    expect(quick.added).toEqual([]);
    expect(quick.unmatched.map((u) => u.reason)).toEqual(['unknown']);
    await call({ method: 'PUT', url: '/api/cart', as: 'client2', payload: { lines: [] } });
  });

  it('leaves the catalogue version and its cached answers alone: carts, sends and status changes are not catalogue changes', async () => {
    const db = t.database.db;
    const before = await readCatalogueVersion(db);
    const list = await call({ method: 'GET', url: '/api/parts?limit=5', as: 'distributor' });
    const etag = list.headers.etag as string;
    expect(etag).toBeTruthy();
    const line = { partId: ids['FIL-200'] as number, quantity: 2 };
    const steps: [string, Awaited<ReturnType<typeof call>>][] = [
      ['put', await call({ method: 'PUT', url: '/api/cart', as: 'distributor', payload: { lines: [line] } })],
      ['add', await call({ method: 'POST', url: '/api/cart/lines', as: 'distributor', payload: { lines: [line] } })],
      ['quick', await call({ method: 'POST', url: '/api/cart/quick', as: 'distributor', payload: { text: '06H-103-144 1' } })],
      ['price', await call({ method: 'POST', url: '/api/cart/price', payload: { lines: [line] } })],
    ];
    const sent = await call({ method: 'POST', url: '/api/orders', as: 'distributor', payload: { lines: [line] } });
    steps.push(['send', sent]);
    const id = json<Order>(sent).id;
    steps.push([
      'status',
      await call({ method: 'PATCH', url: `/api/admin/orders/${id}/status`, as: 'admin', payload: { status: 'preparing' } }),
    ]);
    steps.push(['repeat', await call({ method: 'POST', url: `/api/orders/${id}/repeat`, as: 'distributor' })]);
    steps.push(['empty', await call({ method: 'PUT', url: '/api/cart', as: 'distributor', payload: { lines: [] } })]);
    for (const [name, response] of steps) expect(response.statusCode, name).toBeLessThan(300);
    expect(await readCatalogueVersion(db)).toBe(before);
    const again = await call({ method: 'GET', url: '/api/parts?limit=5', as: 'distributor', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('rate limits sends, cart calls and downloads as the environment configures them', async () => {
    const { orderRateLimits } = loadConfig({
      RATE_LIMIT_ORDERS_PER_HOUR: '2',
      RATE_LIMIT_ORDER_REQUESTS_PER_MINUTE: '3',
      RATE_LIMIT_QUICK_ORDERS_PER_MINUTE: '50',
      RATE_LIMIT_ORDER_DOWNLOADS: '1',
    });
    expect(orderRateLimits).toEqual({ sendsPerHour: 2, requestsPerMinute: 3, quickPerMinute: 50, downloadsPer10Minutes: 1 });
    expect(loadConfig({}).orderRateLimits).toEqual({
      sendsPerHour: 30,
      requestsPerMinute: 120,
      quickPerMinute: 20,
      downloadsPer10Minutes: 30,
    });
    const limited = await buildTestApp(engine, { orderRateLimits });
    try {
      const db = limited.database.db;
      await insertParts(db, [buildPartRecord({ codigo: 'RL-1', descripcion: 'Retén', precios: '5.00-5.00-5.00-5.00' })]);
      const [part] = await db.select({ id: parts.id }).from(parts);
      const user = await createUser(db, { profileType: 'client' });
      const session = await loginCookie(limited.app, user, 'client');
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie: session },
          payload: { lines: [{ partId: part?.id, quantity: 1 }] },
        });
      const first = await send();
      // No SMTP_URL: nothing is mailed, though the customer has an e-mail.
      expect(json<Order>(first).customer.email).toBeTruthy();
      expect(json<Order>(first).copyMailed).toBe(false);
      expect([first.statusCode, (await send()).statusCode]).toEqual([201, 201]);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(json<{ error: { code: string; message: string } }>(refused).error).toEqual({
        code: 'RATE_LIMITED',
        message: 'Demasiados intentos. Intente nuevamente más tarde.',
      });
      // Cart calls and Mis pedidos share the per-minute bucket of the account.
      const reads: number[] = [];
      for (let i = 0; i < 4; i++)
        reads.push((await limited.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: session } })).statusCode);
      expect(reads).toEqual([200, 200, 200, 429]);
      // A guest is counted by address, apart from the account.
      expect((await limited.app.inject({ method: 'POST', url: '/api/cart/price', payload: { lines: [] } })).statusCode).toBe(200);
      const pdf = `/api/orders/${json<Order>(first).id}/pdf`;
      expect((await limited.app.inject({ method: 'GET', url: pdf, headers: { cookie: session } })).statusCode).toBe(200);
      expect((await limited.app.inject({ method: 'GET', url: pdf, headers: { cookie: session } })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('holds at most 500 lines in a stored cart, a pedido and a quick order', async () => {
    const db = t.database.db;
    const records = Array.from({ length: 501 }, (_, i) => buildPartRecord({ codigo: `LIM-${String(i).padStart(4, '0')}` }));
    await insertParts(db, records);
    await t.catalogueChanged();
    const rows = await db.select({ id: parts.id, partNumber: parts.partNumber }).from(parts);
    const limIds = rows.filter((r) => r.partNumber.startsWith('LIM-')).map((r) => r.id);
    expect(limIds).toHaveLength(501);
    const lines = limIds.map((partId) => ({ partId, quantity: 1 }));
    const message = (response: { json(): unknown }) => json<{ error: { message: string } }>(response).error.message;
    const full = await call({ method: 'PUT', url: '/api/cart', as: 'client2', payload: { lines: lines.slice(0, 500) } });
    expect(full.statusCode).toBe(200);
    expect(json<Cart>(full).totals.lineCount).toBe(500);
    const more = await call({ method: 'POST', url: '/api/cart/lines', as: 'client2', payload: { lines: lines.slice(500) } });
    expect(more.statusCode).toBe(400);
    expect(message(more)).toBe('El pedido admite hasta 500 líneas');
    expect(json<Cart>(await call({ method: 'GET', url: '/api/cart', as: 'client2' })).totals.lineCount).toBe(500);
    const send = await call({ method: 'POST', url: '/api/orders', as: 'client2', payload: { lines } });
    expect(send.statusCode).toBe(400);
    expect(message(send)).toContain('El pedido admite hasta 500 líneas');
    const quick = json<QuickOrderResponse>(
      await call({ method: 'POST', url: '/api/cart/quick', payload: { text: records.map((r) => `${r.codigo} 1`).join('\n') } }),
    );
    expect(quick.added).toHaveLength(500);
    expect(quick.unmatched.map((u) => [u.line, u.reason, u.message])).toEqual([[501, 'too-many', 'Se superó el máximo de 500 líneas']]);
    await call({ method: 'PUT', url: '/api/cart', as: 'client2', payload: { lines: [] } });
  });

  it('rate limits the quick order', async () => {
    let status = 200;
    for (let i = 0; i < 25 && status !== 429; i++) {
      status = (await call({ method: 'POST', url: '/api/cart/quick', as: 'distributor', payload: { text: 'X' } })).statusCode;
    }
    expect(status).toBe(429);
  });
});
