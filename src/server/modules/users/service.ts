/**
 * User administration (docs/product.md §10.2 "Gestión de Usuarios"): list with search and filters,
 * create, approve or reject an access request, edit, disable and enable, send a password link and
 * delete accounts. Every change writes its audit row (only the fields it changed, before and after)
 * in the same transaction. A change of type, approval or disabling takes effect on the user's next
 * request, because every request reads the account behind its session.
 */
import { and, desc, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { UserUpdateBody } from '../../../shared/admin.ts';
import type { AdminUser, UsersQuery } from '../../../shared/admin-users.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { uniqueViolation, uniqueViolationMessage } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { hashNewPassword } from '../auth/password.ts';
import { issueResetToken } from '../auth/service.ts';
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
    disabledAt: u.disabledAt?.toISOString() ?? null,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

/** Escapes LIKE wildcards (backslash is PostgreSQL's default escape). */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** WHERE of the users list's filters (docs/product.md §10.2). */
function userConditions(query: UsersQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.search) {
    // One text over every field a person is known by, ignoring case and accents.
    const pattern = `%${likeEscape(query.search)}%`;
    conditions.push(
      sql`public.portal_fold(concat_ws(' ', ${users.username}, ${users.fullName}, ${users.email}, ${users.phone}, ${users.company}, ${users.clientCode})) like public.portal_fold(${pattern})`,
    );
  }
  if (query.type) conditions.push(eq(users.profileType, query.type));
  if (query.state === 'pending') conditions.push(eq(users.isApproved, false), isNull(users.disabledAt));
  if (query.state === 'active') conditions.push(eq(users.isApproved, true), isNull(users.disabledAt));
  if (query.state === 'disabled') conditions.push(isNotNull(users.disabledAt));
  return conditions;
}

/** The accounts matching `query` (every account without filters), newest first. */
export async function listUsers(db: Db, query: UsersQuery = {}): Promise<AdminUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(...userConditions(query)))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(presentUser);
}

/** Access requests waiting for approval (not disabled), newest first. */
export async function listPendingUsers(db: Db): Promise<AdminUser[]> {
  return listUsers(db, { state: 'pending' });
}

/** How many access requests wait for approval (the "Gestión de Usuarios" tab's badge). */
export async function countPendingUsers(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(...userConditions({ state: 'pending' })));
  return Number(row?.n ?? 0);
}

/**
 * One account.
 * @throws AppError NOT_FOUND "Usuario no encontrado".
 */
async function findUser(db: Executor, id: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
  return user;
}

/** The body field of each unique rule on users, named in a 409 so the form marks it (`details.field`). */
const UNIQUE_FIELDS: Record<string, string> = {
  users_username_key: 'username',
  users_email_key: 'email',
  users_client_code_key: 'clientCode',
};

/** The 409 of a broken unique rule on users: the rule's own text and, when known, the field at fault. */
function uniqueConflict(constraint: string): AppError {
  const field = UNIQUE_FIELDS[constraint];
  return new AppError('CONFLICT', uniqueViolationMessage(constraint), field ? { field } : undefined);
}

/**
 * Refuses a client code another account already has (ignoring case), naming that account.
 * @throws AppError CONFLICT "El código de cliente … ya está asignado a …".
 */
async function assertClientCodeFree(tx: Executor, clientCode: string, exceptId: number): Promise<void> {
  const [holder] = await tx
    .select({ username: users.username })
    .from(users)
    .where(and(sql`lower(${users.clientCode}) = lower(${clientCode})`, ne(users.id, exceptId)))
    .limit(1);
  if (holder) {
    throw new AppError('CONFLICT', `El código de cliente ${clientCode} ya está asignado al usuario ${holder.username}`, {
      field: 'clientCode',
    });
  }
}

/**
 * Applies `set` to a user and writes its audit row (`action`, the changed fields before and after)
 * in the same transaction, with `also` (ending sessions) in it too.
 * @throws AppError NOT_FOUND "Usuario no encontrado"; CONFLICT when the new client code, username
 *   or e-mail belongs to another account (db/errors.ts).
 */
async function saveUser(
  db: Db,
  actor: Actor,
  action: string,
  id: number,
  set: UserChanges,
  also?: (tx: Tx, before: UserRow) => Promise<void>,
): Promise<{ before: UserRow; after: AdminUser }> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id));
      if (!before) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
      if (set.clientCode) await assertClientCodeFree(tx, set.clientCode, id);
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
      await also?.(tx, before);
      return { before, after };
    });
  } catch (error) {
    // A name, address or client code already in use by another account (a race past the check):
    // 409 with the constraint's own text (db/errors.ts).
    const constraint = uniqueViolation(error);
    if (constraint !== null) throw uniqueConflict(constraint);
    throw error;
  }
}

/** What `POST /api/admin/users` takes: the spec's three fields and, optionally, name and e-mail. */
export interface NewUser {
  username: string;
  password: string;
  profileType: 'client' | 'distributor';
  fullName?: string | undefined;
  email?: string | undefined;
}

/**
 * Creates an approved account (audited).
 * @throws AppError CONFLICT "Ya existe un usuario con ese nombre" (names compare ignoring case), or
 *   the unique rule's text for an e-mail another account has, with `field` `username` or `email`
 *   (the form marks that field); VALIDATION for a common password.
 */
