/** Idempotent writes (issue 20) through the part-request route, on PGlite and on PostgreSQL. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type TestApp, buildTestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { createUser, loginCookie } from '../../test/factories.ts';

describe.each(testEngines())('Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let other: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cookie = await loginCookie(t.app, await createUser(t.database.db));
    other = await loginCookie(t.app, await createUser(t.database.db));
  });
  afterAll(() => t.close());

  const send = (key: string | undefined, message: string, session = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/part-requests',
      headers: { cookie: session, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { message },
    });
  const stored = async (message: string) =>
    Number(
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from part_requests where message = ${message}`))[0]?.n,
    );

  it('stores a retried request once and answers it the same', async () => {
    const first = await send('clave-1', 'Bomba de agua Gol');
    const retry = await send('clave-1', 'Bomba de agua Gol');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored('Bomba de agua Gol')).toBe(1);
  });

  it('stores retries that arrive together once', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => send('clave-junta', 'Junta de tapa')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await stored('Junta de tapa')).toBe(1);
  });

  it('refuses the key with another body, keeps keys per account, and writes each request without one', async () => {
    await send('clave-2', 'Filtro de aceite');
    const changed = await send('clave-2', 'Otra cosa');
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('CONFLICT');
    expect((await send('clave-2', 'Filtro de aceite', other)).statusCode).toBe(201);
    expect(await stored('Filtro de aceite')).toBe(2);
    await send(undefined, 'Sin clave');
    await send(undefined, 'Sin clave');
    expect(await stored('Sin clave')).toBe(2);
    expect((await send('con espacios', 'x')).statusCode).toBe(400);
  });
});
