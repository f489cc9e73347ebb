/**
 * Migration 0026_stock_level_words (docs/product.md §4.3): parts imported before the import read a
 * stock text naming a level as that level keep the text (`sin stock`, `AGOTADO`), and list cards,
 * red only for "Sin Stock", showed them green. The migration maps them as the import does now
 * (src/shared/stock.ts `stockLevelFromText`), leaving other texts, quantities and hand edits alone.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLevelFromText } from '../../shared/stock.ts';
import { foldText } from '../../shared/text.ts';
import { createTestDatabase, testEngines } from '../test/db.ts';
import { buildPartRecord, insertParts } from '../test/factories.ts';
import { journalTags, runMigration as runTagged } from '../test/migrations.ts';
import { type Database, queryRows } from './client.ts';

const TAG = '0026_stock_level_words';

/** Stock texts an import before 9ba1582 kept as they were, and one it still keeps. */
const TEXTS = [
  'sin stock',
  'AGOTADO',
  'Sin Existencia',
  'No',
  'Últimas unidades',
  'poco-stock',
  'Disponible',
  'SI',
  'hay stock',
  'Consultar',
];

describe.each(testEngines())('migration %s on %s', (engine) => {
  let database: Database;
  const levels = async () =>
    Object.fromEntries(
      (
        await queryRows<{ part_number: string; stock_level: string }>(
          database.db,
          sql`select part_number, stock_level from parts where part_number like 'MIG-%' order by part_number`,
        )
      ).map((r) => [r.part_number, r.stock_level]),
    );
  const version = async () =>
    Number(
      (await queryRows<{ v: number }>(database.db, sql`select (value)::text::int as v from catalogue_state where key = 'version'`))[0]?.v ??
        0,
    );
  const runMigration = () => runTagged(database.db, TAG);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is a migration of the journal', () => {
    expect(journalTags()).toContain(TAG);
  });

  it('maps the stock texts of parts imported before to their level, as the import does now', async () => {
    await insertParts(database.db, [
      ...TEXTS.map((_, i) => buildPartRecord({ codigo: `MIG-${String(i).padStart(2, '0')}`, stock: 'Consultar' })),
      buildPartRecord({ codigo: 'MIG-HAND', stock: 'Consultar' }),
      buildPartRecord({ codigo: 'MIG-QTY', stock: 0 }),
    ]);
    // As an import before 9ba1582 left them: the file's text as the level, no quantity.
    for (const [i, text] of TEXTS.entries()) {
      await database.db.execute(sql`update parts set stock_level = ${text} where part_number = ${`MIG-${String(i).padStart(2, '0')}`}`);
    }
    // A text level staff chose by hand stays, as an import keeps it.
    await database.db.execute(sql`update parts set stock_level = 'agotado', hand_edited_fields = '{stock}' where part_number = 'MIG-HAND'`);
    const untouched = await queryRows<{ updated_at: string }>(
      database.db,
      sql`select updated_at::text from parts where part_number = 'MIG-QTY'`,
    );
    const before = await version();

    await runMigration();

    const expected = Object.fromEntries(
      TEXTS.map((text, i) => [`MIG-${String(i).padStart(2, '0')}`, stockLevelFromText(text, foldText(text))]),
    );
    expect(await levels()).toEqual({ ...expected, 'MIG-HAND': 'agotado', 'MIG-QTY': 'Sin Stock' });
    expect(expected).toMatchObject({ 'MIG-00': 'Sin Stock', 'MIG-04': 'Bajo Stock', 'MIG-06': 'En Stock', 'MIG-09': 'Consultar' });
    expect(await queryRows(database.db, sql`select updated_at::text from parts where part_number = 'MIG-QTY'`)).toEqual(untouched);
    // Cached catalogue pages learn of the change.
    expect(await version()).toBe(before + 1);

    // Run again, it finds nothing to change and leaves the version alone.
    await runMigration();
    expect(await version()).toBe(before + 1);
  });
});
