/**
 * Contract of the system endpoints the server answers for probes and operators (docs/product.md
 * §12 "System", §15.3): health, liveness and readiness. The web app never reads them.
 */
import * as z from 'zod/mini';
import { int } from './int.ts';

/** `GET /api/health`: the database answers; `parts` counts the active parts. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  parts: int(),
});
/** `GET /api/health` while the database does not answer (503). */
export const healthDownSchema = z.object({
  status: z.literal('unavailable'),
  database: z.enum(['pglite', 'postgres']),
  message: z.string(),
});
/** `GET /api/health/live`: the process answers. */
export const healthLiveSchema = z.object({ status: z.literal('ok') });
/** `GET /api/health/ready`: 200 `ready`, or 503 while draining or while the database does not answer. */
export const healthReadySchema = z.object({
  status: z.enum(['ready', 'draining', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});
