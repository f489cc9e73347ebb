/**
 * An import that changes few parts moves their words in the search vocabulary instead of
 * rebuilding it (service.ts `vocabularyParts`; search/vocabulary.ts `lockedWordCounts` and
 * `moveWordCounts`): after every kind of run (new parts, new descriptions, brands and categories, a full sync's
 * deactivations, a reactivation, a repricing, an undo) the vocabulary is what a rebuild gives, on
 * both engines; a run that changes many parts still rebuilds it. On PostgreSQL, a hand edit of a
 * part the import writes, made while the import runs, finishes first and nothing deadlocks.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Executor } from '../../db/client.ts';
import { openDatabase, queryRows } from '../../db/client.ts';
import { type EmptyDatabase, createEmptyDatabase, createTestDatabase, testEngines } from '../../test/db.ts';
import { moveVocabulary, partWords, rebuildVocabulary } from '../search/service.ts';
import type { SourceRecord } from './parse.ts';
import { type ImportOptions, importRecords, undoLastImport } from './service.ts';

const WORDS = ['filtro', 'aceite', 'bomba', 'agua', 'correa', 'junta', 'tapa', 'sensor', 'disco', 'freno', 'pastilla', 'rotula'];
const BRANDS = ['Bosch', 'Mahle', 'Gates', 'Taranto', 'Fras-le'];
const CATEGORIES = ['Motor', 'Frenos', 'Refrigeración', 'Suspensión'];

interface Row {
  codigo: string;
  descripcion: string;
  marca: string;
  rubro: string;
  precio: number;
}

/**
 * Forty parts whose words overlap (a word held by many parts, some by one: `unicoh` by VS-7 only,
 * `constructor`, a name JavaScript objects inherit, by VS-9 only).
 */
const catalogue: Row[] = Array.from({ length: 40 }, (_, i) => ({
  codigo: `VS-${i}`,
  descripcion:
    `${WORDS[i % WORDS.length]} ${WORDS[(i * 5 + 3) % WORDS.length]}${i % 7 === 0 ? ` único${String.fromCharCode(97 + (i % 26))}` : ''}${i === 9 ? ' constructor' : ''}`.toUpperCase(),
  marca: BRANDS[i % BRANDS.length] as string,
  rubro: CATEGORIES[i % CATEGORIES.length] as string,
  precio: 100 + i,
}));

const records = (rows: Row[]): SourceRecord[] => rows.map((values, i) => ({ row: i + 2, values: { ...values } }));

/** The vocabulary as word → part count. */
async function vocabulary(db: Executor): Promise<Record<string, number>> {
  const rows = await queryRows<{ word: string; parts: number }>(db, sql`select word, parts from search_vocabulary order by word`);
  return Object.fromEntries(rows.map((r) => [r.word, Number(r.parts)]));
}

class Rollback extends Error {}