export async function createUser(db: Db, actor: Actor, input: NewUser): Promise<AdminUser> {
  const { username, password, profileType } = input;
  const [existing] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  if (existing) throw new AppError('CONFLICT', 'Ya existe un usuario con ese nombre', { field: 'username' });
  const passwordHash = await hashNewPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ username, passwordHash, profileType, isApproved: true, fullName: input.fullName || null, email: input.email || null })
        .returning();
      const user = presentUser(row as UserRow);
      await recordAudit(tx, actor, { action: 'user.create', entity: 'user', entityId: user.id, before: null, after: user });
      return user;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint !== null) throw uniqueConflict(constraint);
    throw error;
  }
}

/**
 * Approves an account, setting its client code when one is given (blank codes are ignored).
 * @returns the account, and whether it was waiting for approval (then the applicant is told).
 * @throws AppError NOT_FOUND; CONFLICT for a client code another account has.
 */
export async function approveUser(
  db: Db,
  actor: Actor,
  id: number,
  clientCode?: string | null,
): Promise<{ user: AdminUser; wasPending: boolean }> {
  const code = clientCode?.trim();
  const { before, after } = await saveUser(db, actor, 'user.approve', id, { isApproved: true, ...(code ? { clientCode: code } : {}) });
  return { user: after, wasPending: !before.isApproved };
}

/**
 * Refuses an access request: the unapproved account is removed (its username and e-mail may ask
 * again) and the audit row keeps it with the reason.
 * @returns the refused account, for the mail that tells the applicant.
 * @throws AppError NOT_FOUND; VALIDATION "Solo se puede rechazar una solicitud pendiente" for an
 *   approved account (disable it instead).
 */
export async function rejectUser(db: Db, actor: Actor, id: number, reason: string): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, id);
    if (user.isApproved) {
      throw new AppError('VALIDATION', 'Solo se puede rechazar una solicitud pendiente; para impedir el ingreso, deshabilite al usuario');
    }
    await deleteUserSessions(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
    const rejected = presentUser(user);
    await recordAudit(tx, actor, { action: 'user.reject', entity: 'user', entityId: user.id, before: rejected, after: { reason } });
    return rejected;
  });
}

/**
 * Sets or clears (blank or null) an account's client code.
 * @throws AppError NOT_FOUND; CONFLICT for a code another account has.
 */
export async function setClientCode(db: Db, actor: Actor, id: number, clientCode: string | null | undefined): Promise<AdminUser> {
  return (await saveUser(db, actor, 'user.client_code', id, { clientCode: clientCode?.trim() || null })).after;
}

/**
 * Makes an account a client or a distributor.
 * @throws AppError NOT_FOUND; VALIDATION "No se puede cambiar el tipo de un administrador".
 */
export async function setUserType(db: Db, actor: Actor, id: number, profileType: 'client' | 'distributor'): Promise<AdminUser> {
  const user = await findUser(db, id);
  if (user.profileType === 'admin') throw new AppError('VALIDATION', 'No se puede cambiar el tipo de un administrador');
  return (await saveUser(db, actor, 'user.type', user.id, { profileType })).after;
}

/**
 * Changes the given fields of an account; an empty text clears a field.
 * @throws AppError NOT_FOUND; VALIDATION when changing an admin's type; CONFLICT on a taken name,
 *   e-mail or client code.
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
  return (await saveUser(db, actor, 'user.update', user.id, set)).after;
}

/**
 * Disables an account (it cannot log in and every session of it ends at once) or enables it again;
 * the account, its pedidos and its history stay (docs/product.md §10.2). Disabling twice keeps the
 * first time.
 * @param selfId the acting admin's own id: an admin cannot disable their own account.
 * @throws AppError NOT_FOUND; VALIDATION "No puede deshabilitar su propio usuario".
 */
export async function setUserDisabled(db: Db, actor: Actor, id: number, disabled: boolean, selfId: number | undefined): Promise<AdminUser> {
  const user = await findUser(db, id);
  if (disabled && user.id === selfId) throw new AppError('VALIDATION', 'No puede deshabilitar su propio usuario');
  if (disabled === (user.disabledAt !== null)) return presentUser(user);
  if (!disabled) return (await saveUser(db, actor, 'user.enable', user.id, { disabledAt: null })).after;
  return (await saveUser(db, actor, 'user.disable', user.id, { disabledAt: new Date() }, (tx) => deleteUserSessions(tx, user.id))).after;
}

/**
 * Issues a password link for an account (the panel's "Enviar enlace de contraseña"): a reset token
 * valid 60 minutes, superseding older ones (docs/product.md §7.6). Audited without the token.
 * @returns the token and where to send it.
 * @throws AppError NOT_FOUND; VALIDATION when the account has no e-mail, is disabled or waits for approval.
 */
export async function issuePasswordLink(db: Db, actor: Actor, id: number): Promise<{ token: string; email: string; username: string }> {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, id);
    if (!user.email) throw new AppError('VALIDATION', `${user.username} no tiene email: agréguelo con "Editar" antes de enviar el enlace`);
    if (user.disabledAt) throw new AppError('VALIDATION', `${user.username} está deshabilitado: habilítelo antes de enviar el enlace`);
    if (!user.isApproved) throw new AppError('VALIDATION', `${user.username} todavía no fue aprobado`);
    const token = await issueResetToken(tx, user.id);
    await recordAudit(tx, actor, {
      action: 'user.password_link',
      entity: 'user',
      entityId: user.id,
      before: null,
      after: { email: user.email },
    });
    return { token, email: user.email, username: user.username };
  });
}

/**
 * Deletes an account and its sessions (audited, with the account as its state before). The spec
 * keeps delete (docs/product.md §10.2); the panel offers disabling first.
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
