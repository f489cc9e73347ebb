/**
 * What every route plugin may use, and the decorations the app adds to Fastify's request and
 * instance. Modules import this file, never `app.ts`, so the composition root depends on the
 * modules and not the other way round (docs/architecture.md "Layout").
 */
import type { BackgroundTasks } from './background.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { SessionUser } from './modules/auth/sessions.ts';
import type { Viewer } from './modules/auth/viewer.ts';
import type { CatalogueCache } from './modules/catalogue/cache.ts';
import type { JobSlot } from './modules/sync/jobs.ts';
import type { CounterStore } from './plugins/rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The viewer decided from the session (a guest without one). */
    viewer: Viewer;
    /** The signed-in account behind the session cookie, or null. */
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route registered, for the route × role access matrix test. */
    routeTable: { method: string; url: string }[];
    /** The catalogue import/sync job slot of this process. */
    jobs: JobSlot;
    /** The catalogue read cache of this process. */
    catalogueCache: CatalogueCache;
    /** Where rate-limit counters live: Redis, the PostgreSQL pool, or memory (plugins/rate-limit.ts). */
    counters: CounterStore;
    /** Work that runs after an answer is sent (mail); `drain` and tests wait for it. */
    background: BackgroundTasks;
    /** True once `drain` was called: `/api/health/ready` answers 503 (plugins/drain.ts). */
    readonly draining: boolean;
    /**
     * Graceful stop, part one: reports not ready and waits for the requests in flight and the
     * background tasks (at most `timeoutMs`); the caller then closes the app and the database.
     */
    drain(timeoutMs: number): Promise<void>;
    /** Graceful stop, part two: GET and HEAD answered 503 so a passive balancer takes the process out. */
    shedReads(): void;
    /** Graceful stop, part three: resolves once no connection arrived for `quietMs` (at most `maxMs`). */
    quiet(quietMs: number, maxMs: number): Promise<void>;
  }
}

/** What route plugins receive. */
export interface AppContext {
  db: Db;
  database: Database;
  config: Config;
  /** Catalogue read cache keyed by the catalogue version. */
  cache: CatalogueCache;
}
