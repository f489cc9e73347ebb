/**
 * The process: env → database → migrate → seed → buildApp → listen → graceful close.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import path from 'node:path';
import { seedDemoCatalogue } from './modules/demo/seed.ts';
import { formatSummary } from './modules/import/service.ts';
import { ensureAdmin } from './modules/auth/service.ts';
import { AppError } from './errors.ts';

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
  });
  await database.migrate();
  if (config.demoCatalogue) {
    const report = await seedDemoCatalogue(database.db, config.demoCatalogueSize, config.lowStock);
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
  const app: FastifyInstance = await buildApp({ database, config, logger: true });
  if (config.devResetToken) {
    app.log.warn(
      'DEV_RESET_TOKEN=true: /api/auth/forgot-password answers reset tokens (except for admins). Only for development: turn it off anywhere reachable by others.',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.drain(8_000);
      await app.close();
      await database.close();
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
