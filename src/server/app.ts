/** The composition root (docs/architecture.md "Layout"): the plugins and every module's routes, in order. */
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { checkBuffers } from './db/buffers.ts';
import type { Database } from './db/client.ts';
import * as modules from './modules/index.ts';
import * as plugins from './plugins/index.ts';

/** `logger`: Fastify's request log, off in tests; `mailer`: SMTP_URL's or the development log's by default; `jobs`: tests pass one. */
export interface BuildOptions {
  database: Database;
  config: Config;
  logger?: boolean;
  mailer?: modules.Mailer;
  jobs?: modules.JobSlot;
}

/**
 * Builds the app in order: the drain check and security headers, bodies and cookies, the viewer, the
 * routes, then static files and the SPA fallback. It never listens: tests drive it with `app.inject()`,
 * only main.ts opens a port.
 */
export async function buildApp({ database, config, ...options }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify(plugins.serverOptions(config, options.logger));
  plugins.registerRouteTable(app);
  plugins.registerDrain(app);
  plugins.registerZod(app);
  plugins.registerErrorHandler(app);
  plugins.registerSecurityHeaders(app, config);
  await plugins.registerCompression(app);
  await app.register(fastifyCookie);
  await plugins.registerOpenApi(app, config);
  await plugins.registerRateLimit(app, database.pool, config.redis);
  plugins.registerSafeText(app);
  modules.registerSecurity(app, database.db, config);
  const cache = await modules.registerCatalogueCache(app, database, config);
  const ctx = { db: database.db, database, config, cache };
  const jobs = modules.registerJobSlot(
    app,
    database,
    () => {
      cache.markDirty();
      // A catalogue that outgrew PostgreSQL's shared buffers is told now, not at the next start.
      void checkBuffers(database, app.log);
    },
    options.jobs,
  );
  const mailer = options.mailer ?? modules.createMailer(config, app.log);
  await app.register(plugins.systemRoutes(ctx));
  await app.register(modules.catalogueRoutes(ctx));
  await app.register(modules.synonymRoutes(ctx));
  await app.register(modules.authRoutes(ctx, mailer));
  await app.register(modules.userRoutes(ctx, mailer));
  await app.register(modules.partRequestRoutes(ctx, mailer));
  await app.register(modules.adminCountRoutes(ctx));
  await app.register(modules.adminRoutes(ctx));
  await app.register(modules.priceRoutes(ctx));
  await app.register(modules.photoRoutes(ctx));
  await app.register(modules.exportRoutes(ctx));
  await app.register(modules.orderRoutes(ctx, mailer));
  await app.register(modules.syncRoutes(ctx, jobs));
  await app.register(modules.importRoutes(ctx));
  await app.register(modules.importMappingRoutes(ctx));
  await app.register(modules.printRoutes(ctx));
  await app.register(modules.seoRoutes(ctx));
  await plugins.registerStaticFiles(app, config);
  modules.registerScheduledSync(app, { ctx, jobs, mailer });
  return app;
}
