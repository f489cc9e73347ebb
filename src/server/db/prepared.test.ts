/**
 * Statements that recur run as named prepared statements (db/prepared.ts, issue 23 item 3): the
 * right rows whatever the values, named only from a text's second use and within the process's
 * bound, inside transactions too, and a failing execution leaves the statement usable.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from './client.ts';
import { MAX_NAMED, forgetNamedStatements, namedStatements, preparedRows } from './prepared.ts';
import { type EmptyDatabase, createEmptyDatabase, testEngines } from '../test/db.ts';

describe.each(testEngines())('prepared statements on %s', (engine) => {
  let database: Database;
  let empty: EmptyDatabase | undefined;
  beforeAll(async () => {
    forgetNamedStatements();
    empty = await createEmptyDatabase(engine, 'portal_prepared');
    // One connection, so the statements it holds are the ones this test prepared.
    database = await openDatabase({ databaseUrl: empty.databaseUrl, poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await empty?.drop();
  });

  /** Names of the prepared statements of the pool's one connection (PostgreSQL). */
  const preparedNames = async () =>
    (await queryRows<{ name: string }>(database.db, sql`select name from pg_prepared_statements`)).map((r) => r.name);

  it('answers each use with its own values, and names the text from its second use', async () => {
    const marker = `${engine}-values`;
    const query = (n: number) => sql`select ${marker}::text as marker, g as n from generate_series(1, ${n}::int) as g`;
    const before = namedStatements();
    expect(await preparedRows(database.db, query(2))).toEqual([
      { marker, n: 1 },
      { marker, n: 2 },
    ]);
    expect(namedStatements()).toBe(before);
    if (engine === 'postgres') expect((await preparedNames()).filter((n) => n.startsWith('q_'))).toEqual([]);
    expect(await preparedRows(database.db, query(1))).toEqual([{ marker, n: 1 }]);
    expect(namedStatements()).toBe(before + 1);
    if (engine === 'postgres') expect((await preparedNames()).filter((n) => n.startsWith('q_'))).toHaveLength(1);
    expect(await preparedRows(database.db, query(3))).toHaveLength(3);
    expect(namedStatements()).toBe(before + 1);
  });

  it('rejects a failing execution and runs the same statement again afterwards', async () => {
    const query = (d: number) => sql`select 10 / ${d}::int as q, ${`${engine}-fail`}::text as tag`;
    await preparedRows(database.db, query(5));
    // As db.execute: Drizzle's error, the database's (22012 division_by_zero) as its cause.
    await expect(preparedRows(database.db, query(0))).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await preparedRows(database.db, query(2))).toEqual([{ q: 5, tag: `${engine}-fail` }]);
  });

  it('runs in a transaction on its connection', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table prepared_probe (n int) on commit drop`);
      await tx.execute(sql`insert into prepared_probe values (1), (2), (3)`);
      const query = (min: number) => sql`select n from prepared_probe where n >= ${min}::int order by n`;
      await preparedRows(tx, query(3));
      return preparedRows<{ n: number }>(tx, query(2));
    });
    expect(rows).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it(`names at most ${MAX_NAMED} texts and still answers the others`, async () => {
    for (let i = 0; i < MAX_NAMED + 5; i++) {
      const query = sql`select ${sql.raw(String(i))} as shape, ${`${engine}-${i}`}::text as tag`;
      await preparedRows(database.db, query);
      expect(await preparedRows(database.db, query)).toEqual([{ shape: i, tag: `${engine}-${i}` }]);
    }
    expect(namedStatements()).toBe(MAX_NAMED);
  });
});