/** What a rebuild from the parts gives now (inside a transaction rolled back: nothing changes). */
async function rebuilt(database: Database): Promise<Record<string, number>> {
  let words: Record<string, number> = {};
  await database.db
    .transaction(async (tx) => {
      await rebuildVocabulary(tx);
      words = await vocabulary(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return words;
}

describe.each(testEngines())('the vocabulary of an import on %s', (engine) => {
  let database: Database;
  const options: ImportOptions = { lowStock: 5, confirmLarge: true };
  /** A word no part holds: a rebuild drops it, a run that moves its parts' words leaves it. */
  const MARK = 'zzmarca';

  const mark = () => database.db.execute(sql`insert into search_vocabulary (word, parts) values (${MARK}, 1) on conflict do nothing`);
  /** The vocabulary without the mark, and whether the mark is still there. */
  const current = async () => {
    const { [MARK]: marked, ...words } = await vocabulary(database.db);
    return { words, marked: marked !== undefined };
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await importRecords(database.db, records(catalogue), 'records', options);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('starts from the rebuild of the first import', async () => {
    const words = await vocabulary(database.db);
    expect(words).toMatchObject({ unicoh: 1, unicoo: 1, constructor: 1 });
    expect(words).toEqual(await rebuilt(database));
    expect(words).toMatchObject({ filtro: expect.any(Number), bosch: 8, motor: 10, refrigeracion: 10 });
  });

  it('moves the words of new parts and of changed descriptions, brands and categories', async () => {
    await mark();
    const changed = [
      { codigo: 'VS-NEW-1', descripcion: 'MANGUERA RADIADOR', marca: 'Gates', rubro: 'Refrigeración', precio: 50 },
      { codigo: 'VS-NEW-2', descripcion: 'Kit distribución', marca: 'Dayco', rubro: 'Transmisión', precio: 60 },
      { ...(catalogue[0] as Row), descripcion: 'TERMOSTATO VÁLVULA' },
      { ...(catalogue[1] as Row), marca: 'Corven' },
      { ...(catalogue[2] as Row), rubro: 'Frenos' },
      { ...(catalogue[7] as Row), descripcion: 'FILTRO' },
      { ...(catalogue[9] as Row), descripcion: 'DISCO' },
    ];
    const report = await importRecords(database.db, records(changed), 'records', options);
    expect(report).toMatchObject({ inserted: 2, updated: 5 });
    const { words, marked } = await current();
    expect(marked).toBe(true);
    expect(words).toEqual(await rebuilt(database));
    expect(words).toMatchObject({ manguera: 1, dayco: 1, transmision: 1, termostato: 1, valvula: 1, corven: 1 });
    // The one part holding `unicoh` no longer does, nor the one holding `constructor`: both left.
    expect(words.unicoh).toBeUndefined();
    expect(Object.hasOwn(words, 'constructor')).toBe(false);
  });

  it('takes out the words of the parts a full sync deactivates, and puts back a reactivated part’s', async () => {
    await mark();
    const kept = catalogue.filter((r) => r.codigo !== 'VS-14' && r.codigo !== 'VS-21');
    const sync = await importRecords(database.db, records(kept), 'records', { ...options, fullSync: true });
    // The two new parts of the previous run are not in the source either.
    expect(sync.deactivated).toBe(4);
    let now = await current();
    expect(now.marked).toBe(true);
    expect(now.words).toEqual(await rebuilt(database));
    expect(now.words.unicoo).toBeUndefined();
    expect(now.words.dayco).toBeUndefined();

    const back = await importRecords(database.db, records([catalogue[14] as Row]), 'records', options);
    expect(back.updated).toBe(1);
    now = await current();
    expect(now.marked).toBe(true);
    expect(now.words).toEqual(await rebuilt(database));
    expect(now.words.unicoo).toBe(1);
  });

  it('leaves the vocabulary alone on a repricing', async () => {
    await mark();
    const before = await vocabulary(database.db);
    const prices = catalogue.slice(0, 5).map((r) => ({ ...r, precio: r.precio + 1 }));
    expect(await importRecords(database.db, records(prices), 'records', options)).toMatchObject({ updated: 5 });
    expect(await vocabulary(database.db)).toEqual(before);
  });

  it('moves the words back when a small run is undone', async () => {
    const { words: before } = await current();
    const run = [
      { codigo: 'VS-UNDO-1', descripcion: 'ABRAZADERA ESCAPE', marca: 'Bosch', rubro: 'Motor', precio: 70 },
      { ...(catalogue[3] as Row), descripcion: 'CARDAN' },
    ];
    expect(await importRecords(database.db, records(run), 'records', options)).toMatchObject({ inserted: 1, updated: 1 });
    expect(await vocabulary(database.db)).toMatchObject({ abrazadera: 1, cardan: 1 });
    await mark();
    expect(await undoLastImport(database.db)).toMatchObject({ restored: 1, deactivated: 1 });
    const { words, marked } = await current();
    expect(marked).toBe(true);
    expect(words).toEqual(await rebuilt(database));
    expect(words).toEqual(before);
  });

  it('rebuilds the whole vocabulary when a run changes many parts’ words', async () => {
    await mark();
    const renamed = catalogue.slice(0, 20).map((r) => ({ ...r, descripcion: `${r.descripcion} REFORZADO` }));
    expect(await importRecords(database.db, records(renamed), 'records', options)).toMatchObject({ updated: 20 });
    const { words, marked } = await current();
    expect(marked).toBe(false);
    expect(words).toEqual(await rebuilt(database));
    expect(words.reforzado).toBe(20);
  });
});

// Two writers at once need a second connection that holds a lock: PostgreSQL only.
describe.each(testEngines().filter((engine) => engine === 'postgres'))('the vocabulary while staff edit a part on %s', (engine) => {
  let empty: EmptyDatabase;
  let importer: Database;
  let staff: Database;

  beforeAll(async () => {
    empty = await createEmptyDatabase(engine, 'portal_vocab');
    importer = await openDatabase({ databaseUrl: empty.databaseUrl, poolSize: 2 });
    await importer.migrate();
    staff = await openDatabase({ databaseUrl: empty.databaseUrl, poolSize: 2 });
    await importRecords(importer.db, records(catalogue), 'records', { lowStock: 5 });
  }, 60_000);
  afterAll(async () => {
    await staff?.close();
    await importer?.close();
    await empty?.drop();
  });

  /** Resolves once a backend of this database waits for a row lock (asked again after each answer). */
  async function someoneWaits(): Promise<void> {
    for (;;) {
      const [row] = await queryRows<{ n: number }>(
        staff.bulk,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (Number(row?.n) > 0) return;
    }
  }

  it('lets a hand edit of a part the import writes finish first, with no deadlock, and ends as a rebuild', async () => {
    const edited = catalogue[5] as Row;
    const [{ id } = { id: 0 }] = await queryRows<{ id: number }>(staff.db, sql`select id from parts where part_number = ${edited.codigo}`);
    let importing: Promise<unknown> | undefined;
    // As the panel's edit does (admin/parts-edit.ts): the part first, then its words in the vocabulary.
    await staff.db.transaction(async (tx) => {
      const before = await partWords(tx, id);
      await tx.execute(
        sql`update parts set description = 'SOPORTE MOTOR EDITADO', hand_edited_fields = array['description'] where id = ${id}`,
      );
      const run = [
        { ...edited, descripcion: 'SOPORTE CAJA' },
        { codigo: 'VS-LOCK-1', descripcion: 'SOPORTE MOTOR', marca: 'Corven', rubro: 'Motor', precio: 80 },
      ];
      importing = importRecords(importer.db, records(run), 'records', { lowStock: 5, confirmLarge: true });
      // The import now waits for the edited part; the edit then moves its words and commits.
      await someoneWaits();
      await moveVocabulary(tx, before, await partWords(tx, id));
    });
    expect(await importing).toMatchObject({ inserted: 1, handEditsKept: 1 });
    const [part] = await queryRows<{ description: string }>(staff.db, sql`select description from parts where id = ${id}`);
    expect(part?.description).toBe('SOPORTE MOTOR EDITADO');
    const words = await vocabulary(importer.db);
    expect(words).toEqual(await rebuilt(importer));
    expect(words).toMatchObject({ editado: 1, corven: expect.any(Number) });
  });
});
