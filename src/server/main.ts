/**
 * The process: env → database → migrate → seed → buildApp → listen → graceful close.
 * Start-up steps that write (migrations, demo seed, first admin) run under advisory locks, so any
 * number of processes started together on one empty PostgreSQL all come up (docs/deploy.md).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { checkBuffers } from './db/buffers.ts';
import { openDatabase } from './db/client.ts';
import net from 'node:net';
import path from 'node:path';
import { SEED_LOCK_KEY, seedDemoCatalogue } from './modules/demo/seed.ts';
import { formatSummary } from './modules/import/service.ts';
import { ensureAdmin } from './modules/auth/service.ts';
import { OfferClock } from './modules/catalogue/service.ts';
import { AppError } from './errors.ts';

/** Shortest wait between SIGTERM and closing the port, ms. */
const MIN_GRACE_MS = 250;
/** The port closes once no connection arrived for this long (the balancer took the process out), ms. */
const QUIET_MS = 300;
/** Longest wait for that quiet (at most a third of what is left of SHUTDOWN_TIMEOUT_MS), ms. */
const MAX_QUIET_WAIT_MS = 1500;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.db.poolSize,
    connectTimeoutMs: config.db.connectTimeoutMs,
    statementTimeoutMs: config.db.statementTimeoutMs,
    keepAliveMs: config.db.keepAliveMs,
    pgliteSharedBuffersMb: config.db.pgliteSharedBuffersMb,
  });
  await database.migrate();
  await database.withLock(SEED_LOCK_KEY, async () => {
    if (config.demoCatalogue) {
      const report = await seedDemoCatalogue(database.bulk, config.demoCatalogueSize, config.lowStock, database.sideConnection);
      if (report) console.log(`demo catalogue: ${formatSummary(report)}`);
    }
    if (config.adminUsername && config.adminPassword) {
      try {
        const result = await ensureAdmin(database.db, config.adminUsername, config.adminPassword);
        if (result === 'created') console.log(`admin "${config.adminUsername}" created`);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        console.error(`ADMIN_PASSWORD: ${error.message}`);
        process.exit(1);
      }
    }
  });
  const app: FastifyInstance = await buildApp({ database, config, logger: true });
  // On-sale offers start and end with Argentine days (docs/product.md §3.4): each process checks every minute.
  const offers = new OfferClock(database.db, { log: app.log, onChange: () => app.catalogueCache.markDirty() });
  await offers.start();
  app.addHook('onClose', () => offers.stop());
  const interrupted = await app.jobs.recoverInterrupted();
  if (interrupted) app.log.warn({ jobs: interrupted }, 'import/sync jobs of a stopped process marked interrupted');
  // A hint for the operator of a large catalogue (docs/deploy.md "The PostgreSQL server").
  await checkBuffers(database, app.log);
  if (config.devResetToken) {
    app.log.warn(
      'DEV_RESET_TOKEN=true: /api/auth/forgot-password answers reset tokens (except for admins). Only for development: turn it off anywhere reachable by others.',
    );
  }

  // SIGTERM (docs/deploy.md): not ready first (a balancer with active checks stops sending work),
  // keep answering for SHUTDOWN_GRACE_MS, then answer reads 503 (a balancer with passive checks
  // retries them elsewhere and takes this process out) until no new connection arrives, close the
  // port (no new connections; idle keep-alive ones closed; in-flight requests finish), mark a
  // running import interrupted, close the database, exit.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = Date.now() + config.shutdownTimeoutMs;
    const timer = setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 1000);
    timer.unref();
    const left = () => Math.max(0, deadline - Date.now() - 500);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      const drained = app.drain(config.shutdownTimeoutMs);
      // At least a moment, so connections already made (still in the kernel's accept queue,
      // which closing the port would reset) are accepted and answered.
      await sleep(Math.min(Math.max(MIN_GRACE_MS, config.shutdownGraceMs), left()));
      app.shedReads();
      await app.quiet(QUIET_MS, Math.min(MAX_QUIET_WAIT_MS, left() / 3));
      // Stop accepting first, leaving alone connections accepted a moment ago whose request is
      // still on its way (Node counts them idle, and closing them would fail that request).
      net.Server.prototype.close.call(app.server);
      await sleep(Math.min(300, left()));
      await Promise.race([app.close(), sleep(left())]);
      await Promise.race([drained, sleep(left())]);
      if (await app.jobs.stop(Math.max(0, left() - 1500))) app.log.warn('the running import/sync was marked interrupted');
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.brandName} listo en http://localhost:${config.port} (${database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
