import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '../../../shared/auth.ts';
import { PHONE_TEXTS } from '../../../shared/phone.ts';
import { passwordResetTokens, sessions, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { createUser, loginCookie } from '../../test/factories.ts';
import type { MailMessage } from './mail.ts';

describe.each(testEngines())('accounts and sessions on %s', (engine) => {
  let t: TestApp;
  const mails: MailMessage[] = [];
  const inject = (options: InjectOptions) => t.app.inject(options);

  beforeAll(async () => {
    // DEV_RESET_TOKEN on: these tests read the reset token from the answer (the spec's development box).
    t = await buildTestApp(
      engine,
      { publicOrigin: 'https://repuestos.example.com', devResetToken: true },
      { send: async (m) => void mails.push(m) },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registration refuses a phone staff cannot call back, in Spanish, and creates nothing', async () => {
    const body = { username: 'sin.telefono', password: 'clave123', fullName: 'Ana Gómez', email: 'ana.gomez@example.com' };
    for (const phone of ['no tengo', '123', '1'.repeat(21)]) {
      const refused = await inject({ method: 'POST', url: '/api/auth/register', payload: { ...body, phone } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({ code: 'VALIDATION', message: PHONE_TEXTS.invalid });
    }
    expect(await t.database.db.select().from(users).where(eq(users.username, 'sin.telefono'))).toHaveLength(0);
    const kept = await inject({ method: 'POST', url: '/api/auth/register', payload: { ...body, phone: ' 0341 456-7890 int. 23 ' } });
    expect(kept.statusCode).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'sin.telefono'));
    expect(user?.phone).toBe('0341 456-7890 int. 23');
  });

  it('registration creates an unapproved client whatever the body says; a taken username is said, a taken e-mail is not', async () => {
    const body = {
      username: 'taller.sur',
      password: 'clave123',
      fullName: 'Taller del Sur',
      email: 'taller@example.com',
      phone: '11 5555-0000',
      company: 'Taller del Sur SRL',
      profileType: 'distributor',
      isApproved: true,
      role: 'admin',
      clientCode: 'C-999',
      priceList: 2,
    };
    const first = await inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(first.statusCode).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'taller.sur'));
    expect(user).toMatchObject({ profileType: 'client', isApproved: false, clientCode: null, company: 'Taller del Sur SRL' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const again = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, username: 'TALLER.Sur', password: 'otra-clave' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'CONFLICT', message: TEXTS.usernameTaken });
    const count = await t.database.db.select().from(users).where(sql`lower(${users.username}) = 'taller.sur'`);
    expect(count).toHaveLength(1);

    // The same address under another name, in other case: the usual answer, no account, and the
    // address's owner is told by mail with the recovery link.
    mails.length = 0;
    const sameEmail = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, username: 'otro.taller', email: 'TALLER@example.com', password: 'otra-clave' },
    });
    expect(sameEmail.statusCode).toBe(201);
    expect(sameEmail.json()).toEqual(first.json());
    await t.app.background.idle();
    expect(await t.database.db.select().from(users).where(eq(users.username, 'otro.taller'))).toHaveLength(0);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('TALLER@example.com');
    expect(mails[0]?.text).toContain('ya hay una cuenta registrada');
    expect(mails[0]?.text).toContain('https://repuestos.example.com/forgot-password');

    // A username that is another account's e-mail is treated as that e-mail: nothing is created.
    mails.length = 0;
    const nameIsEmail = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, username: 'taller@example.com', email: 'nuevo.taller@example.com', password: 'otra-clave' },
    });
    expect(nameIsEmail.statusCode).toBe(201);
    await t.app.background.idle();
    expect(await t.database.db.select().from(users).where(sql`lower(${users.username}) = 'taller@example.com'`)).toHaveLength(0);
    expect(mails.map((m) => m.to)).toEqual(['taller@example.com']);
  });

  it('refuses common passwords on registration, password change, reset and admin-created users', async () => {
    const payload = { username: 'comun.uno', fullName: 'C', email: 'comun.uno@example.com' };
    for (const password of ['123456', 'password', 'QWERTY', 'aaaaaa', '11111111']) {
      const response = await inject({ method: 'POST', url: '/api/auth/register', payload: { ...payload, password } });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.message).toBe(TEXTS.passwordTooCommon);
    }
    expect(await t.database.db.select().from(users).where(eq(users.username, 'comun.uno'))).toHaveLength(0);

    const user = await createUser(t.database.db);
    const cookie = await loginCookie(t.app, user);
    const change = await inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { currentPassword: user.password, newPassword: 'qwerty123' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.message).toBe(TEXTS.passwordTooCommon);

    const token = (await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { usernameOrEmail: user.username } })).json()
      .resetToken;
    const reset = await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'iloveyou' } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.message).toBe(TEXTS.passwordTooCommon);
    // The token survives a refused password: the owner can still choose a good one.
    expect(
      (await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'bujía-de-oro-7' } })).statusCode,
    ).toBe(200);

    const admin = await createUser(t.database.db, { profileType: 'admin' });
    const adminCookie = await loginCookie(t.app, admin, 'admin');
    const created = await inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie: adminCookie },
      payload: { username: 'comun.dos', password: 'dragon', profileType: 'client' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toBe(TEXTS.passwordTooCommon);
  });

  it('keeps accounts unambiguous: unique names and e-mails ignoring case, 409 on every clash', async () => {
    const admin = await createUser(t.database.db, { profileType: 'admin' });
    const adminCookie = await loginCookie(t.app, admin, 'admin');
    const a = await createUser(t.database.db, { email: 'unico.a@example.com' });
    const b = await createUser(t.database.db, { email: 'unico.b@example.com' });
    const edit = (id: number, payload: Record<string, unknown>) =>
      inject({ method: 'PATCH', url: `/api/users/${id}`, headers: { cookie: adminCookie }, payload });

    const sameEmail = await edit(b.id, { email: 'UNICO.A@example.com' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error.code).toBe('CONFLICT');
    const sameName = await edit(b.id, { username: a.username.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    const nameIsEmail = await edit(b.id, { username: 'unico.a@example.com' });
    expect(nameIsEmail.statusCode).toBe(409);
    const named = await createUser(t.database.db, { username: 'persona@taller.com', email: 'otra.persona@example.com' });
    const emailIsName = await edit(b.id, { email: 'PERSONA@taller.com' });
    expect(emailIsName.statusCode).toBe(409);
    expect(emailIsName.json().error.message).toBe('El nombre de usuario o el email ya están en uso por otra cuenta');
    // A signed-in user's own e-mail change clashes the same way (another's e-mail, another's
    // username): 409, nothing changed.
    const cookieB = await loginCookie(t.app, b);
    const profile = (email: string) =>
      inject({ method: 'PUT', url: '/api/user/profile', headers: { cookie: cookieB }, payload: { email, currentPassword: b.password } });
    const takenByEmail = await profile('Unico.A@example.com');
    expect(takenByEmail.statusCode).toBe(409);
    expect(takenByEmail.json().error.code).toBe('CONFLICT');
    expect((await profile('persona@TALLER.com')).statusCode).toBe(409);
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, b.id));
    expect(unchanged?.email).toBe('unico.b@example.com');

    expect((await edit(named.id, { email: 'persona@taller.com' })).statusCode).toBe(200);
    const created = await inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie: adminCookie },
      payload: { username: 'UNICO.B@example.com', password: 'clave-firme-9', profileType: 'client' },
    });
    expect(created.statusCode).toBe(409);

    // Login by e-mail finds exactly that account, in any case.
    const byEmail = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'Unico.A@Example.com', password: a.password, userType: 'client' },
    });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().user.username).toBe(a.username);
  });

  it('validates registration with the spec texts', async () => {
    const short = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'nuevo', password: '123', fullName: 'N', email: 'n@example.com' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain(TEXTS.passwordTooShort);
    const badEmail = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'nuevo', password: '123456', fullName: 'N', email: 'no-es-email' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toContain('El email no es válido');
    const long = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'nuevo', password: '123456', fullName: 'N'.repeat(121), email: `${'e'.repeat(195)}@x.com` },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('El nombre admite hasta 120 caracteres');
    expect(long.json().error.message).toContain('El email admite hasta 200 caracteres');
  });

  it('a pending account is told it awaits approval only with the right password; failures are generic', async () => {
    const pending = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'taller.sur', password: 'clave123', userType: 'client' },
    });
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error.message).toBe(TEXTS.pendingApproval);
    const wrong = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'taller.sur', password: 'mala-clave', userType: 'client' },
    });
    const unknown = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nadie', password: 'mala-clave', userType: 'client' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe(TEXTS.loginFailed);
  });

  it('after approval the client logs in with a safe cookie and the session says who it is', async () => {
    const admin = await createUser(t.database.db, { profileType: 'admin' });
    const adminCookie = await loginCookie(t.app, admin, 'admin');
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'taller.sur'));
    const approve = await inject({
      method: 'PATCH',
      url: `/api/users/${user?.id}/approve`,
      headers: { cookie: adminCookie },
      payload: { clientCode: 'C-0042' },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ isApproved: true, clientCode: 'C-0042' });
    expect(approve.json()).not.toHaveProperty('passwordHash');

    const login = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'TALLER.SUR', password: 'clave123', userType: 'client' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ username: 'taller.sur', clientCode: 'C-0042', userType: 'client' });
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/portal_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    const token = /portal_session=([^;]+)/.exec(setCookie)?.[1] as string;
    const stored = await t.database.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);

    const session = await inject({ method: 'GET', url: '/api/user/session', headers: { cookie: `portal_session=${token}` } });
    expect(session.json()).toMatchObject({ isAuthenticated: true, username: 'taller.sur', userType: 'client', clientCode: 'C-0042' });
    const guest = await inject({ method: 'GET', url: '/api/user/session' });
    expect(guest.json()).toMatchObject({ isAuthenticated: false, userType: 'guest', username: null });
  });

  it('the wrong door, with the right password only, says which door to use and creates no session', async () => {
    const distributor = await createUser(t.database.db, { profileType: 'distributor' });
    const client = await createUser(t.database.db, { profileType: 'client' });
    const admin = await createUser(t.database.db, { profileType: 'admin' });
    const attempt = (username: string, password: string, userType: string) =>
      inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, userType } });
    const sessionRows = async () => (await t.database.db.select({ userId: sessions.userId }).from(sessions)).map((s) => s.userId);
    const before = await sessionRows();

    // A distributor at the client door (the start screen's "Acceso de Cliente"), by name or e-mail.
    const atClientDoor = await attempt(distributor.username, distributor.password, 'client');
    expect(atClientDoor.statusCode).toBe(403);
    expect(atClientDoor.json()).toEqual({ error: { code: 'FORBIDDEN', message: TEXTS.wrongDoorDistributor, field: 'userType' } });
    expect(atClientDoor.headers['set-cookie']).toBeUndefined();
    expect((await attempt(`${distributor.username}@example.com`, distributor.password, 'client')).json().error.field).toBe('userType');
    // A client at /distribuidores.
    const atDistributorDoor = await attempt(client.username, client.password, 'distributor');
    expect(atDistributorDoor.statusCode).toBe(403);
    expect(atDistributorDoor.json()).toEqual({ error: { code: 'FORBIDDEN', message: TEXTS.wrongDoorClient, field: 'userType' } });
    expect(atDistributorDoor.headers['set-cookie']).toBeUndefined();
    expect(await sessionRows()).toEqual(before);

    // Without the right password the wrong door is the generic failure, like an unknown user.
    const unknown = await attempt('nadie-en-ninguna-puerta', 'mala-clave', 'client');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: TEXTS.loginFailed } });
    expect((await attempt(distributor.username, 'mala-clave', 'client')).json()).toEqual(unknown.json());
    expect((await attempt(client.username, 'mala-clave', 'distributor')).json()).toEqual(unknown.json());
    // The admin door is neither pointed to nor from.
    expect((await attempt(admin.username, admin.password, 'client')).json()).toEqual(unknown.json());
    expect((await attempt(admin.username, admin.password, 'distributor')).json()).toEqual(unknown.json());
    expect((await attempt(client.username, client.password, 'admin')).json()).toEqual(unknown.json());
    expect((await attempt(distributor.username, distributor.password, 'admin')).json()).toEqual(unknown.json());
    expect(await sessionRows()).toEqual(before);

    // Each at its own door gets in.
    expect((await loginCookie(t.app, distributor, 'distributor')).length).toBeGreaterThan(20);
    expect((await loginCookie(t.app, client, 'client')).length).toBeGreaterThan(20);
  });

  it('logout ends the session server-side: the old cookie no longer works', async () => {
    const user = await createUser(t.database.db);
    const cookie = await loginCookie(t.app, user);
    const logout = await inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/portal_session=;/);
    const replay = await inject({ method: 'PUT', url: '/api/user/profile', headers: { cookie }, payload: { fullName: 'X' } });
    expect(replay.statusCode).toBe(401);
  });

  it('a login rotates the session token', async () => {
    const user = await createUser(t.database.db);
    const first = await loginCookie(t.app, user);
    const second = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first },
      payload: { username: user.username, password: user.password, userType: 'client' },
    });
    expect(second.statusCode).toBe(200);
    const replay = await inject({ method: 'GET', url: '/api/user/session', headers: { cookie: first } });
    expect(replay.json().isAuthenticated).toBe(false);
  });

  it('profile edits change name and email, ignore extra keys, and a password change needs the current one and ends old sessions', async () => {
    const user = await createUser(t.database.db);
    const cookie = await loginCookie(t.app, user);
    const noPassword = await inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { email: 'nuevo@example.com' },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.message).toBe(TEXTS.emailChangeNeedsPassword);
    // A pedido takes the customer's name from the account: the name cannot be blanked.
    const blankName = await inject({ method: 'PUT', url: '/api/user/profile', headers: { cookie }, payload: { fullName: '   ' } });
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json().error.message).toBe('El nombre es obligatorio');
    const [named] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(named?.fullName).toBe(`Usuario ${user.username}`);
    const wrongForEmail = await inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { email: 'nuevo@example.com', currentPassword: 'no-es-esta' },
    });
    expect(wrongForEmail.statusCode).toBe(400);
    expect(wrongForEmail.json().error.message).toBe('La contraseña actual es incorrecta');
    // The same address in another case is no change and needs no password.
    const sameEmail = await inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { email: `${user.username.toUpperCase()}@EXAMPLE.COM`, fullName: 'Mismo Email' },
    });
    expect(sameEmail.statusCode).toBe(200);
    const edit = await inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie },
      payload: {
        currentPassword: user.password,
        fullName: 'Nombre Nuevo',
        email: 'nuevo@example.com',
        profileType: 'distributor',
        isApproved: false,
        clientCode: 'HACK',
        priceList: 2,
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ fullName: 'Nombre Nuevo', email: 'nuevo@example.com', userType: 'client', clientCode: null });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ profileType: 'client', isApproved: true, clientCode: null });

    const noCurrent = await inject({ method: 'PUT', url: '/api/user/profile', headers: { cookie }, payload: { newPassword: 'nueva123' } });
    expect(noCurrent.statusCode).toBe(400);
    expect(noCurrent.json().error.message).toContain(TEXTS.currentPasswordRequired);
    const wrong = await inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { currentPassword: 'mala', newPassword: 'nueva123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('La contraseña actual es incorrecta');
    const short = await inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { currentPassword: user.password, newPassword: '123' },
    });
    expect(short.json().error.message).toContain(TEXTS.newPasswordTooShort);

    const changed = await inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { currentPassword: user.password, newPassword: 'nueva123' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.cookies.find((c) => c.name === 'portal_session');
    expect(fresh?.value).toBeTruthy();
    expect((await inject({ method: 'PUT', url: '/api/user/profile', headers: { cookie }, payload: { fullName: 'Y' } })).statusCode).toBe(
      401,
    );
    const withFresh = await inject({ method: 'GET', url: '/api/user/session', headers: { cookie: `portal_session=${fresh?.value}` } });
    expect(withFresh.json().isAuthenticated).toBe(true);
    await loginCookie(t.app, { ...user, password: 'nueva123' });
  });

  it('password reset: same answer for unknown accounts, hashed single-use tokens, link from the public origin', async () => {
    mails.length = 0;
    const user = await createUser(t.database.db, { email: 'reset@example.com' });
    const unknown = await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { usernameOrEmail: 'nadie@example.com' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: TEXTS.forgotSent });
    const known = await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { host: 'evil.example.net' },
      payload: { usernameOrEmail: 'RESET@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json().message).toBe(TEXTS.forgotSent);
    const token = known.json().resetToken as string;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    await t.app.background.idle();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('reset@example.com');
    expect(mails[0]?.text).toContain(`https://repuestos.example.com/reset-password?token=${token}`);
    expect(mails[0]?.text).not.toContain('evil.example.net');
    const stored = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);

    expect((await inject({ method: 'GET', url: `/api/auth/validate-reset-token/${token}` })).json()).toEqual({
      valid: true,
      message: 'Token válido',
    });
    expect((await inject({ method: 'GET', url: '/api/auth/validate-reset-token/nope' })).json()).toEqual({
      valid: false,
      message: TEXTS.tokenInvalid,
    });

    const cookie = await loginCookie(t.app, user);
    // Two resets race with the same token: exactly one succeeds.
    const [a, b] = await Promise.all([
      inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'elegida1' } }),
      inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'elegida2' } }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 400]);
    const loser = a?.statusCode === 400 ? a : b;
    expect(loser?.json().error.message).toBe(TEXTS.tokenInvalid);
    const winner = a?.statusCode === 200 ? 'elegida1' : 'elegida2';
    expect((await inject({ method: 'GET', url: '/api/user/session', headers: { cookie } })).json().isAuthenticated).toBe(false);
    await loginCookie(t.app, { ...user, password: winner });
    expect((await inject({ method: 'GET', url: `/api/auth/validate-reset-token/${token}` })).json().valid).toBe(false);
  });

  it('a newer reset request supersedes the older token, and tokens expire', async () => {
    const user = await createUser(t.database.db);
    const first = (await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { usernameOrEmail: user.username } })).json()
      .resetToken;
    const second = (await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { usernameOrEmail: user.username } })).json()
      .resetToken;
    expect(
      (await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: first, newPassword: 'cambio-99' } })).statusCode,
    ).toBe(400);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: second, newPassword: 'cambio-99' } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(TEXTS.tokenInvalid);
  });

  it('the development token box answers only with DEV_RESET_TOKEN, and never for an admin', async () => {
    const admin = await createUser(t.database.db, { profileType: 'admin' });
    const forAdmin = await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { usernameOrEmail: admin.username } });
    expect(forAdmin.json()).toEqual({ message: TEXTS.forgotSent });

    // A default install (production, no DEV_RESET_TOKEN): the answer never carries a token; the
    // link goes by mail after the answer, whether the account exists or not.
    // The mailer holds every message until the test opens the gate: an answer that waited for the
    // reset work would never arrive while it is closed.
    const sent: MailMessage[] = [];
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    let mailStarted = () => {};
    const started = new Promise<void>((resolve) => {
      mailStarted = resolve;
    });
    const prod = await buildTestApp(
      engine,
      { nodeEnv: 'production', devResetToken: false },
      {
        send: async (m) => {
          mailStarted();
          await gate;
          sent.push(m);
        },
      },
    );
    try {
      const user = await createUser(prod.database.db, { username: 'prod.user' });
      const ask = (usernameOrEmail: string) =>
        prod.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { usernameOrEmail } });
      let answered = false;
      const pending = ask('prod.user').then((response) => {
        answered = true;
        return response;
      });
      // The reset work (token row, mail) runs after the answer: by the time the mail is being sent
      // the answer is out, so its timing says nothing about the account.
      await started;
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBe(true);
      expect(sent).toHaveLength(0);
      const known = await pending;
      const unknown = await ask('nadie.prod');
      expect(known.json()).toEqual({ message: TEXTS.forgotSent });
      expect(unknown.json()).toEqual(known.json());
      expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
      openGate();
      await prod.app.background.idle();
      expect(sent.map((m) => m.to)).toEqual(['prod.user@example.com']);
      const tokens = await prod.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      expect(tokens).toHaveLength(1);
    } finally {
      openGate();
      await prod.close();
    }
    // Builds and migrates a second app: seconds alone, much longer on a machine shared with other runs.
  }, 180_000);

  it('refuses cross-site writes and non-JSON bodies', async () => {
    const payload = { username: 'x', password: 'y', userType: 'client' };
    const crossSite = await inject({ method: 'POST', url: '/api/auth/login', headers: { 'sec-fetch-site': 'cross-site' }, payload });
    expect(crossSite.statusCode).toBe(403);
    const foreign = await inject({ method: 'POST', url: '/api/auth/login', headers: { origin: 'https://evil.example.net' }, payload });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FORBIDDEN');
    const own = await inject({ method: 'POST', url: '/api/auth/login', headers: { origin: 'https://repuestos.example.com' }, payload });
    expect(own.statusCode).toBe(401);
    const text = await inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'username=x' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const form = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=x',
    });
    expect(form.statusCode).toBe(415);
  });

  it('part requests take the username from the session and need one', async () => {
    const user = await createUser(t.database.db);
    const cookie = await loginCookie(t.app, user);
    const guest = await inject({ method: 'POST', url: '/api/part-requests', payload: { username: 'otro', message: 'Hola' } });
    expect(guest.statusCode).toBe(401);
    const sent = await inject({
      method: 'POST',
      url: '/api/part-requests',
      headers: { cookie },
      payload: { username: 'otro', message: '  Necesito la bomba de agua del Gol  ' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ username: user.username, message: 'Necesito la bomba de agua del Gol', status: 'pending' });
    const blank = await inject({ method: 'POST', url: '/api/part-requests', headers: { cookie }, payload: { message: '   ' } });
    expect(blank.statusCode).toBe(400);
    const long = await inject({ method: 'POST', url: '/api/part-requests', headers: { cookie }, payload: { message: 'x'.repeat(501) } });
    expect(long.statusCode).toBe(400);
  });
});

