/**
 * Migrations run outside a request's bounds (db/client.ts `migrate`): a migration that rewrites the
 * parts table (0022 adds a generated column) takes far longer on a big catalogue than the
 * statement timeout a request gets (`DB_STATEMENT_TIMEOUT_MS`), and failed at start-up when it ran
 * on the request pool.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.ts';
import { createEmptyDatabase, testEngines } from '../test/db.ts';

describe.each(testEngines())('migrations on %s', (engine) => {
  it('migrate a new database although a request’s statement timeout is shorter than their statements', async () => {
    const empty = await createEmptyDatabase(engine, 'portal_migrate');
    const database = await openDatabase({ databaseUrl: empty.databaseUrl, poolSize: 2, statementTimeoutMs: 2 });
    try {
      await database.migrate();
      // The first call loads the unaccent dictionary: longer than the request bound, so on the bulk pool.
      const [row] = await queryRows<{ words: string }>(
        database.bulk,
        sql`select public.portal_search_words('AB-12', array['X.9'], 'Filtro  de aceite', 'Bosch', array['Motor'], null, null) as words`,
      );
      expect(row?.words).toBe(' ab 12 ab12 x 9 x9 filtro de aceite bosch motor ');
      if (engine === 'postgres') {
        // Requests keep their bound: a statement longer than it is cancelled.
        await expect(queryRows(database.db, sql`select pg_sleep(0.2)`)).rejects.toThrow();
        // Connections carry client.ts CONNECTION_OPTIONS (no JIT compilation); asked on the bulk
        // pool, whose statements have no 2 ms bound.
        const [settings] = await queryRows<{ jit: string; check: string }>(
          database.bulk,
          sql`select current_setting('jit') as jit, current_setting('client_connection_check_interval') as check`,
        );
        expect(settings).toEqual({ jit: 'off', check: '1s' });
      }
    } finally {
      await database.close();
      await empty.drop();
    }
  }, 120_000);
});
