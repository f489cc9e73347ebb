/**
 * Rate limits as `preHandler`s built on @fastify/rate-limit's `createRateLimit`, so several limits
 * (per IP and per account) can guard one route. Exceeding one answers 429 with `Retry-After`.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export interface LimitOptions {
  /** Requests allowed per window. */
  max: number;
  /** Window length, ms. */
  timeWindow: number;
  /** Bucket key; defaults to the client IP (only trusted proxies may set it). */
  keyGenerator?: (request: FastifyRequest) => string;
}

/** Registers @fastify/rate-limit without a global limit: each route picks its own with {@link rateLimit}. */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, { global: false });
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
