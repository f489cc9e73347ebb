/**
 * User administration (docs/product.md §10.2 "Gestión de Usuarios"): list, create, approve, edit
 * and delete accounts. Every change writes its audit row (only the fields it changed, before and
 * after) in the same transaction. A change of type or approval takes effect on the user's next
 * request, because every request reads the account behind its session.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { UserUpdateBody } from '../../../shared/admin.ts';
import type { AdminUser } from '../../../shared/auth.ts';
import type { Db } from '../../db/client.ts';
import { uniqueViolation, uniqueViolationMessage } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { hashNewPassword } from '../auth/password.ts';
import { deleteUserSessions } from '../auth/sessions.ts';

type UserRow = typeof users.$inferSelect;
type UserChanges = Partial<typeof users.$inferInsert>;

/** Whitelists a user row: the password hash never leaves the server. */
export function presentUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    username: u.username,
    fullName: u.fullName,
    email: u.email,
    phone: u.phone,
    company: u.company,
    clientCode: u.clientCode,
    profileType: u.profileType,
    isApproved: u.isApproved,
    createdAt: u.createdAt.toISOString(),
  };
}

/** Every account, newest first. */
export async function listUsers(db: Db): Promise<AdminUser[]> {
  return (await db.select().from(users).orderBy(desc(users.createdAt), desc(users.id))).map(presentUser);
}

/** Accounts waiting for approval, newest first. */
export async function listPendingUsers(db: Db): Promise<AdminUser[]> {
  return (await db.select().from(users).where(eq(users.isApproved, false)).orderBy(desc(users.createdAt))).map(presentUser);
}

/**
 * One account.
 * @throws AppError NOT_FOUND "Usuario no encontrado".
 */
async function findUser(db: Db, id: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
  return user;
}

/**
 * Applies `set` to a user and writes its audit row (`action`, the changed fields before and after)
 * in the same transaction.
 * @throws AppError NOT_FOUND "Usuario no encontrado"; CONFLICT with the clashing rule's text when the
 *   new username or e-mail belongs to another account (db/errors.ts).
 */
async function saveUser(db: Db, actor: Actor, action: string, id: number, set: UserChanges): Promise<AdminUser> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id));
      if (!before) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
      const [updated] = await tx
        .update(users)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      const after = presentUser(updated as UserRow);
      const previous = presentUser(before);
      const changed = Object.keys(set).filter((k) => k in after) as (keyof typeof after)[];
      await recordAudit(tx, actor, {
        action,
        entity: 'user',
        entityId: id,
        before: Object.fromEntries(changed.map((k) => [k, previous[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      });
      return after;
    });
  } catch (error) {
    // A name or address already in use by another account: the error handler answers 409 with
    // the constraint's own text (db/errors.ts).
    const constraint = uniqueViolation(error);
    if (constraint !== null) throw new AppError('CONFLICT', uniqueViolationMessage(constraint));
    throw error;
  }
}

/**
 * Creates an approved account (audited).
 * @throws AppError CONFLICT "Ya existe un usuario con ese nombre" (names compare ignoring case).
 */
export async function createUser(
  db: Db,
  actor: Actor,
  input: { username: string; password: string; profileType: 'client' | 'distributor' },
): Promise<AdminUser> {
  const { username, password, profileType } = input;
  const [existing] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  if (existing) throw new AppError('CONFLICT', 'Ya existe un usuario con ese nombre');
  const passwordHash = await hashNewPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values({ username, passwordHash, profileType, isApproved: true }).returning();
    const user = presentUser(row as UserRow);
    await recordAudit(tx, actor, { action: 'user.create', entity: 'user', entityId: user.id, before: null, after: user });
    return user;
  });
}

/**
 * Approves an account, setting its client code when one is given (blank codes are ignored).
 * @throws AppError NOT_FOUND.
 */
export async function approveUser(db: Db, actor: Actor, id: number, clientCode?: string | null): Promise<AdminUser> {
  const code = clientCode?.trim();
  return saveUser(db, actor, 'user.approve', id, { isApproved: true, ...(code ? { clientCode: code } : {}) });
}

/**
 * Sets or clears (blank or null) an account's client code.
 * @throws AppError NOT_FOUND.
 */
export async function setClientCode(db: Db, actor: Actor, id: number, clientCode: string | null | undefined): Promise<AdminUser> {
  return saveUser(db, actor, 'user.client_code', id, { clientCode: clientCode?.trim() || null });
}

/**
 * Makes an account a client or a distributor.
 * @throws AppError NOT_FOUND; VALIDATION "No se puede cambiar el tipo de un administrador".
 */
export async function setUserType(db: Db, actor: Actor, id: number, profileType: 'client' | 'distributor'): Promise<AdminUser> {
  const user = await findUser(db, id);
  if (user.profileType === 'admin') throw new AppError('VALIDATION', 'No se puede cambiar el tipo de un administrador');
  return saveUser(db, actor, 'user.type', user.id, { profileType });
}

/**
 * Changes the given fields of an account; an empty text clears a field.
 * @throws AppError NOT_FOUND; VALIDATION when changing an admin's type; CONFLICT on a taken name.
 */
export async function updateUser(db: Db, actor: Actor, id: number, changes: UserUpdateBody): Promise<AdminUser> {
  const user = await findUser(db, id);
  const b = changes;
  if (b.profileType && user.profileType === 'admin') {
    throw new AppError('VALIDATION', 'No se puede cambiar el tipo de un administrador');
  }
  const set: UserChanges = {};
  if (b.username !== undefined) set.username = b.username;
  if (b.fullName !== undefined) set.fullName = b.fullName || null;
  if (b.email !== undefined) set.email = b.email || null;
  if (b.phone !== undefined) set.phone = b.phone || null;
  if (b.company !== undefined) set.company = b.company || null;
  if (b.clientCode !== undefined) set.clientCode = b.clientCode || null;
  if (b.profileType !== undefined) set.profileType = b.profileType;
  return saveUser(db, actor, 'user.update', user.id, set);
}

/**
 * Deletes an account and its sessions (audited, with the account as its state before).
 * @param selfId the acting admin's own id: an admin cannot delete their own account.
 * @throws AppError NOT_FOUND; VALIDATION "No puede eliminar su propio usuario".
 */
export async function deleteUser(db: Db, actor: Actor, id: number, selfId: number | undefined): Promise<void> {
  const user = await findUser(db, id);
  if (user.id === selfId) throw new AppError('VALIDATION', 'No puede eliminar su propio usuario');
  await db.transaction(async (tx) => {
    await deleteUserSessions(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, actor, {
      action: 'user.delete',
      entity: 'user',
      entityId: user.id,
      before: presentUser(user),
      after: null,
    });
  });
}
