/** The check of PostgreSQL's shared buffers against what a search reads (db/buffers.ts). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from './client.ts';
import { type BufferFit, bufferAdvice, checkBuffers, readBufferFit } from './buffers.ts';
import { createTestDatabase, testEngines } from '../test/db.ts';
import { buildPartRecord, insertParts } from '../test/factories.ts';

const bufferFit = (sharedBuffers: number, searchRelations: number): BufferFit => ({
  sharedBuffers,
  sharedBuffersText: `${sharedBuffers / 2 ** 20} MB`,
  searchRelations,
  searchRelationsText: `${searchRelations / 2 ** 20} MB`,
});

describe('bufferAdvice', () => {
  it('says nothing while the shared buffers hold the parts table and its search index', () => {
    expect(bufferAdvice(bufferFit(128 * 2 ** 20, 96 * 2 ** 20))).toBeUndefined();
    expect(bufferAdvice(bufferFit(128 * 2 ** 20, 128 * 2 ** 20))).toBeUndefined();
  });

  it('names both sizes and the setting when they do not', () => {
    const advice = bufferAdvice(bufferFit(128 * 2 ** 20, 966 * 2 ** 20));
    expect(advice).toContain("PostgreSQL's shared_buffers (128 MB)");
    expect(advice).toContain('(966 MB)');
    expect(advice).toContain('Set shared_buffers to at least 966 MB');
  });
});

for (const kind of testEngines()) {
  describe(`readBufferFit (${kind})`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      await insertParts(
        database.db,
        Array.from({ length: 300 }, (_, i) => buildPartRecord({ codigo: `BUF-${i}`, descripcion: `FILTRO DE ACEITE ${i}` })),
      );
    });
    afterAll(() => database.close());

    it('reads the shared buffers and the parts table with its trigram index, in bytes', async () => {
      const measured = await readBufferFit(database.db);
      const [expected] = await queryRows<{ buffers: string; heap: string; index: string }>(
        database.db,
        sql`select pg_size_bytes(current_setting('shared_buffers'))::text as buffers,
                   pg_relation_size('parts')::text as heap, pg_relation_size('parts_search_trgm_idx')::text as index`,
      );
      expect(measured.sharedBuffers).toBe(Number(expected!.buffers));
      expect(Number(expected!.heap)).toBeGreaterThan(0);
      expect(Number(expected!.index)).toBeGreaterThan(0);
      expect(measured.searchRelations).toBe(Number(expected!.heap) + Number(expected!.index));
      expect(measured.sharedBuffersText).toMatch(/^\d+ (kB|MB|GB)$/);
      expect(measured.searchRelationsText).toMatch(/^\d+ (bytes|kB|MB)$/);
    });

    it('checkBuffers gives a small catalogue no warning', async () => {
      const logged: unknown[] = [];
      await checkBuffers({ kind: 'postgres', db: database.db }, { warn: (m) => logged.push(m), debug: (d) => logged.push(d) });
      expect(logged).toEqual([]);
    });
  });
}

describe('checkBuffers on a database that cannot answer', () => {
  it('logs at debug level and never throws on PostgreSQL, and asks nothing of PGlite', async () => {
    const database = await createTestDatabase('pglite');
    await database.close();
    const warned: string[] = [];
    const debugged: object[] = [];
    const log = { warn: (m: string) => warned.push(m), debug: (d: object) => debugged.push(d) };
    // Read as PostgreSQL, the closed database fails the check.
    await expect(checkBuffers({ kind: 'postgres', db: database.db }, log)).resolves.toBeUndefined();
    expect(warned).toEqual([]);
    expect(debugged).toHaveLength(1);
    // As PGlite it is not read at all: nothing fails, nothing is logged.
    await checkBuffers({ kind: 'pglite', db: database.db }, log);
    expect(debugged).toHaveLength(1);
    expect(warned).toEqual([]);
  });
});
