/**
 * The composition root: `buildApp({ database, config })` wires the plugins and the module routes.
 * It never listens (docs/architecture.md); tests drive it with `app.inject()`, only main.ts opens
 * a port. Order matters: the drain check and security headers come first, then body and cookie
 * handling, then the viewer, then routes, then static files and the fallback.
 */
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { adminCountRoutes } from './modules/admin-counts/routes.ts';
import { createMailer, type Mailer } from './modules/auth/mail.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { registerSecurity } from './modules/auth/security.ts';
import { registerCatalogueCache } from './modules/catalogue/cache.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { exportRoutes } from './modules/export/routes.ts';
import { photoRoutes } from './modules/images/routes.ts';
import { importRoutes } from './modules/import/routes.ts';
import { importMappingRoutes } from './modules/import-mappings/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { partRequestRoutes } from './modules/part-requests/routes.ts';
import { type JobSlot, registerJobSlot } from './modules/sync/jobs.ts';
import { registerScheduledSync } from './modules/sync/schedule.ts';
import { priceRoutes } from './modules/prices/routes.ts';
import { printRoutes } from './modules/print/routes.ts';
import { synonymRoutes } from './modules/search/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerDrain } from './plugins/drain.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { registerSafeText } from './plugins/safe-text.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { serverOptions } from './plugins/server-options.ts';
import { registerStaticFiles } from './plugins/static-files.ts';
import { systemRoutes } from './plugins/system-routes.ts';
import { registerZod } from './plugins/zod.ts';

export interface BuildOptions {
  database: Database;
  config: Config;
  /** Fastify logger; off in tests. */
  logger?: boolean;
  /** Outgoing mail; defaults to SMTP_URL or the development logger. */
  mailer?: Mailer;
  /** The import/sync job slot; tests pass one to wait on it. */
  jobs?: JobSlot;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { database, config } = options;
  const app = Fastify(serverOptions(config, options.logger)).withTypeProvider<ZodTypeProvider>();
  registerRouteTable(app);
  registerDrain(app);
  registerZod(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  await registerCompression(app);
  await app.register(fastifyCookie);
  await registerOpenApi(app, config);

  await registerRateLimit(app, database.pool, config.redis);
  registerSafeText(app);
  registerSecurity(app, database.db, config);

  const cache = await registerCatalogueCache(app, database, config);
  const ctx: AppContext = { db: database.db, database, config, cache };
  const jobs = registerJobSlot(app, database, () => cache.markDirty(), options.jobs);

  await app.register(systemRoutes(ctx));
  await app.register(catalogueRoutes(ctx));
  await app.register(synonymRoutes(ctx));
  // One mail adapter for every notice (docs/product.md §15.1, SMTP_URL).
  const mailer = options.mailer ?? createMailer(config, app.log);
  await app.register(authRoutes(ctx, mailer));
  await app.register(userRoutes(ctx, mailer));
  await app.register(partRequestRoutes(ctx, mailer));
  await app.register(adminCountRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(priceRoutes(ctx));
  await app.register(photoRoutes(ctx));
  await app.register(exportRoutes(ctx));
  await app.register(orderRoutes(ctx, mailer));
  await app.register(syncRoutes(ctx, jobs));
  await app.register(importRoutes(ctx));
  await app.register(importMappingRoutes(ctx));
  await app.register(printRoutes(ctx));
  await app.register(seoRoutes(ctx));
  await registerStaticFiles(app, config);
  registerScheduledSync(app, { ctx, jobs, mailer });
  return app;
}
