/**
 * Idempotent writes (issue 20): a client that may retry a write (a timeout, a balancer that lost
 * the answer, a double click) sends an `Idempotency-Key` header; the first request with that key
 * stores its answer in the same transaction as its write, and any retry with the same key gets
 * that answer back (`Idempotent-Replayed: true`) without writing anything again. Any route can use
 * it (part requests today, pedidos next): {@link idempotent} around the route's transaction.
 *
 * Keys are kept per scope (the route) and per owner (the account), for {@link RETENTION_HOURS}.
 * The same key with a different body is refused (409), as is a malformed key (400).
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/** The request header (lower case, as Fastify reads it). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The answer header set on a replayed answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key is remembered, hours. */
export const RETENTION_HOURS = 24;
/** Longest key accepted, characters. */
const MAX_KEY = 200;

/** Route `headers` schema documenting the optional key (other headers pass untouched). */
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_KEY))),
});

/**
 * The request's `Idempotency-Key`, or undefined when it sent none.
 * @throws AppError VALIDATION when the key is empty, longer than 200 characters or not printable ASCII.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > MAX_KEY || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError('VALIDATION', 'El encabezado Idempotency-Key debe tener entre 1 y 200 caracteres ASCII visibles.');
  }
  return key;
}

/** An answer of an idempotent write. */
export interface IdempotentAnswer<T> {
  statusCode: number;
  body: T;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

export interface IdempotencyScope {
  /** The route, e.g. `part-request`, `order`. */
  scope: string;
  /** Whose key it is (keys of different accounts never meet), e.g. `user:12`. */
  owner: string;
  /** The request's key ({@link idempotencyKeyOf}); without one the write simply runs. */
  key: string | undefined;
  /** What identifies the request (its body): a retry must send the same. */
  request: unknown;
}

let writes = 0;

/**
 * Runs `write` in a transaction, storing its answer under the scope's key in that transaction; a
 * retry with the same key gets the stored answer and runs nothing. Two retries that arrive
 * together: the second waits for the first's commit and gets its answer.
 * @param write does the route's writes on `tx` and returns the answer (JSON-serializable body).
 * @throws AppError CONFLICT when the key was used with a different request.
 */
export async function idempotent<T>(
  db: Db,
  scope: IdempotencyScope,
  write: (tx: Executor) => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentAnswer<T>> {
  if (scope.key === undefined) return { ...(await db.transaction((tx) => write(tx))), replayed: false };
  const key = scope.key;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(scope.request ?? null))
    .digest('hex');
  const stored = async (): Promise<IdempotentAnswer<T> | null> => {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope.scope), eq(idempotencyKeys.owner, scope.owner), eq(idempotencyKeys.key, key)));
    if (!row) return null;
    if (row.fingerprint !== fingerprint) {
      throw new AppError('CONFLICT', 'Esta clave Idempotency-Key ya se usó con otra solicitud.');
    }
    return { statusCode: row.statusCode, body: row.response as T, replayed: true };
  };
  const earlier = await stored();
  if (earlier) return earlier;
  if (++writes % 200 === 0) {
    await db
      .delete(idempotencyKeys)
      .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${RETENTION_HOURS})`)
      .catch(() => {});
  }
  try {
    return await db.transaction(async (tx) => {
      const answer = await write(tx);
      await tx.insert(idempotencyKeys).values({
        scope: scope.scope,
        owner: scope.owner,
        key,
        fingerprint,
        statusCode: answer.statusCode,
        response: answer.body as object,
      });
      return { ...answer, replayed: false };
    });
  } catch (error) {
    // A concurrent request with the same key committed first: its answer is this one's too.
    if (uniqueViolation(error) === 'idempotency_keys_scope_owner_key_pk') {
      const winner = await stored();
      if (winner) return winner;
    }
    throw error;
  }
}
