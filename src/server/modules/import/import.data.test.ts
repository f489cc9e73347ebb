/**
 * The real suppliers' catalogues of ../shared/data (never copied into the repository): every row
 * accounted for and the facts each file is known for. Run by `npm run test:data` (vitest.data.config.ts),
 * which fails when ../shared/data is missing; `npm test` covers the same rules on our own fixtures.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { categories, parts } from '../../db/schema.ts';
import { REAL_DATA, readRealFile } from '../../test/data.ts';
import { createTestDatabase, testEngines } from '../../test/db.ts';
import { accountedRows as accounted } from '../../test/import-report.ts';
import { detectFormat } from './parse.ts';
import { formatSummary, importCatalogueFile } from './service.ts';

const options = { lowStock: 5 };

it('detects the real workbook as XLSX', () => {
  expect(detectFormat(readRealFile('resortes'))).toBe('xlsx');
});

describe.each(testEngines())('importing the real catalogues on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('imports the DLC Motors JSON: 1,970 parts, 63 rubros, "0" prices as no price, OEM codes cleaned', async () => {
    const report = await importCatalogueFile(database.db, readRealFile('dlc'), { ...options, source: 'dlc' });
    expect(report).toMatchObject({ format: 'json', rows: 1970, inserted: 1970, updated: 0, rejected: 0 });
    const level1 = await database.db.select().from(categories).where(eq(categories.level, 1));
    expect(level1).toHaveLength(63);

    const [unpriced] = await database.db.select().from(parts).where(eq(parts.partNumber, '1041'));
    expect(unpriced?.price).toBeNull();
    expect(unpriced?.priceList1).toBeNull();
    expect(unpriced?.alternateCodes).toEqual([]); // "FÁBRICA" is not a code
    expect(unpriced?.stockLevel).toBe('En Stock');

    const withOem = await queryRows<{ part_number: string; price: string; price_list_1: string }>(
      database.db,
      sql`select part_number, price, price_list_1 from parts where '8200216462' = any(alternate_codes) order by part_number`,
    );
    expect(withOem.map((p) => p.part_number)).toEqual(['CE0007', 'CE0099']);
    expect(withOem[0]).toMatchObject({ price: '1000.00', price_list_1: '1000.00' });

    const negative = await queryRows<{ stock_level: string }>(database.db, sql`select stock_level from parts where stock_quantity < 0`);
    expect(negative.length).toBeGreaterThan(0);
    expect(negative.every((p) => p.stock_level === 'Sin Stock')).toBe(true);
  });

  it('importing the same file twice changes nothing', async () => {
    const report = await importCatalogueFile(database.db, readRealFile('dlc'), { ...options, source: 'dlc' });
    expect(report).toMatchObject({ inserted: 0, updated: 0, unchanged: 1970, rejected: 0 });
    expect(formatSummary(report)).toBe('imported: 0 inserted, 0 updated, 1970 unchanged, 0 rejected');
  });

  it('imports the Resortes XLSX: numeric SKUs as text, blank rows counted, duplicates reported, the cost column left out', async () => {
    const report = await importCatalogueFile(database.db, readRealFile('resortes'), { ...options, source: 'resortes' });
    expect(report.format).toBe('xlsx');
    // 819 data rows and 5 empty rows the sheet skips between them: every one accounted for.
    expect(report.rows).toBe(824);
    expect(report.blank).toBe(5);
    expect(accounted(report)).toBe(report.rows);
    const reasons = report.rejections.map((r) => r.reason);
    expect(reasons.filter((r) => r === 'Falta el código del producto.')).toHaveLength(18);
    expect(reasons.filter((r) => r.startsWith('Fila sin código ni descripción'))).toHaveLength(1);
    expect(report.rejections.find((r) => r.row === 524)?.reason).toBe('Fila sin código ni descripción.');
    const repeated = [...(report.duplicates ?? []).map((d) => d.partNumber), ...(report.merged ?? []).map((m) => m.partNumber)];
    expect(new Set(repeated)).toEqual(new Set(['042FOS1092', '042MBS1036', '042MBS2120', '042MBS2171']));
    // The ten "ACERO PARABOLICO" rows carry a family name in the code column: rejected, not one part.
    expect(report.rejections.filter((r) => r.partNumber === 'ACERO PARABOLICO')).toHaveLength(10);
    expect(report.duplicates?.find((d) => d.partNumber === '042FOS1092')?.rows).toEqual([690, 693]);
    // "PRECIO COSTO" is the supplier's cost: never a price list unless mapped on purpose.
    expect(report.ignoredColumns?.map((c) => c.column)).toEqual(['PRECIO COSTO']);

    const [numeric] = await database.db.select().from(parts).where(eq(parts.partNumber, '205006150'));
    expect(numeric).toMatchObject({ price: '38435.00', priceList1: '38435.00', priceList2: null, stockLevel: 'En Stock' });
    const [rounded] = await database.db.select().from(parts).where(eq(parts.partNumber, '042VVS2100'));
    expect(rounded).toMatchObject({ priceList1: '470406.48', priceList2: null });
    expect(rounded?.categoryPath).toEqual(['Hojas Listas Parabolicas/ventiladas']);
  });

  it('imports the Zabala JSON: multi-code cells, duplicates and empty codes reported, accent twins folded, brand kept', async () => {
    const report = await importCatalogueFile(database.db, readRealFile('zabala'), {
      ...options,
      source: 'zabala',
      imageDir: REAL_DATA.zabalaImages,
    });
    expect(report.rows).toBe(7861);
    expect(accounted(report)).toBe(7861);
    expect(report.updated).toBe(0);
    const empty = report.rejections.filter((r) => r.reason === 'Falta el código del producto.');
    expect(empty.length).toBeGreaterThanOrEqual(21); // 21 empty cells plus placeholders such as "S/N"
    // 91 repeated codes: identical rows merged, differing ones reported with their row numbers.
    const repeatedRows = (report.merged?.length ?? 0) + (report.duplicates ?? []).reduce((n, g) => n + g.rows.length - 1, 0);
    expect(repeatedRows).toBeGreaterThanOrEqual(91);
    for (const d of report.duplicates ?? []) expect(d.rows.length).toBeGreaterThanOrEqual(2);
    // Two codes are other catalogues' different parts: reported as conflicts, those parts left alone.
    expect(report.conflicts).toHaveLength(2);
    for (const c of report.conflicts ?? []) expect(['dlc', 'resortes']).toContain(c.source);
    // Most image references point at photos the shop never published.
    expect(report.missingImages?.count).toBeGreaterThan(6000);
    expect(report.missingImages?.first).toHaveLength(50);

    const [multi] = await database.db.select().from(parts).where(eq(parts.partNumber, '0002504615'));
    expect(multi?.alternateCodes).toEqual(['3482654113', '1878654433', '3151000808']);
    expect(multi?.brand).toBe('Mercedes Benz');
    expect(multi?.categoryPath).toEqual(['Varios', 'OM352']);
    expect(multi?.imageUrl).toBe('img/products/om352/conjunto-embrague-om352.jpg');

    const [original] = await database.db.select().from(parts).where(eq(parts.partNumber, '>71184'));
    expect(original?.alternateCodes).toEqual(['3660100580', '3660100680']);

    const twins = await queryRows<{ name: string }>(
      database.db,
      sql`select name from categories where level = 1 and name_key = 'refrigeracion'`,
    );
    expect(twins).toEqual([{ name: 'REFRIGERACIÓN' }]);
  });

  it('stores the search text of every part as the per-code rule defines it (migration 0007 keeps it)', async () => {
    // The rule as first written (a sub-select keys one alternate code at a time), as a plain query.
    // Empty pieces keep their separator (an empty category path leaves a trailing space), as before.
    const differing = await queryRows<{ part_number: string }>(
      database.db,
      sql`select part_number from parts where search_text is distinct from public.portal_fold(pg_catalog.concat_ws(' ',
            part_number, public.portal_code_key(part_number), pg_catalog.array_to_string(alternate_codes, ' '),
            (select pg_catalog.string_agg(public.portal_code_key(c), ' ') from pg_catalog.unnest(alternate_codes) as c),
            description, brand, pg_catalog.array_to_string(category_path, ' ')))`,
    );
    expect(differing).toEqual([]);
    const [withCodes] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from parts where cardinality(alternate_codes) > 1`,
    );
    expect(withCodes?.n).toBeGreaterThan(100);

    const [multi] = await queryRows<{ search_text: string }>(
      database.db,
      sql`select search_text from parts where part_number = '0002504615'`,
    );
    expect(multi?.search_text).toBe(
      '0002504615 0002504615 3482654113 1878654433 3151000808 3482654113 1878654433 3151000808 conj. placa disco crapodina de embrague 310mm 10 est luk om352 1114/1517 mercedes benz varios om352',
    );
    const [written] = await queryRows<{ search_text: string }>(
      database.db,
      sql`insert into parts (part_number, description, brand, alternate_codes)
          values ('ÑU-06.h10', 'Bujía de encendido', null, array['AB 12-c', 'x/Ü.9'])
          returning search_text`,
    );
    expect(written?.search_text).toBe('nu-06.h10 nu06h10 ab 12-c x/u.9 ab12c xu9 bujia de encendido ');
    const [none] = await queryRows<{ search_text: string }>(
      database.db,
      sql`update parts set alternate_codes = '{}' where part_number = 'ÑU-06.h10' returning search_text`,
    );
    expect(none?.search_text).toBe('nu-06.h10 nu06h10  bujia de encendido ');
    await database.db.delete(parts).where(eq(parts.partNumber, 'ÑU-06.h10'));
  });
});
