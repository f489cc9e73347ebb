/**
 * Part requests over HTTP (docs/product.md §8; issue 21 items 7–8) on PGlite and, with
 * DATABASE_URL, PostgreSQL: staff are mailed once per request (a real SMTP server started here),
 * admins list them with the sender's contact data and a status filter, set the status and delete.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { createUser, loginCookie } from '../../test/factories.ts';
import { readMail, startSmtp, type TestSmtp } from '../../test/smtp.ts';

describe.each(testEngines())('part requests on %s', (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: string;
  let client: string;
  const as = (cookie: string | undefined, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } });
  const send = (message: string, key?: string) =>
    as(client, {
      method: 'POST',
      url: '/api/part-requests',
      payload: { message },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp(engine, { smtpUrl: smtp.url, staffEmail: 'staff@example.com', publicOrigin: 'https://repuestos.example.com' });
    const db = t.database.db;
    admin = await loginCookie(t.app, await createUser(db, { profileType: 'admin' }), 'admin');
    const sender = await createUser(db, { username: 'taller.norte' });
    await db
      .update(users)
      .set({ fullName: 'Carlos Gómez', company: 'Taller Norte', phone: '(0351) 155-123456', clientCode: 'C-12' })
      .where(eq(users.id, sender.id));
    client = await loginCookie(t.app, sender);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    // Mails a previous test started after its answers are in before the count starts.
    await t.app.background.idle();
    smtp.received.length = 0;
  });

  it('mails staff a new request once, with the sender’s contact data and a WhatsApp reply link', async () => {
    const first = await send('Necesito el retén de cigüeñal del Fiat 128', 'pedido-reten-1');
    expect(first.statusCode).toBe(201);
    const retry = await send('Necesito el retén de cigüeñal del Fiat 128', 'pedido-reten-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    await t.app.background.idle();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['staff@example.com']);
    const { subject, text } = readMail(smtp.received[0] as (typeof smtp.received)[number]);
    expect(subject).toBe('Nueva solicitud de Carlos Gómez (Taller Norte)');
    expect(text).toContain('Necesito el retén de cigüeñal del Fiat 128');
    expect(text).toContain('Código de cliente: C-12');
    expect(text).toContain('Teléfono: (0351) 155-123456');
    expect(text).toContain('Email: taller.norte@example.com');
    expect(text).toMatch(/Responder por WhatsApp: https:\/\/wa\.me\/5493515123456\?text=Hola%20Carlos/);
    expect(text).toContain('https://repuestos.example.com/adminkon2025?tab=solicitudes');
  });

  it('lists requests with the requester’s name, company, phone and e-mail, filtered by status', async () => {
    const sent = (await send('¿Tienen bujías NGK BKR6E?')).json();
    const all = await as(admin, { method: 'GET', url: '/api/part-requests' });
    expect(all.statusCode).toBe(200);
    expect(all.json()[0]).toEqual({
      id: sent.id,
      username: 'taller.norte',
      message: '¿Tienen bujías NGK BKR6E?',
      status: 'pending',
      createdAt: expect.any(String),
      fullName: 'Carlos Gómez',
      company: 'Taller Norte',
      phone: '(0351) 155-123456',
      email: 'taller.norte@example.com',
    });

    const status = await as(admin, { method: 'PATCH', url: `/api/part-requests/${sent.id}/status`, payload: { status: 'completed' } });
    expect(status.json().status).toBe('completed');
    const done = (await as(admin, { method: 'GET', url: '/api/part-requests?status=completed' })).json();
    expect(done.map((r: { id: number }) => r.id)).toEqual([sent.id]);
    const pending = (await as(admin, { method: 'GET', url: '/api/part-requests?status=pending' })).json();
    expect(pending.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(pending.map((r: { id: number }) => r.id)).not.toContain(sent.id);

    const bad = await as(admin, { method: 'GET', url: '/api/part-requests?status=borrada' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('El estado debe ser pendiente, revisada o completada');
    const badStatus = await as(admin, { method: 'PATCH', url: `/api/part-requests/${sent.id}/status`, payload: { status: 'archivada' } });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.message).toContain('El estado debe ser pendiente, revisada o completada');
  });

  it('keeps a request whose sender was deleted, without contact data; deletes a request once', async () => {
    const db = t.database.db;
    const gone = await createUser(db, { username: 'se.fue' });
    const cookie = await loginCookie(t.app, gone);
    const sent = (await as(cookie, { method: 'POST', url: '/api/part-requests', payload: { message: 'Busco cardan' } })).json();
    await as(admin, { method: 'DELETE', url: `/api/users/${gone.id}` });
    const row = (await as(admin, { method: 'GET', url: '/api/part-requests' })).json().find((r: { id: number }) => r.id === sent.id);
    expect(row).toMatchObject({ username: 'se.fue', fullName: null, company: null, phone: null, email: null });

    expect((await as(admin, { method: 'DELETE', url: `/api/part-requests/${sent.id}` })).json()).toEqual({
      message: 'Solicitud eliminada',
    });
    const again = await as(admin, { method: 'DELETE', url: `/api/part-requests/${sent.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Solicitud no encontrada');
  });
});
