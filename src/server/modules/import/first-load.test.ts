/**
 * A first load into an empty catalogue writes its rows without index upkeep and builds the parts
 * table's secondary indexes once after them (service.ts `deferIndexesOnFirstLoad`, docs/product.md
 * §11.1): the same indexes afterwards, a dry run or a later import unchanged, on both engines. On
 * PostgreSQL its vocabulary is counted on a side connection while it builds its indexes
 * (`countWordsBeside`): the same words and counts a rebuild gives, and a rebuild when that
 * connection fails.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, SideConnection } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { rebuildVocabulary } from '../search/service.ts';
import { createTestDatabase, testEngines } from '../../test/db.ts';
import { generateCatalogueRecords } from '../demo/generate.ts';
import type { SourceRecord } from './parse.ts';
import { importRecords } from './service.ts';

/** Enough rows for a first load (`FIRST_LOAD_MIN_ROWS`). */
const COUNT = 10_000;

/**
 * The generated catalogue as import records, `extra` units added to every stock level; the first
 * rows hold what a vocabulary counted from the rows rather than the table could get wrong: no brand
 * and no category, accents, `constructor` and `__proto__`, words with digits or joined by other
 * characters, and the same description, brand and path on several parts.
 */
function records(extra = 0): SourceRecord[] {
  const list: SourceRecord[] = [];
  let row = 1;
  for (const { imagen: _image, ...values } of generateCatalogueRecords(COUNT))
    list.push({ row: row++, values: { ...values, stock: values.stock + extra } });
  const [first, second, ...rest] = list;
  if (!first || !second) throw new Error('too few records');
  const { marca: _brand, categoria1: _c1, categoria2: _c2, categoria3: _c3, ...bare } = first.values;
  first.values = { ...bare, descripcion: 'Ñandú constructor __proto__ ÁÉÍ-óú pingüino 2x4 a-b x' };
  second.values = { ...second.values, marca: 'Señal-Ñ', categoria3: 'Última Línea' };
  for (const r of rest.slice(0, 5)) r.values = { ...r.values, descripcion: 'Junta tapa válvulas', marca: 'Taranto', categoria2: 'Juntas' };
  return list;
}

/** The parts table's indexes: name, definition and whether it is valid and ready. */
async function indexes(database: Database): Promise<{ name: string; definition: string; usable: boolean }[]> {
  return queryRows(
    database.db,
    sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition, (i.indisvalid and i.indisready) as usable
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = 'public.parts'::regclass order by c.relname`,
  );
}

/** The search vocabulary, word by word. */
async function vocabulary(database: Database): Promise<{ word: string; parts: number }[]> {
  return queryRows(database.db, sql`select word, parts from search_vocabulary order by word`);
}

/** Whether the vocabulary is what a rebuild from the active parts makes (the rebuild is kept: the same rows). */
async function vocabularyAsRebuilt(database: Database): Promise<boolean> {
  const kept = await vocabulary(database);
  await rebuildVocabulary(database.db);
  const rebuilt = await vocabulary(database);
  return rebuilt.length > 0 && JSON.stringify(kept) === JSON.stringify(rebuilt);
}

/** `database`'s side connections, counted as they open and close. */
function countedSides(database: Database): { open?: () => Promise<SideConnection>; opened: number; closed: number } {
  const sides: { open?: () => Promise<SideConnection>; opened: number; closed: number } = { opened: 0, closed: 0 };
  const open = database.sideConnection;
  if (open) {
    sides.open = async () => {
      const side = await open();
      sides.opened++;
      return {
        db: side.db,
        close: async () => {
          sides.closed++;
          await side.close();
        },
      };
    };
  }
  return sides;
}

async function partCount(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from parts`);
  return Number(row?.n);
}

