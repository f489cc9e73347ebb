/**
 * The search columns kept by the trigger `parts_search_columns` (migration 0023): every write that
 * changes what a part is searched by renews its search text and words, whatever wrote it (the
 * import, the panel, a category rename, SQL by hand), and the words are exactly the search text's
 * runs of letters and digits, one space between them and one at each end: what the regular
 * expression of the generated column they replace computed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, insertParts } from '../../test/factories.ts';

/** Texts with every kind of run the words must fold: repeated, mixed and trailing separators, tabs, letters outside a–z. */
const TEXTS = [
  'ab-12 ab12 x.9 x9 filtro  de aceite',
  '  --a--b  ..  c,d -  ',
  'junta 3/4" (x2)\tmedida 6x40 ; 1.6 8v',
  'ß straße ø 10   20    30     40          50',
  '',
  '...',
  'a',
];

describe.each(testEngines())('search columns on %s', (engine) => {
  let t: TestApp;
  const row = async (code: string) => {
    const [found] = await queryRows<{ text: string; words: string; expected: string }>(
      t.database.db,
      sql`select search_text as text, search_words as words,
            public.portal_search_text(part_number, alternate_codes, description, brand, category_path, notes, applications) as expected
          from parts where part_number = ${code}`,
    );
    if (!found) throw new Error(`no part ${code}`);
    return found;
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await insertParts(t.database.db, [
      buildPartRecord({ codigo: 'SC-1', descripcion: 'Filtro de aceite', categoria1: 'Motor', categoria2: 'Filtros' }),
      buildPartRecord({ codigo: 'SC-2', descripcion: 'Bujía' }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the same words as the regular expression they replace', async () => {
    for (const text of TEXTS) {
      const [found] = await queryRows<{ words: string; expected: string }>(
        t.database.db,
        sql`select public.portal_words(${text}) as words,
              ' ' || btrim(regexp_replace(${text}, '[^a-z0-9]+', ' ', 'g')) || ' ' as expected`,
      );
      expect(found?.words, JSON.stringify(text)).toBe(found?.expected);
    }
  });

  it('fills both columns when a part is inserted', async () => {
    const part = await row('SC-1');
    expect(part.text).toBe(part.expected);
    expect(part.text).toContain('filtro de aceite');
    expect(part.words).toBe(' sc 1 sc1 filtro de aceite motor filtros generico ');
  });

  it('renews them when a field they come from changes, and only then', async () => {
    await t.database.db.execute(sql`update parts set notes = 'Rosca M14x1.5', price_list_1 = 5 where part_number = 'SC-2'`);
    let part = await row('SC-2');
    expect(part.text).toBe(part.expected);
    expect(part.words).toContain(' rosca m14x1 5 ');
    // The import sets every column; a part whose searched fields are unchanged keeps its columns.
    await t.database.db.execute(sql`update parts set description = description, price_list_1 = 6 where part_number = 'SC-2'`);
    expect(await row('SC-2')).toEqual(part);
    // A category renamed is written into each part's path: the words follow.
    await t.database.db.execute(sql`update parts set category_path = array['Encendido'] where part_number = 'SC-2'`);
    part = await row('SC-2');
    expect(part.words).toContain(' encendido ');
    expect(part.words).not.toContain(' motor ');
  });

  it('computes them over when a statement writes them itself', async () => {
    await t.database.db.execute(sql`update parts set search_text = 'otra cosa', search_words = ' otra cosa ' where part_number = 'SC-1'`);
    const part = await row('SC-1');
    expect(part.text).toBe(part.expected);
    expect(part.words).not.toContain('otra');
    expect(part.words).toContain(' filtro de aceite ');
  });
});
