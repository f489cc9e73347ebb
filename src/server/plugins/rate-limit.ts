/**
 * Rate limits as `preHandler`s built on @fastify/rate-limit's `createRateLimit`, so several limits
 * (per IP and per account) can guard one route. Exceeding one answers 429 with `Retry-After`.
 *
 * The counters are shared by every process (issue 20): in Redis when `REDIS_URL` is set
 * (rate-limiter-flexible's RateLimiterRedis over ioredis), else on PostgreSQL in the `rate_limits`
 * table (RateLimiterPostgres); N processes allow each limit once, and a restart does not reset it.
 * On PGlite without Redis (one process) they stay in memory. While Redis or the database cannot be
 * reached, a memory limiter of the same limits stands in (its insurance), so a request never waits
 * on the counter store longer than {@link REDIS_COMMAND_TIMEOUT_MS} or the pool's bounds.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';

/**
 * Where the shared counters live: a PostgreSQL pool (its `rate_limits` table), a Redis client, or
 * `undefined` for this process's memory.
 */
export type CounterStore = pg.Pool | Redis | undefined;

/** Longest wait for one Redis command before the memory insurance answers, ms. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** Longest wait for Redis at start-up; after it the app starts anyway (insurance until Redis answers), ms. */
const REDIS_CONNECT_TIMEOUT_MS = 2000;

/**
 * Opens the Redis client of the counters (`REDIS_URL`). Commands never queue while Redis is
 * unreachable (they fail at once and the memory insurance answers); ioredis reconnects by itself.
 * Waits at most {@link REDIS_CONNECT_TIMEOUT_MS} for the first connection and never throws for an
 * unreachable Redis: the app starts on the insurance and uses Redis once it answers.
 * @param options `url` (`redis://` or `rediss://`) and `keyPrefix` prepended to every key.
 * @param warn called once per lost connection with the error.
 */
export async function openRedisCounters(options: { url: string; keyPrefix: string }, warn: (error: Error) => void): Promise<Redis> {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (!warned) warn(error);
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  const timeout = AbortSignal.timeout(REDIS_CONNECT_TIMEOUT_MS);
  await once(redis, 'ready', { signal: timeout }).catch(() => {});
  return redis;
}

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
 * Redis or PostgreSQL when `store` is one (with a memory insurance while it is unreachable), in
 * memory otherwise.
 * @param keyPrefix separates the counters of different limits in the shared store.
 * @param durationSeconds window length.
 */
export function sharedLimiter(store: CounterStore, keyPrefix: string, durationSeconds: number, points: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
  if (!store) return memory;
  if (store instanceof Redis) {
    return new RateLimiterRedis({
      storeClient: store,
      // Not connected: the insurance answers at once instead of an error.
      rejectIfRedisNotReady: true,
      keyPrefix,
      points,
      duration: durationSeconds,
      insuranceLimiter: memory,
    });
  }
  return new RateLimiterPostgres({
    storeClient: store,
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
function sharedStore(store: CounterStore) {
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
        limiter = sharedLimiter(store, this.prefix, Math.max(1, Math.ceil(timeWindow / 1000)), Number.MAX_SAFE_INTEGER);
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
 * Registers @fastify/rate-limit without a global limit (each route picks its own with
 * {@link rateLimit}) and decorates `app.counters`, the store the login throttle shares.
 * @param pool the PostgreSQL pool whose `rate_limits` table holds the counters; memory without it.
 * @param redis when set (`REDIS_URL`), the counters live in that Redis instead; its client is
 *   closed with the app.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  pool?: pg.Pool,
  redis?: { url: string; keyPrefix: string } | null,
): Promise<void> {
  let store: CounterStore = pool;
  if (redis) {
    const client = await openRedisCounters(redis, (error) =>
      app.log.warn({ err: error }, 'Redis of the rate limits unreachable: counting in memory meanwhile'),
    );
    store = client;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  app.decorate<CounterStore>('counters', store);
  await app.register(fastifyRateLimit, { global: false, store: sharedStore(store) });
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
