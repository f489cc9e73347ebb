/**
 * Migration 0027_undo_stock_level_words (docs/product.md §4.3, §11.4): 0026 mapped the stock texts
 * of parts imported before 9ba1582 to their level, but not the copies of the parts an import
 * updated, which "Deshacer la última importación" writes back. Undoing such an import brought the
 * text back (`AGOTADO`, shown green on list cards); the migration maps the copies as 0026 did the
 * parts, with the same limits (no quantity, no stock edited by hand).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoLastImport } from '../modules/import/service.ts';
import { createTestDatabase, testEngines } from '../test/db.ts';
import { buildPartRecord, insertParts } from '../test/factories.ts';
import { journalTags, runMigration as runTagged } from '../test/migrations.ts';
import { type Database, queryRows } from './client.ts';

const TAG = '0027_undo_stock_level_words';

describe.each(testEngines())('migration %s on %s', (engine) => {
  let database: Database;
  const levels = async () =>
    Object.fromEntries(
      (
        await queryRows<{ part_number: string; stock_level: string }>(
          database.db,
          sql`select part_number, stock_level from parts where part_number like 'UNDO-%' order by part_number`,
        )
      ).map((r) => [r.part_number, r.stock_level]),
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

  it('maps the stock texts an earlier import kept for its undo, as the import does now', async () => {
    const codes = ['UNDO-OUT', 'UNDO-LOW', 'UNDO-OTHER', 'UNDO-HAND', 'UNDO-QTY'];
    await insertParts(
      database.db,
      codes.map((codigo) => buildPartRecord({ codigo, stock: 'Consultar' })),
    );
    // The next import updates them all: the run keeps each part as it was, for its undo.
    await insertParts(
      database.db,
      codes.map((codigo) => buildPartRecord({ codigo, descripcion: `Repuesto ${codigo} corregido`, stock: 3 })),
    );
    // As an import before 9ba1582 left its copies: the file's text as the level, no quantity.
    const keep = async (code: string, level: string, extra = sql``) =>
      database.db.execute(
        sql`update import_run_parts set before = jsonb_set(before, '{stock_level}', to_jsonb(${level}::text)) ${extra}
            where part_number = ${code} and kind = 'updated'`,
      );
    await keep('UNDO-OUT', 'AGOTADO');
    await keep('UNDO-LOW', 'Últimas  unidades');
    await keep('UNDO-OTHER', 'Consultar');
    await database.db.execute(
      sql`update import_run_parts set before = jsonb_set(jsonb_set(before, '{stock_level}', '"agotado"'), '{hand_edited_fields}', '["stock"]')
          where part_number = 'UNDO-HAND' and kind = 'updated'`,
    );
    await database.db.execute(
      sql`update import_run_parts set before = jsonb_set(jsonb_set(before, '{stock_level}', '"agotado"'), '{stock_quantity}', '0')
          where part_number = 'UNDO-QTY' and kind = 'updated'`,
    );

    await runMigration();
    await undoLastImport(database.db);

    expect(await levels()).toEqual({
      'UNDO-OUT': 'Sin Stock',
      'UNDO-LOW': 'Bajo Stock',
      // A text naming no level stays, as the import keeps it.
      'UNDO-OTHER': 'Consultar',
      // A stock staff set by hand, and a copy with a quantity, are not the migration's.
      'UNDO-HAND': 'agotado',
      'UNDO-QTY': 'agotado',
    });
  });
});
