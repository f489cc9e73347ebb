/**
 * Account rules (docs/product.md, accounts): registration creates an unapproved client whatever the
 * body says; login succeeds only for an approved account of the requested type; password reset
 * tokens are single-use, hashed, expire after 60 minutes and are superseded by a newer request.
 * Answers never tell whether an e-mail has an account (usernames are not secret).
 */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { profileUpdateSchema, registerBodySchema } from '../../../shared/account.ts';
import { type loginBodySchema, TEXTS } from '../../../shared/auth.ts';
import type { Db, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { accountKey, type LoginThrottle } from './login-throttle.ts';
import type { AccountContact } from './notices.ts';
import { hashNewPassword, verifyPassword } from './password.ts';
import { deleteUserSessions } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

/** Reset tokens live this long, ms (60 minutes). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;

/**
 * The one account a typed name stands for: its username or its e-mail, ignoring case. Usernames and
 * e-mails are unique ignoring case and no username equals another account's e-mail (migration
 * 0008), so at most one row matches.
 */
export async function findAccount(db: Executor, usernameOrEmail: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${usernameOrEmail})`, sql`lower(${users.email}) = lower(${usernameOrEmail})`))
    .limit(1);
  return row;
}

/** What a registration did: created the access request (with the applicant's data), or found its e-mail already in use. */
export type RegisterOutcome = { kind: 'created'; applicant: AccountContact } | { kind: 'emailTaken'; email: string };

/**
 * Registers an access request: an unapproved client, whatever else the body says
 * (docs/product.md, accounts). Usernames are not secret, so a taken one is said; a taken e-mail is
 * not (the caller answers as for a new account and tells the address's owner by mail).
 * @throws AppError VALIDATION for a common password; CONFLICT {@link TEXTS.usernameTaken} for a
 *   username already in use.
 */
export async function register(db: Db, body: z.infer<typeof registerBodySchema>): Promise<RegisterOutcome> {
  const passwordHash = await hashNewPassword(body.password);
  const byName = await findAccount(db, body.username);
  // A username that is another account's e-mail is an e-mail in use: say nothing about it.
  if (byName && byName.username.toLowerCase() === body.username.toLowerCase()) throw new AppError('CONFLICT', TEXTS.usernameTaken);
  if (byName) return { kind: 'emailTaken', email: body.username };
  if (await findAccount(db, body.email)) return { kind: 'emailTaken', email: body.email };
  try {
    await db.insert(users).values({
      username: body.username,
      passwordHash,
      fullName: body.fullName,
      email: body.email,
      phone: body.phone || null,
      company: body.company || null,
      profileType: 'client',
      isApproved: false,
    });
  } catch (error) {
    // A racing registration took the name or the address between the checks and the insert.
    const constraint = uniqueViolation(error);
    if (constraint === 'users_username_key') throw new AppError('CONFLICT', TEXTS.usernameTaken);
    if (constraint) return { kind: 'emailTaken', email: body.email };
    throw error;
  }
  return {
    kind: 'created',
    applicant: {
      username: body.username,
      fullName: body.fullName,
      email: body.email,
      phone: body.phone || null,
      company: body.company || null,
    },
  };
}

/**
 * The door a client or a distributor who signed in at the other one is sent to (docs/product.md
 * §7.3), by the account's type: the message, told only once the password was verified. The admin
 * door is not pointed to, nor from.
 */
const OTHER_DOOR: Partial<Record<UserRow['profileType'], string>> = {
  client: TEXTS.wrongDoorClient,
  distributor: TEXTS.wrongDoorDistributor,
};

/**
 * Checks credentials for a login of `userType`, throttled per account and client address
 * (docs/security.md "Login throttling"). A right password clears that address's failures; a
 * successful login records its time (`lastLoginAt`, shown in the panel).
 * @param ip the client address (Fastify's `request.ip`, trusted proxies applied).
 * @throws AppError RATE_LIMITED while throttled; UNAUTHENTICATED with one generic message for an
 *   unknown user, a wrong password, or an account of another type when admin is either side;
 *   FORBIDDEN with `details.field` `userType` and the door to use for a client at the distributor
 *   door or a distributor at the client one; FORBIDDEN {@link TEXTS.accountDisabled} for a disabled
 *   account or "pendiente de aprobación". Those FORBIDDEN answers come only with the right password
 *   (docs/product.md §7.3). A login at the wrong door counts as a failure, right password or not.
 */
export async function login(db: Db, body: z.infer<typeof loginBodySchema>, throttle: LoginThrottle, ip: string): Promise<UserRow> {
  const user = await findAccount(db, body.username);
  const key = accountKey(user, body.username);
  await throttle.admit(key, ip);
  const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !ok || user.profileType !== body.userType) {
    await throttle.failed(key, ip);
    const door = user && ok && body.userType !== 'admin' ? OTHER_DOOR[user.profileType] : undefined;
    if (door) throw new AppError('FORBIDDEN', door, { field: 'userType' });
    throw new AppError('UNAUTHENTICATED', TEXTS.loginFailed);
  }
  await throttle.succeeded(key, ip);
  if (user.disabledAt) throw new AppError('FORBIDDEN', TEXTS.accountDisabled);
  if (!user.isApproved) throw new AppError('FORBIDDEN', TEXTS.pendingApproval);
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
  return user;
}

/**
 * Creates a reset token for the account named by username or email, superseding older ones.
 * @returns the token, the account's email and type, or null when no account matches (the caller
 *   answers the same either way).
 */
export async function requestPasswordReset(
  db: Db,
  usernameOrEmail: string,
): Promise<{ token: string; email: string | null; username: string; profileType: UserRow['profileType'] } | null> {
  const user = await findAccount(db, usernameOrEmail);
  if (!user) return null;
  const token = await issueResetToken(db, user.id);
  return { token, email: user.email, username: user.username, profileType: user.profileType };
}

/**
 * Creates a reset token for an account, superseding its older ones (valid
 * {@link RESET_TOKEN_TTL_MS}, single-use; only its hash is stored).
 * @param db a connection, or the caller's transaction (the writes then run in a savepoint).
 * @returns the token, to be sent in a link and never stored or logged.
 */
export async function issueResetToken(db: Executor, userId: number): Promise<string> {
  const token = newToken();
  const write = async (tx: Executor) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  };
  await db.transaction(write);
  return token;
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
 * @throws AppError VALIDATION "Token inválido o expirado", or for a common password.
 */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashNewPassword(newPassword);
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
 * Changing the e-mail needs the current password too: the address is where a reset link goes.
 * @returns true when the password changed (every session of the account was ended).
 * @throws AppError VALIDATION when the current password is missing or wrong, or the new one is
 *   common; CONFLICT when the e-mail names another account.
 */
export async function updateProfile(db: Db, userId: number, body: z.infer<typeof profileUpdateSchema>): Promise<boolean> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sesión no válida');
  const email = body.email === undefined ? undefined : body.email || null;
  const emailChanged = email !== undefined && (email ?? '').toLowerCase() !== (user.email ?? '').toLowerCase();
  if (emailChanged && !body.currentPassword) throw new AppError('VALIDATION', TEXTS.emailChangeNeedsPassword);
  if ((body.newPassword || emailChanged) && !(await verifyPassword(user.passwordHash, body.currentPassword ?? ''))) {
    throw new AppError('VALIDATION', 'La contraseña actual es incorrecta');
  }
  const passwordHash = body.newPassword ? await hashNewPassword(body.newPassword) : undefined;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...(body.fullName !== undefined ? { fullName: body.fullName || null } : {}),
        ...(email !== undefined ? { email } : {}),
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
 * @throws AppError VALIDATION when the password is a common one.
 */
export async function ensureAdmin(db: Db, username: string, password: string): Promise<'created' | 'exists'> {
  const existing = await findAccount(db, username);
  if (existing) return 'exists';
  await db.insert(users).values({
    username,
    passwordHash: await hashNewPassword(password),
    profileType: 'admin',
    isApproved: true,
    fullName: 'Administrador',
  });
  return 'created';
}
