/**
 * The panel's user work over HTTP (issue 21 items 6–8) on PGlite and, with DATABASE_URL,
 * PostgreSQL: search and filters, create with name and e-mail, approve (the applicant is mailed),
 * reject with a reason (mailed), disable and enable (no login, sessions end), last login, the
 * password link, client codes unique, the XLSX export and the pending counts. Mails arrive on a
 * real SMTP server started here.
 */
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEXTS } from '../../../shared/auth.ts';
import { auditLog, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie, type TestUser } from '../../test/factories.ts';
import { readMail, startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { USERS_XLSX_HEADERS } from './xlsx.ts';

/** An address the test mail server refuses. */
const REFUSED = 'rebota@example.com';

describe.each(testEngines())('user administration on %s', (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: string;
  let adminUser: TestUser;
  const as = (cookie: string | undefined, options: InjectOptions) =>
    t.app.inject({ ...options, ...(cookie ? { headers: { ...(options.headers ?? {}), cookie } } : {}) });
  const mails = async () => {
    await t.app.background.idle();
    return smtp.received.map((m) => ({ to: m.to, ...readMail(m) }));
  };
  const register = (overrides: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'ana.perez',
        password: 'clave-segura-1',
        fullName: 'Ana Pérez',
        email: 'ana@example.com',
        phone: '011 15-4444-0000',
        company: 'Taller Sur',
        ...overrides,
      },
    });
  const idOf = async (username: string) => {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return (row as { id: number }).id;
  };

  beforeAll(async () => {
    smtp = await startSmtp([REFUSED]);
    t = await buildTestApp(engine, { smtpUrl: smtp.url, staffEmail: 'staff@example.com', publicOrigin: 'https://repuestos.example.com' });
    adminUser = await createUser(t.database.db, { profileType: 'admin', username: 'jefa' });
    admin = await loginCookie(t.app, adminUser, 'admin');
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

  it('mails staff a new access request, then the applicant its approval, once', async () => {
    expect((await register()).statusCode).toBe(201);
    const [toStaff, ...others] = await mails();
    expect(others).toEqual([]);
    expect(toStaff?.to).toEqual(['staff@example.com']);
    expect(toStaff?.subject).toBe('Nueva solicitud de acceso: Ana Pérez (Taller Sur)');
    expect(toStaff?.text).toContain('Usuario: ana.perez');
    expect(toStaff?.text).toContain('Teléfono: 011 15-4444-0000');
    expect(toStaff?.text).toContain('Email: ana@example.com');
    expect(toStaff?.text).toContain('https://repuestos.example.com/adminkon2025?tab=usuarios');

    const id = await idOf('ana.perez');
    const pending = (await as(admin, { method: 'GET', url: '/api/users/pending' })).json();
    expect(pending.map((u: { username: string }) => u.username)).toContain('ana.perez');

    smtp.received.length = 0;
    const approve = await as(admin, { method: 'PATCH', url: `/api/users/${id}/approve`, payload: { clientCode: ' C-100 ' } });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ isApproved: true, clientCode: 'C-100', disabledAt: null, lastLoginAt: null });
    const [approval, ...more] = await mails();
    expect(more).toEqual([]);
    expect(approval?.to).toEqual(['ana@example.com']);
    expect(approval?.subject).toBe('Repuestos Online: su solicitud de acceso fue aprobada');
    expect(approval?.text).toContain('Hola Ana Pérez:');
    expect(approval?.text).toContain('Usuario: ana.perez');
    expect(approval?.text).toContain('Número de cliente: C-100');
    expect(approval?.text).toContain('Ingresar: https://repuestos.example.com/');

    // Approving an approved account again tells nobody anything.
    smtp.received.length = 0;
    expect((await as(admin, { method: 'PATCH', url: `/api/users/${id}/approve`, payload: {} })).statusCode).toBe(200);
    expect(await mails()).toEqual([]);
  });

  it('rejects a pending request with a reason: the applicant is told, the name and e-mail are free again', async () => {
    expect((await register({ username: 'rechazado', email: 'rechazado@example.com', fullName: 'Raúl Rechazo' })).statusCode).toBe(201);
    const id = await idOf('rechazado');
    expect((await mails()).map((m) => m.to)).toEqual([['staff@example.com']]);
    smtp.received.length = 0;

    const blank = await as(admin, { method: 'POST', url: `/api/users/${id}/reject`, payload: { reason: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('Indique el motivo del rechazo');

    const reject = await as(admin, {
      method: 'POST',
      url: `/api/users/${id}/reject`,
      payload: { reason: 'No encontramos su CUIT entre nuestros clientes.' },
    });
    expect(reject.statusCode).toBe(200);
    expect(reject.json().message).toBe('Solicitud rechazada. Se avisó a rechazado@example.com.');
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail?.to).toEqual(['rechazado@example.com']);
    expect(mail?.subject).toBe('Repuestos Online: su solicitud de acceso no fue aprobada');
    expect(mail?.text).toContain('Motivo: No encontramos su CUIT entre nuestros clientes.');
    expect(mail?.text).toContain('https://repuestos.example.com/registro');

    expect(await t.database.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.reject'), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({ actorUsername: 'jefa', after: { reason: 'No encontramos su CUIT entre nuestros clientes.' } });
    expect(audit?.before).toMatchObject({ username: 'rechazado', email: 'rechazado@example.com' });
    expect((await as(admin, { method: 'POST', url: `/api/users/${id}/reject`, payload: { reason: 'x' } })).statusCode).toBe(404);

    // The same person may ask again.
    expect((await register({ username: 'rechazado', email: 'rechazado@example.com' })).statusCode).toBe(201);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'rechazado'))).toHaveLength(1);

    // An approved account is disabled, not rejected.
    const approved = await createUser(t.database.db, { username: 'aprobado.ya' });
    const refused = await as(admin, { method: 'POST', url: `/api/users/${approved.id}/reject`, payload: { reason: 'x' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^Solo se puede rechazar una solicitud pendiente/);
  });

  it('creates an account with name and e-mail and sends it a password link that works', async () => {
    const create = await as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: {
        username: 'mayorista.oeste',
        password: 'provisoria-77',
        profileType: 'distributor',
        fullName: 'Mayorista Oeste',
        email: 'oeste@example.com',
      },
    });
    expect(create.statusCode).toBe(201);
    expect(create.json()).toMatchObject({ fullName: 'Mayorista Oeste', email: 'oeste@example.com', isApproved: true });
    const id = create.json().id as number;

    const taken = await as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: 'otro.nombre', password: 'provisoria-77', profileType: 'client', email: 'OESTE@example.com' },
    });
    expect(taken.statusCode).toBe(409);
    // The form marks the field at fault from `field`, never from the message text.
    expect(taken.json().error).toEqual({ code: 'CONFLICT', message: 'El email ya está en uso por otra cuenta', field: 'email' });
    const takenName = await as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: 'Mayorista.Oeste', password: 'provisoria-77', profileType: 'client', email: 'otra@example.com' },
    });
    expect(takenName.statusCode).toBe(409);
    expect(takenName.json().error).toEqual({ code: 'CONFLICT', message: 'Ya existe un usuario con ese nombre', field: 'username' });
    const badEmail = await as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: 'otro.nombre', password: 'provisoria-77', profileType: 'client', email: 'no-es-email' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toContain('El email no es válido');

    const sent = await as(admin, { method: 'POST', url: `/api/users/${id}/password-link` });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('Se envió el enlace a oeste@example.com. Vence en 60 minutos.');
    const [mail] = smtp.received.map(readMail);
    expect(smtp.received[0]?.to).toEqual(['oeste@example.com']);
    expect(mail?.subject).toBe('Repuestos Online: elija su contraseña');
    const token = decodeURIComponent(mail?.text.match(/reset-password\?token=([^\s]+)/)?.[1] ?? '');
    expect(token).not.toBe('');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'elegida-por-mi-9' },
    });
    expect(reset.statusCode).toBe(200);
    await loginCookie(t.app, { id, username: 'mayorista.oeste', password: 'elegida-por-mi-9' }, 'distributor');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.password_link'), eq(auditLog.entityId, String(id))));
    expect(JSON.stringify(audit)).not.toContain(token);

    // No e-mail, no link; a mail server that refuses the address is said, not hidden.
    const noEmail = await createUser(t.database.db, { username: 'sin.email' });
    await t.database.db.update(users).set({ email: null }).where(eq(users.id, noEmail.id));
    const refused = await as(admin, { method: 'POST', url: `/api/users/${noEmail.id}/password-link` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('sin.email no tiene email: agréguelo con "Editar" antes de enviar el enlace');
    const bounce = await createUser(t.database.db, { username: 'rebota', email: REFUSED });
    const failed = await as(admin, { method: 'POST', url: `/api/users/${bounce.id}/password-link` });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.message).toMatch(/^No se pudo enviar el email/);
    expect((await as(admin, { method: 'POST', url: '/api/users/999999/password-link' })).statusCode).toBe(404);
  });

  it('disables an account: no login (a Spanish sentence), its sessions end; enabling lets it back', async () => {
    const user = await createUser(t.database.db, { username: 'taller.baja' });
    const session = await loginCookie(t.app, user);
    const disable = await as(admin, { method: 'PATCH', url: `/api/users/${user.id}/disabled`, payload: { disabled: true } });
    expect(disable.statusCode).toBe(200);
    expect(disable.json().disabledAt).toEqual(expect.any(String));

    expect((await as(session, { method: 'GET', url: '/api/user/session' })).json().isAuthenticated).toBe(false);
    expect((await as(session, { method: 'GET', url: '/api/cart' })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'taller.baja', password: user.password, userType: 'client' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe(TEXTS.accountDisabled);
    // A wrong password learns nothing about the account.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'taller.baja', password: 'no-es-esta', userType: 'client' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(TEXTS.loginFailed);

    const listed = (await as(admin, { method: 'GET', url: '/api/users?state=disabled' })).json();
    expect(listed.map((u: { username: string }) => u.username)).toEqual(['taller.baja']);

    const self = await as(admin, { method: 'PATCH', url: `/api/users/${adminUser.id}/disabled`, payload: { disabled: true } });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('No puede deshabilitar su propio usuario');
    const badBody = await as(admin, { method: 'PATCH', url: `/api/users/${user.id}/disabled`, payload: { disabled: 'sí' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error.message).toContain('Indique si el usuario queda deshabilitado');

    const enable = await as(admin, { method: 'PATCH', url: `/api/users/${user.id}/disabled`, payload: { disabled: false } });
    expect(enable.json().disabledAt).toBeNull();
    await loginCookie(t.app, user);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(actions.map((a) => a.action)).toEqual(['user.disable', 'user.enable']);
  });

  it('records the last login and shows it in the list', async () => {
    const user = await createUser(t.database.db, { username: 'ultimo.ingreso' });
    const before = (await as(admin, { method: 'GET', url: '/api/users?search=ultimo.ingreso' })).json();
    expect(before).toMatchObject([{ username: 'ultimo.ingreso', lastLoginAt: null }]);
    const start = Date.now();
    await loginCookie(t.app, user);
    const [after] = (await as(admin, { method: 'GET', url: '/api/users?search=ultimo.ingreso' })).json();
    expect(Date.parse(after.lastLoginAt)).toBeGreaterThanOrEqual(start - 5_000);
  });

  it('searches ignoring case and accents and filters by type and state', async () => {
    const db = t.database.db;
    const nunez = await createUser(db, { username: 'filtro.nunez', profileType: 'distributor' });
    await db.update(users).set({ fullName: 'José Núñez', company: 'Repuestos Córdoba', clientCode: 'F-900' }).where(eq(users.id, nunez.id));
    await createUser(db, { username: 'filtro.pendiente', isApproved: false });
    const names = async (query: string) =>
      (await as(admin, { method: 'GET', url: `/api/users?${query}` })).json().map((u: { username: string }) => u.username);

    expect(await names('search=NUNEZ')).toEqual(['filtro.nunez']);
    expect(await names('search=cordoba')).toEqual(['filtro.nunez']);
    expect(await names('search=f-900')).toEqual(['filtro.nunez']);
    expect(await names('search=filtro&type=distributor')).toEqual(['filtro.nunez']);
    expect(await names('search=filtro&state=pending')).toEqual(['filtro.pendiente']);
    expect(await names('search=filtro&state=active')).toEqual(['filtro.nunez']);
    expect(await names('search=100%25')).toEqual([]);
    const bad = await as(admin, { method: 'GET', url: '/api/users?state=borrado' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('El estado debe ser pendiente, activo o deshabilitado');
  });

  it('refuses a client code another account has, ignoring case, naming that account', async () => {
    const db = t.database.db;
    const first = await createUser(db, { username: 'codigo.uno' });
    const second = await createUser(db, { username: 'codigo.dos', isApproved: false });
    expect(
      (await as(admin, { method: 'PATCH', url: `/api/users/${first.id}/client-code`, payload: { clientCode: 'C-555' } })).statusCode,
    ).toBe(200);
    // The same account may keep its own code.
    expect((await as(admin, { method: 'PATCH', url: `/api/users/${first.id}`, payload: { clientCode: 'C-555' } })).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['PATCH', `/api/users/${second.id}/client-code`, { clientCode: 'c-555' }],
      ['PATCH', `/api/users/${second.id}`, { clientCode: 'C-555' }],
      ['PATCH', `/api/users/${second.id}/approve`, { clientCode: 'C-555' }],
    ] as const) {
      const response = await as(admin, { method, url, payload });
      expect(response.statusCode, url).toBe(409);
      expect(response.json().error.message).toMatch(/^El código de cliente c?C?-555 ya está asignado al usuario codigo\.uno$/i);
    }
    const [row] = await db.select().from(users).where(eq(users.id, second.id));
    expect(row).toMatchObject({ clientCode: null, isApproved: false });
  });

  it('exports the filtered users list as a spreadsheet', async () => {
    const db = t.database.db;
    const formula = await createUser(db, { username: 'planilla.uno' });
    await db.update(users).set({ fullName: '=HYPERLINK("http://x")', company: 'Planillas SA' }).where(eq(users.id, formula.id));
    const disabled = await createUser(db, { username: 'planilla.baja' });
    await as(admin, { method: 'PATCH', url: `/api/users/${disabled.id}/disabled`, payload: { disabled: true } });

    const response = await as(admin, { method: 'GET', url: '/api/admin/users.xlsx?search=planilla' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="usuarios-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Usuarios');
    const rows = (sheet?.getSheetValues() ?? []).slice(2).map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows[0]).toEqual([...USERS_XLSX_HEADERS]);
    const byName = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(Object.keys(byName).sort()).toEqual(['planilla.baja', 'planilla.uno']);
    expect(byName['planilla.uno']?.slice(1, 8)).toEqual([
      '\'=HYPERLINK("http://x")',
      'planilla.uno@example.com',
      undefined,
      'Planillas SA',
      undefined,
      'Cliente',
      'Activo',
    ]);
    expect(byName['planilla.uno']?.[9]).toBe('Nunca');
    expect(byName['planilla.baja']?.[7]).toBe('Deshabilitado');

    const filtered = await as(admin, { method: 'GET', url: '/api/admin/users.xlsx?search=planilla&state=disabled' });
    const only = new Excel.Workbook();
    await only.xlsx.load(filtered.rawPayload as unknown as ArrayBuffer);
    expect(only.getWorksheet('Usuarios')?.rowCount).toBe(3);
  });

  it('counts what waits for staff: access requests, pending part requests and new pedidos', async () => {
    const counts = async () => (await as(admin, { method: 'GET', url: '/api/admin/counts' })).json();
    const start = await counts();
    expect(start).toEqual({ pendingUsers: expect.any(Number), pendingRequests: expect.any(Number), newOrders: expect.any(Number) });

    await createUser(t.database.db, { username: 'cuenta.pendiente', isApproved: false });
    const client = await loginCookie(t.app, await createUser(t.database.db, { username: 'cuenta.cliente' }));
    await as(client, { method: 'POST', url: '/api/part-requests', payload: { message: 'Busco junta de tapa para Fiat 128' } });
    await insertParts(t.database.db, [buildPartRecord({ codigo: 'CNT-1', precios: '10.00-10.00-10.00-10.00' })]);
    await t.catalogueChanged();
    const part = (await t.app.inject({ method: 'GET', url: '/api/parts?search=CNT-1' })).json().parts[0];
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { lines: [{ partId: part.id, quantity: 1 }], customer: { name: 'Invitado', phone: '11 5555-0000' } },
    });
    expect(order.statusCode).toBe(201);

    expect(await counts()).toEqual({
      pendingUsers: start.pendingUsers + 1,
      pendingRequests: start.pendingRequests + 1,
      newOrders: start.newOrders + 1,
    });
    const disabledPending = await idOf('cuenta.pendiente');
    await as(admin, { method: 'PATCH', url: `/api/users/${disabledPending}/disabled`, payload: { disabled: true } });
    expect((await counts()).pendingUsers).toBe(start.pendingUsers);
  });
});
