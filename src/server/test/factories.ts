/** Factories for test data, written through the same import path the product uses. */
import type { Db } from '../db/client.ts';
import type { SourceRecord } from '../modules/import/parse.ts';
import { importRecords } from '../modules/import/service.ts';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/password.ts';

let sequence = 0;

/** A raw ERP record with sensible defaults; `precios` fills lists 1..n in order. */
export function buildPartRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    codigo: `TST-${String(sequence).padStart(5, '0')}`,
    descripcion: `Repuesto de prueba ${sequence}`,
    categoria1: 'Repuestos',
    categoria2: 'Motor',
    categoria3: 'Genérico',
    precios: '100.00-90.00-80.00-120.00',
    stock: 10,
    ...overrides,
  };
}

/** Imports records into `db` and returns nothing; throws when the import fails. */
export async function insertParts(db: Db, records: Record<string, unknown>[]): Promise<void> {
  const source: SourceRecord[] = records.map((values, i) => ({ row: i + 1, values }));
  await importRecords(db, source, 'records', { lowStock: 5 });
}

export interface TestUser {
  id: number;
  username: string;
  password: string;
}

/** Inserts an account directly (approved unless told otherwise). */
export async function createUser(
  db: Db,
  overrides: {
    username?: string;
    password?: string;
    profileType?: 'client' | 'distributor' | 'admin';
    isApproved?: boolean;
    email?: string;
  } = {},
): Promise<TestUser> {
  sequence += 1;
  const username = overrides.username ?? `user${sequence}`;
  const password = overrides.password ?? 'secreto123';
  const [row] = await db
    .insert(users)
    .values({
      username,
      passwordHash: await hashPassword(password),
      profileType: overrides.profileType ?? 'client',
      isApproved: overrides.isApproved ?? true,
      email: overrides.email ?? `${username}@example.com`,
      fullName: `Usuario ${username}`,
    })
    .returning({ id: users.id });
  return { id: (row as { id: number }).id, username, password };
}

/** Logs in through the API and returns the `cookie` header value of the new session. */
export async function loginCookie(
  app: FastifyInstance,
  user: TestUser,
  userType: 'client' | 'distributor' | 'admin' = 'client',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: user.username, password: user.password, userType },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  // `__Host-portal_session` when the test app's public origin is https.
  const cookie = response.cookies.find((c) => c.name === 'portal_session' || c.name === '__Host-portal_session');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}
