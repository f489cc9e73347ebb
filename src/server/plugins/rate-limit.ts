/**
 * Rate limits as `preHandler`s built on @fastify/rate-limit's `createRateLimit`, so several limits
 * (per IP and per account) can guard one route. Exceeding one answers 429 with `Retry-After`.
 *
 * The counters are shared by every process (issue 20): on PostgreSQL they live in the
 * `rate_limits` table through rate-limiter-flexible's RateLimiterPostgres (N processes allow each
 * limit once, and a restart does not reset it); on PGlite (one process) they stay in memory. While
 * the database cannot be reached, a memory limiter of the same limits stands in (its insurance).
 */
import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';

export interface LimitOptions {
  /** Requests allowed per window. */
  max: number;
  /** Window length, ms. */
  timeWindow: number;
  /** Bucket key; defaults to the client IP (only trusted proxies may set it). */
  keyGenerator?: (request: FastifyRequest) => string;
}

/** The table of shared counters (created by the migrations). */
const TABLE = 'rate_limits';
/** Longest stored key (the table's `varchar(255)`, with room for the prefix). */
const MAX_KEY = 200;

/** A stored key: long ones (a typed account name, an IPv6 address and more) become a hash. */
export function storedKey(key: string): string {
  return key.length <= MAX_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * A counter that never refuses by itself: `points` is the limit the caller checks. Shared through
 * PostgreSQL when `pool` is given (with a memory insurance while the database is unreachable),
 * in memory otherwise.
 * @param keyPrefix separates the counters of different limits in the shared table.
 * @param durationSeconds window length.
 */
export function sharedLimiter(pool: pg.Pool | undefined, keyPrefix: string, durationSeconds: number, points: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
  if (!pool) return memory;
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: TABLE,
    tableCreated: true,
    // Expired rows are deleted hourly (an unreferenced timer).
    clearExpiredByTimeout: true,
    keyPrefix,
    points,
    duration: durationSeconds,
    insuranceLimiter: memory,
  });
}

/**
 * An @fastify/rate-limit store over {@link sharedLimiter}: each limit (`child`) gets its own key
 * prefix, numbered in registration order, which is the same in every process of one version.
 */
function sharedStore(pool: pg.Pool | undefined) {
  let children = 0;
  return class SharedStore {
    private readonly limiters = new Map<number, RateLimiterAbstract>();
    private readonly prefix: string;

    /** @param prefix the key prefix of a child; the plugin passes its options to the root store. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'frl0';
    }

    private limiter(timeWindow: number): RateLimiterAbstract {
      let limiter = this.limiters.get(timeWindow);
      if (!limiter) {
        limiter = sharedLimiter(pool, this.prefix, Math.max(1, Math.ceil(timeWindow / 1000)), Number.MAX_SAFE_INTEGER);
        this.limiters.set(timeWindow, limiter);
      }
      return limiter;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      this.limiter(timeWindow)
        .penalty(storedKey(key), 1)
        .then(
          (result) => callback(null, { current: result.consumedPoints, ttl: result.msBeforeNext }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(): SharedStore {
      return new SharedStore(`frl${++children}`);
    }
  };
}

/**
 * Registers @fastify/rate-limit without a global limit: each route picks its own with {@link rateLimit}.
 * @param pool the PostgreSQL pool whose `rate_limits` table holds the counters; memory without it.
 */
export async function registerRateLimit(app: FastifyInstance, pool?: pg.Pool): Promise<void> {
  await app.register(fastifyRateLimit, { global: false, store: sharedStore(pool) });
}

/**
 * A `preHandler` that allows `max` requests per `timeWindow` per key.
 * @throws AppError RATE_LIMITED (429, `Retry-After` set) past the limit.
 */
export function rateLimit(app: FastifyInstance, options: LimitOptions) {
  const check = app.createRateLimit(options);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw new AppError('RATE_LIMITED', 'Demasiados intentos. Intente nuevamente más tarde.');
    }
  };
}
