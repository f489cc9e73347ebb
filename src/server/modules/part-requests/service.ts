/**
 * Part requests / feedback ("Dejanos tu comentario"; docs/product.md §8): signed-in users send
 * them, admins list them (with the sender's contact data, filtered by status), set their status
 * and delete them. Every admin change writes its audit row in the same transaction.
 */
import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { PartRequestStatus } from '../../../shared/admin.ts';
import type { AdminPartRequest } from '../../../shared/admin-users.ts';
import type { Db, Executor } from '../../db/client.ts';
import { partRequests, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { AccountContact } from '../auth/notices.ts';

type Row = typeof partRequests.$inferSelect;

/** A part request as the API answers its sender (`partRequestSchema`). */
export interface PartRequestBody {
  id: number;
  username: string;
  message: string;
  status: PartRequestStatus;
  /** ISO 8601. */
  createdAt: string;
}

/** Whitelists a row (the sender's user id stays on the server). */
function present(r: Row): PartRequestBody {
  return { id: r.id, username: r.username, message: r.message, status: r.status, createdAt: r.createdAt.toISOString() };
}

/**
 * Stores a request from a signed-in user; the username comes from the session, never from the body.
 * @param sender the viewer's user id and username.
 */
export async function createPartRequest(
  db: Executor,
  sender: { userId?: number | undefined; username?: string | undefined },
  message: string,
): Promise<PartRequestBody> {
  const [row] = await db
    .insert(partRequests)
    .values({ userId: sender.userId ?? null, username: sender.username ?? '', message })
    .returning();
  return present(row as Row);
}

/** The contact data of a sender's account, for the staff notice; null when the account is gone. */
export async function senderContact(db: Executor, userId: number): Promise<(AccountContact & { clientCode: string | null }) | null> {
  const [row] = await db
    .select({
      username: users.username,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      company: users.company,
      clientCode: users.clientCode,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Every request (or those of one status), newest first, with the sender's name, company, phone and e-mail. */
export async function listPartRequests(db: Db, filter: { status?: PartRequestStatus | undefined } = {}): Promise<AdminPartRequest[]> {
  const conditions: SQL[] = filter.status ? [eq(partRequests.status, filter.status)] : [];
  const rows = await db
    .select({
      request: partRequests,
      fullName: users.fullName,
      company: users.company,
      phone: users.phone,
      email: users.email,
    })
    .from(partRequests)
    .leftJoin(users, eq(users.id, partRequests.userId))
    .where(and(...conditions))
    .orderBy(desc(partRequests.createdAt), desc(partRequests.id));
  return rows.map((r) => ({ ...present(r.request), fullName: r.fullName, company: r.company, phone: r.phone, email: r.email }));
}

/** How many requests are still "Pendiente" (the "Solicitudes" tab's badge). */
export async function countPendingRequests(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(partRequests).where(eq(partRequests.status, 'pending'));
  return Number(row?.n ?? 0);
}

/**
 * Sets a request's status (audited).
 * @throws AppError NOT_FOUND "Solicitud no encontrada".
 */
export async function setPartRequestStatus(db: Db, actor: Actor, id: number, status: PartRequestStatus): Promise<PartRequestBody> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(partRequests).where(eq(partRequests.id, id));
    if (!before) throw new AppError('NOT_FOUND', 'Solicitud no encontrada');
    const [row] = await tx.update(partRequests).set({ status }).where(eq(partRequests.id, id)).returning();
    await recordAudit(tx, actor, {
      action: 'part_request.status',
      entity: 'part_request',
      entityId: before.id,
      before: { status: before.status },
      after: { status },
    });
    return present(row as Row);
  });
}

/**
 * Deletes a request (audited, with the deleted request as its state before).
 * @throws AppError NOT_FOUND "Solicitud no encontrada".
 */
export async function deletePartRequest(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(partRequests).where(eq(partRequests.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', 'Solicitud no encontrada');
    await recordAudit(tx, actor, {
      action: 'part_request.delete',
      entity: 'part_request',
      entityId: row.id,
      before: present(row),
      after: null,
    });
  });
}
