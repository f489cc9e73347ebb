/**
 * Server-side sessions (docs/product.md §7.4): an opaque random token in an httpOnly cookie, only
 * its SHA-256 stored. Idle and absolute expiry; rotated at login; deleted at logout and on password
 * change or reset.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

/** The session cookie's name over plain http (development, tests). */
export const SESSION_COOKIE = 'portal_session';
/** Its name when the cookie is Secure: the `__Host-` prefix binds it to this host, path / and https. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name under `config`: prefixed `__Host-` whenever the cookie is Secure. */
export function sessionCookieName(config: Pick<Config, 'cookieSecure'>): string {
  return config.cookieSecure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}
/** A session unused this long ends, ms (12 hours). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** A session ends this long after login whatever its use, ms (30 days). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is refreshed at most this often, ms. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface SessionUser {
  sessionId: number;
  userId: number;
  username: string;
  profileType: 'client' | 'distributor' | 'admin';
  fullName: string | null;
  email: string | null;
  clientCode: string | null;
}

/** Creates a session for a user and returns the cookie token (never stored in clear). */
export async function createSession(db: Executor, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
  });
  // Housekeeping: drop this user's expired sessions.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return token;
}

/**
 * The approved user behind a cookie token, or null when the token is unknown, expired (idle or
 * absolute) or its account is no longer approved or was disabled.
 */
export async function resolveSession(db: Executor, token: string): Promise<SessionUser | null> {
  const now = Date.now();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      username: users.username,
      profileType: users.profileType,
      fullName: users.fullName,
      email: users.email,
      clientCode: users.clientCode,
      isApproved: users.isApproved,
      disabledAt: users.disabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date(now))));
  if (!row?.isApproved || row.disabledAt) return null;
  if (now - row.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
  }
  const { lastSeenAt: _seen, isApproved: _approved, disabledAt: _disabled, ...user } = row;
  return user;
}

/** Deletes one session by its cookie token. */
export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user (password change or reset, account disabled or deleted). */
export async function deleteUserSessions(db: Executor, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Sets the session cookie: HttpOnly, SameSite=Lax, Path=/; Secure and `__Host-` prefixed when
 * `PUBLIC_ORIGIN` is https or `COOKIE_SECURE` is set.
 */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { httpOnly: true, sameSite: 'lax', path: '/', secure: config.cookieSecure });
}
