/**
 * Account rules (spec sections 4, 5, 7; DESIGN.md "Roles"): registration creates an unapproved
 * client whatever the body says; login succeeds only for an approved account of the requested
 * type; password reset tokens are single-use, hashed, expire after 60 minutes and are superseded by
 * a newer request. Answers never tell whether an account exists.
 */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { TEXTS, type loginBodySchema, type profileUpdateSchema, type registerBodySchema } from '../../../shared/auth.ts';
import type { Db, Executor } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { deleteUserSessions } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

/** Reset tokens live this long, ms (60 minutes). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;

async function findByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

/**
 * Registers an access request: an unapproved client. An existing username gets the same answer
 * and changes nothing (no account enumeration).
 */
export async function register(db: Db, body: z.infer<typeof registerBodySchema>): Promise<void> {
  const existing = await findByUsername(db, body.username);
  const passwordHash = await hashPassword(body.password);
  if (existing) return;
  await db
    .insert(users)
    .values({
      username: body.username,
      passwordHash,
      fullName: body.fullName,
      email: body.email,
      phone: body.phone || null,
      company: body.company || null,
      profileType: 'client',
      isApproved: false,
    })
    .onConflictDoNothing();
}

/**
 * Checks credentials for a login of `userType`.
 * @throws AppError UNAUTHENTICATED with one generic message for an unknown user, a wrong password
 *   or another account type; FORBIDDEN "pendiente de aprobación" only when the password is right.
 */
export async function login(db: Db, body: z.infer<typeof loginBodySchema>): Promise<UserRow> {
  const user =
    (await findByUsername(db, body.username)) ??
    (body.username.includes('@')
      ? (await db.select().from(users).where(sql`lower(${users.email}) = lower(${body.username})`))[0]
      : undefined);
  const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !ok || user.profileType !== body.userType) throw new AppError('UNAUTHENTICATED', TEXTS.loginFailed);
  if (!user.isApproved) throw new AppError('FORBIDDEN', TEXTS.pendingApproval);
  return user;
}

/**
 * Creates a reset token for the account named by username or email, superseding older ones.
 * @returns the token and the account's email, or null when no account matches (the caller answers
 *   the same either way).
 */
export async function requestPasswordReset(
  db: Db,
  usernameOrEmail: string,
): Promise<{ token: string; email: string | null; username: string } | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${usernameOrEmail})`, sql`lower(${users.email}) = lower(${usernameOrEmail})`))
    .limit(1);
  if (!user) return null;
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  });
  return { token, email: user.email, username: user.username };
}

/** True when a reset token exists, is unused and has not expired. */
export async function isResetTokenValid(db: Executor, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return !!row;
}

/**
 * Sets a new password with a reset token and ends every session of the account. The token is
 * consumed by one conditional UPDATE, so of two racing resets exactly one succeeds.
 * @throws AppError VALIDATION "Token inválido o expirado".
 */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!consumed) throw new AppError('VALIDATION', TEXTS.tokenInvalid);
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, consumed.userId));
    await deleteUserSessions(tx, consumed.userId);
  });
}

/**
 * Updates the caller's full name and email and, with the right current password, the password.
 * @returns true when the password changed (every session of the account was ended).
 * @throws AppError VALIDATION when the current password is wrong.
 */
export async function updateProfile(db: Db, userId: number, body: z.infer<typeof profileUpdateSchema>): Promise<boolean> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sesión no válida');
  let passwordHash: string | undefined;
  if (body.newPassword) {
    if (!(await verifyPassword(user.passwordHash, body.currentPassword ?? ''))) {
      throw new AppError('VALIDATION', 'La contraseña actual es incorrecta');
    }
    passwordHash = await hashPassword(body.newPassword);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...(body.fullName !== undefined ? { fullName: body.fullName || null } : {}),
        ...(body.email !== undefined ? { email: body.email || null } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    if (passwordHash) await deleteUserSessions(tx, userId);
  });
  return !!passwordHash;
}

/**
 * Creates or refreshes the bootstrap admin from `ADMIN_USERNAME`/`ADMIN_PASSWORD` when missing.
 * An existing account keeps its password.
 */
export async function ensureAdmin(db: Db, username: string, password: string): Promise<'created' | 'exists'> {
  const existing = await findByUsername(db, username);
  if (existing) return 'exists';
  await db.insert(users).values({
    username,
    passwordHash: await hashPassword(password),
    profileType: 'admin',
    isApproved: true,
    fullName: 'Administrador',
  });
  return 'created';
}
