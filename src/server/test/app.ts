/** `buildTestApp()`: the real app over a fresh test database (ARCHITECTURE.md habit 10). */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database, DatabaseKind } from '../db/client.ts';
import { createTestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Builds the app on a fresh migrated database of `kind`, with test configuration. */
export async function buildTestApp(kind: DatabaseKind, overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data' }, { webDistDir: '/nonexistent', ...overrides });
  const app = await buildApp({ database, config });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