// On PostgreSQL the counters live in its rate_limits table (plugins/rate-limit.ts); on PGlite in memory.
describe.each(testEngines())('rate limits on %s', (engine) => {
  it('counts only failed logins, per account and address, and never locks the owner out from elsewhere', async () => {
    const t = await buildTestApp(engine, {
      rateLimits: {
        loginPerAccount: 3,
        loginPerIp: 6,
        loginDelayStepMs: 0,
        forgotPerIp: 2,
        registerPerIp: 2,
        partRequestsPerUser: 2,
        exportsPerIp: 1,
      },
    });
    try {
      const victim = await createUser(t.database.db, { username: 'victima', email: 'victima@example.com' });
      const attempt = (username: string, password: string, remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username, password, userType: 'client' } });
      // The username and the e-mail are one account: three failures, by either, from one address.
      expect((await attempt('victima', 'mala-1', '10.0.0.1')).statusCode).toBe(401);
      expect((await attempt('VICTIMA@example.com', 'mala-2', '10.0.0.1')).statusCode).toBe(401);
      expect((await attempt('victima', 'mala-3', '10.0.0.1')).statusCode).toBe(401);
      const limited = await attempt('victima@example.com', victim.password, '10.0.0.1');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      // The owner, from another address, gets in with the right password.
      expect((await attempt('victima', victim.password, '10.0.0.2')).statusCode).toBe(200);

      // Fifteen correct logins in a row all succeed, and a success clears that address's failures on
      // the account (two failures, a success, two more: never the three that refuse).
      const owner = await createUser(t.database.db, { username: 'duenio' });
      for (let i = 0; i < 15; i++) {
        expect((await attempt('duenio', owner.password, '10.0.0.3')).statusCode).toBe(200);
        if (i === 0 || i === 7) {
          expect((await attempt('duenio', 'olvidada', '10.0.0.3')).statusCode).toBe(401);
          expect((await attempt('duenio', 'olvidada', '10.0.0.3')).statusCode).toBe(401);
        }
      }

      // The wrong door counts as a failure even with the right password: three, then that address is
      // refused for the account at either door; another address gets in at the right one.
      const wholesaler = await createUser(t.database.db, { username: 'mayorista', profileType: 'distributor' });
      for (let i = 0; i < 3; i++) expect((await attempt('mayorista', wholesaler.password, '10.0.0.6')).statusCode).toBe(403);
      expect((await attempt('mayorista', wholesaler.password, '10.0.0.6')).statusCode).toBe(429);
      const atItsDoor = (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { username: 'mayorista', password: wholesaler.password, userType: 'distributor' },
        });
      expect((await atItsDoor('10.0.0.6')).statusCode).toBe(429);
      expect((await atItsDoor('10.0.0.7')).statusCode).toBe(200);

      // Per address, whatever the account: six failures on six names, then that address is refused.
      for (let i = 0; i < 6; i++) expect((await attempt(`nadie${i}`, 'x', '10.0.0.4')).statusCode).toBe(401);
      expect((await attempt('duenio', owner.password, '10.0.0.4')).statusCode).toBe(429);
      expect((await attempt('duenio', owner.password, '10.0.0.5')).statusCode).toBe(200);

      const forgot = () => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { usernameOrEmail: 'x' } });
      await forgot();
      await forgot();
      expect((await forgot()).statusCode).toBe(429);
      const register = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { username: `r${Math.random()}`.replace('.', ''), password: 'taller-2024', fullName: 'R', email: 'r@example.com' },
        });
      await register();
      await register();
      expect((await register()).statusCode).toBe(429);
      expect((await t.app.inject({ method: 'GET', url: '/api/export/catalog.xlsx' })).statusCode).toBe(200);
      const exportLimited = await t.app.inject({ method: 'GET', url: '/api/export/catalog.xlsx' });
      expect(exportLimited.statusCode).toBe(429);
    } finally {
      await t.close();
    }
    // About fifty argon2 verifications: seconds alone, much longer on a machine shared with other runs.
  }, 180_000);
});