describe.each(testEngines())('a first load on %s', (engine) => {
  let database: Database;
  let before: Awaited<ReturnType<typeof indexes>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    before = await indexes(database);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('leaves the catalogue and its indexes as they were after a dry run', async () => {
    const phases = new Set<string>();
    const report = await importRecords(database.db, records(), 'records', {
      lowStock: 5,
      dryRun: true,
      onProgress: (p) => void phases.add(p.phase),
    });
    expect([...phases]).toEqual(['validating', 'writing', 'done']);
    expect(report.inserted).toBe(COUNT);
    expect(await partCount(database)).toBe(0);
    expect(await indexes(database)).toEqual(before);
  }, 120_000);

  it('writes every row and builds the same indexes again', async () => {
    expect(before.some((i) => i.definition.includes('gin_trgm_ops'))).toBe(true);
    // The progress says `indexing` once every row is written, while the indexes are built.
    const steps: { phase: string; written: number }[] = [];
    const sides = countedSides(database);
    const report = await importRecords(database.db, records(), 'records', {
      lowStock: 5,
      onProgress: (p) => void steps.push({ phase: p.phase, written: p.written }),
      ...(sides.open ? { sideConnection: sides.open } : {}),
    });
    expect(report.inserted).toBe(COUNT);
    // On PostgreSQL the words were counted beside the index build, on one connection closed since.
    expect([sides.opened, sides.closed]).toEqual(engine === 'postgres' ? [1, 1] : [0, 0]);
    expect(await vocabularyAsRebuilt(database)).toBe(true);
    const phases = steps.map((s) => s.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['validating', 'writing', 'indexing', 'done']);
    expect(steps.find((s) => s.phase === 'indexing')?.written).toBe(COUNT);
    expect(await partCount(database)).toBe(COUNT);
    // Written by the insert-only statement of a first load: an untouched row's own values, its search columns filled.
    const source = records()[7]?.values as { codigo: string; descripcion: string; precios: string; categoria1: string };
    const [part] = await queryRows<{ description: string; list1: string | null; path: string[]; words: string; source: string }>(
      database.db,
      sql`select description, price_list_1::text as list1, category_path as path, search_words as words, source
          from parts where part_number = ${source.codigo}`,
    );
    expect(part?.description).toBe(source.descripcion);
    const firstPrice = source.precios.split('-')[0];
    expect(part?.list1).toBe(firstPrice ? Number(firstPrice).toFixed(2) : null);
    expect(part?.path[0]).toBe(source.categoria1);
    expect(part?.words).toMatch(/^ ([a-z0-9]+ )+$/);
    expect(part?.source).toBe('archivo');
    const after = await indexes(database);
    expect(after).toEqual(before);
    expect(after.every((i) => i.usable)).toBe(true);
    // The trigram and part-number indexes answer what a scan of the table answers.
    const [first] = await queryRows<{ code: string; key: string }>(
      database.db,
      sql`select part_number as code, part_number_key as key from parts order by id limit 1`,
    );
    const fragment = String(first?.key).slice(1, 5);
    const counted = async (indexed: boolean) => {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from parts where ${indexed ? sql`search_text like ${`%${fragment}%`}` : sql`strpos(search_text || '', ${fragment}) > 0`}`,
      );
      return Number(row?.n);
    };
    expect(await counted(true)).toBeGreaterThan(0);
    expect(await counted(true)).toBe(await counted(false));
    const [byKey] = await queryRows<{ code: string }>(
      database.db,
      sql`select part_number as code from parts where part_number_key = ${first?.key}`,
    );
    expect(byKey?.code).toBe(first?.code);
  }, 120_000);

  it('updates a loaded catalogue in place, its indexes untouched', async () => {
    const report = await importRecords(database.db, records(3), 'records', { lowStock: 5, confirmLarge: true });
    expect(report.inserted).toBe(0);
    expect(report.updated).toBe(COUNT);
    expect(await partCount(database)).toBe(COUNT);
    expect(await indexes(database)).toEqual(before);
  }, 120_000);
});

describe.each(testEngines().filter((engine) => engine === 'postgres'))('a first load on %s whose side connection fails', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('rebuilds the vocabulary after the write instead', async () => {
    const open = database.sideConnection;
    expect(open).toBeDefined();
    let opened = 0;
    // The connection is lost before its first statement: the count fails, the run goes on.
    const report = await importRecords(database.db, records(), 'records', {
      lowStock: 5,
      sideConnection: async () => {
        const side = await (open as () => Promise<SideConnection>)();
        opened++;
        await side.close();
        return side;
      },
    });
    expect(opened).toBe(1);
    expect(report.inserted).toBe(COUNT);
    expect(await partCount(database)).toBe(COUNT);
    expect(await vocabularyAsRebuilt(database)).toBe(true);
  }, 120_000);
});
