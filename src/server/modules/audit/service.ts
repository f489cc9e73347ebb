/**
 * The audit trail (issue "ERP sync … audit"): every admin mutation writes one row in the same
 * transaction as the change, with the state before and after.
 */
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditPage, AuditQuery } from '../../../shared/admin-parts.ts';
import type { Executor } from '../../db/client.ts';
import { auditLog, parts } from '../../db/schema.ts';

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

/** Entities whose `entityId` is a part id: a part's own history covers them all. */
const PART_ENTITIES = ['part', 'relation', 'carousel'];

/** Argentina's offset (no daylight saving since 2009): the Historial's days are Buenos Aires days. */
const AR_OFFSET = '-03:00';

/** The id of the part a Historial filter names: its exact code (any case), else a number taken as its id. */
async function resolvePart(db: Executor, part: string): Promise<string | null> {
  const [row] = await db.select({ id: parts.id }).from(parts).where(sql`lower(${parts.partNumber}) = lower(${part})`).limit(1);
  if (row) return String(row.id);
  return /^\d{1,10}$/.test(part) ? String(Number(part)) : null;
}

/**
 * The relations whose related part (not the main one, which is `entityId`) is part `id`: its id is
 * in the row's JSON, `after` when added and `before` when removed, old rows and new alike. The
 * expression is the one `audit_log_related_part_idx` (migration 0028) indexes, so the filter reads
 * that index, not every relation's row.
 */
function relatedTo(id: string): SQL {
  return sql`(${auditLog.entity} = 'relation' and (coalesce(${auditLog.after}, ${auditLog.before}) ->> 'relatedPartId') = ${id})`;
}

/**
 * One page of audit rows, newest first (issue 21 item 5, `GET /api/admin/audit`): filtered by the
 * actor's username (substring, any case), kind (`entity`) and id, part (code or id: its edits,
 * carousel entries and relations, as the main part or the related one) and days `from`–`to`
 * inclusive (Argentina time).
 * @returns `{ entries, total, page, limit }`; `createdAt` as ISO 8601 UTC.
 */
export async function listAudit(db: Executor, query: AuditQuery): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(sql`${auditLog.actorUsername} ilike ${`%${escapeLike(query.actor)}%`}`);
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.part) {
    const id = await resolvePart(db, query.part);
    if (id === null) return { entries: [], total: 0, page: query.page, limit: query.limit };
    conditions.push(or(and(inArray(auditLog.entity, PART_ENTITIES), eq(auditLog.entityId, id)), relatedTo(id)) as SQL);
  }
  if (query.from) conditions.push(sql`${auditLog.createdAt} >= ${`${query.from}T00:00:00${AR_OFFSET}`}::timestamptz`);
  if (query.to) conditions.push(sql`${auditLog.createdAt} < (${`${query.to}T00:00:00${AR_OFFSET}`}::timestamptz + interval '1 day')`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(total?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
