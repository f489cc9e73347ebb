/**
 * The audit trail (issue "ERP sync … audit"): every admin mutation writes one row in the same
 * transaction as the change, with the state before and after.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** Who made a change. */
export interface Actor {
  userId: number | null;
  username: string;
}

/** The actor of a request (admin routes only run for signed-in admins). */
export function actorOf(request: FastifyRequest): Actor {
  return { userId: request.viewer.userId ?? null, username: request.viewer.username ?? 'sistema' };
}

export interface AuditEntry {
  /** Dotted verb, e.g. `user.approve`, `profile.price_list`, `carousel.publish`. */
  action: string;
  /** Kind of thing changed: `user`, `part`, `profile`, `category`, `carousel`, `relation`, `part_request`, `catalogue`. */
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row with the caller's executor (inside its transaction). */
export async function recordAudit(db: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.userId,
    actorUsername: actor.username,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Audit rows, newest first, optionally of one entity. */
export async function listAudit(db: Executor, filter: { entity?: string | undefined; entityId?: string | undefined; limit: number }) {
  const conditions = [];
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
