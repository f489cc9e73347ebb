/** `buildTestApp()`: the real app over a fresh test database (docs/architecture.md). */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database, DatabaseKind } from '../db/client.ts';
import { createTestDatabase } from './db.ts';
import type { Mailer } from '../modules/auth/mail.ts';
import { bumpCatalogueVersion } from '../modules/catalogue/version.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** For tests that write the database behind the API's back: bump the catalogue version. */
  catalogueChanged(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the app on a fresh migrated database of `kind`, with test configuration. */
export async function buildTestApp(kind: DatabaseKind, overrides: Partial<Config> = {}, mailer?: Mailer): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data' },
    {
      webDistDir: '/nonexistent',
      // Every read checks the catalogue version, so a write made by a test is seen at once.
      catalogueVersionTtlMs: 0,
      // Generous limits so tests that log in often are not throttled; the rate-limit test sets its own.
      rateLimits: {
        loginPerAccount: 1000,
        loginPerIp: 10_000,
        loginDelayStepMs: 0,
        forgotPerIp: 1000,
        registerPerIp: 1000,
        partRequestsPerUser: 1000,
        exportsPerIp: 1000,
      },
      ...overrides,
    },
  );
  const app = await buildApp({ database, config, ...(mailer ? { mailer } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    catalogueChanged: async () => {
      await bumpCatalogueVersion(database.db);
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
