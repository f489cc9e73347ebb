/**
 * Part requests / feedback ("Dejanos tu comentario"; spec 7): signed-in users send them, admins
 * list them, set their status and delete them. Every admin change writes its audit row in the same
 * transaction.
 */
import { desc, eq } from 'drizzle-orm';
import type { PartRequestStatus } from '../../../shared/admin.ts';
import type { Db, Executor } from '../../db/client.ts';
import { partRequests } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';

type Row = typeof partRequests.$inferSelect;

/** A part request as the API answers it (`partRequestSchema`). */
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

/** Every request, newest first. */
export async function listPartRequests(db: Db): Promise<PartRequestBody[]> {
  return (await db.select().from(partRequests).orderBy(desc(partRequests.createdAt), desc(partRequests.id))).map(present);
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
