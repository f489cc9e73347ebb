import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { categories, parts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { readRealFile } from '../../test/data.ts';
import { createTestDatabase, testEngines } from '../../test/db.ts';
import { mapHeaders, splitAlternateCodes, splitCodeCell, splitPriceList, unescapeExcel } from './map.ts';
import { detectFormat } from './parse.ts';
import { formatSummary, importCatalogueFile } from './service.ts';

const options = { lowStock: 5 };

describe('source mapping rules', () => {
  it('maps headers by name ignoring case and accents, with aliases', () => {
    const map = mapHeaders(['Código', 'PRODUCTO', 'Rubro', 'CodBarras', 'Precio', 'Stock']);
    expect(map.fields.partNumber).toEqual(['Código']);
    expect(map.fields.description).toEqual(['PRODUCTO']);
    expect(map.fields.category1).toEqual(['Rubro']);
    expect(map.fields.alternates).toEqual(['CodBarras']);
    expect(map.priceColumns).toEqual(['Precio']);
  });

  it('orders extra price columns as lists 1, 2, …', () => {
    const map = mapHeaders(['sku', 'nombre', 'precio uni', 'PRECIO COSTO']);
    expect(map.priceColumns).toEqual(['precio uni', 'PRECIO COSTO']);
  });

  it('prefers "name" over a longer "description" for the description', () => {
    expect(mapHeaders(['code', 'description', 'name']).fields.description).toEqual(['name']);
  });

  it('cleans Excel-escaped values', () => {
    expect(unescapeExcel('"=""8200216462"""')).toBe('8200216462');
    expect(unescapeExcel('="0046774707"')).toBe('0046774707');
    expect(unescapeExcel('84210-52050')).toBe('84210-52050');
  });

  it('splits multi-code cells and keeps single codes whole', () => {
    expect(splitCodeCell('0002504615 / 3482654113 / 1878654433')).toEqual(['0002504615', '3482654113', '1878654433']);
    expect(splitCodeCell('4220500325 4030540101')).toEqual(['4220500325', '4030540101']);
    expect(splitCodeCell('>00935/1')).toEqual(['>00935/1']);
    expect(splitCodeCell('CUMMINS 6CT/ISCE')).toEqual(['CUMMINS 6CT/ISCE']);
    expect(splitCodeCell('S/N')).toEqual([]);
    expect(splitCodeCell('  ')).toEqual([]);
  });

  it('keeps only code-like alternate codes', () => {
    expect(splitAlternateCodes('FÁBRICA')).toEqual([]);
    expect(splitAlternateCodes('"=""8200216462"""')).toEqual(['8200216462']);
    expect(splitAlternateCodes('I94326 0004304926')).toEqual(['I94326', '0004304926']);
  });

  it('splits ERP price lists where an entry may be "-"', () => {
    expect(splitPriceList('100.50---200')).toEqual(['100.50', '-', '200']);
    expect(splitPriceList('1-2-3')).toEqual(['1', '2', '3']);
  });

  it('detects the format from the bytes', () => {
    expect(detectFormat(Buffer.from('  [{"a":1}]'))).toBe('json');
    expect(detectFormat(Buffer.from('codigo;descripcion\n'))).toBe('csv');
    expect(detectFormat(readRealFile('resortes'))).toBe('xlsx');
  });
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
    const report = await importCatalogueFile(database.db, readRealFile('dlc'), options);
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
    const report = await importCatalogueFile(database.db, readRealFile('dlc'), options);
    expect(report).toMatchObject({ inserted: 0, updated: 0, unchanged: 1970, rejected: 0 });
    expect(formatSummary(report)).toBe('imported: 0 inserted, 0 updated, 1970 unchanged, 0 rejected');
  });

  it('imports the Resortes XLSX: numeric SKUs as text, blank and heading rows and duplicates rejected, two price lists', async () => {
    const report = await importCatalogueFile(database.db, readRealFile('resortes'), options);
    expect(report.format).toBe('xlsx');
    expect(report.rows).toBe(819);
    expect(report.inserted + report.updated + report.rejected).toBe(819);
    const reasons = report.rejections.map((r) => r.reason);
    expect(reasons.filter((r) => r === 'Falta el código del producto.')).toHaveLength(18);
    expect(reasons.filter((r) => r.startsWith('Fila sin código ni descripción'))).toHaveLength(1);
    expect(report.rejections.find((r) => r.row === 524)?.reason).toMatch(/título de sección/);
    const duplicates = report.rejections.filter((r) => r.reason.startsWith('Código duplicado'));
    expect(new Set(duplicates.map((d) => d.partNumber))).toEqual(
      new Set(['042FOS1092', '042MBS1036', '042MBS2120', '042MBS2171', 'ACERO PARABOLICO']),
    );
    expect(duplicates.find((d) => d.row === 693)?.reason).toBe('Código duplicado: ya aparece en la fila 690.');

    const [numeric] = await database.db.select().from(parts).where(eq(parts.partNumber, '205006150'));
    expect(numeric).toMatchObject({ price: null, priceList1: '38435.00', priceList2: '16149.00', stockLevel: 'En Stock' });
    const [rounded] = await database.db.select().from(parts).where(eq(parts.partNumber, '042VVS2100'));
    expect(rounded).toMatchObject({ priceList1: '470406.48', priceList2: '197649.78' });
    expect(rounded?.categoryPath).toEqual(['Hojas Listas Parabolicas/ventiladas']);
  });

  it('imports the Zabala JSON: multi-code cells, duplicates and empty codes reported, accent twins folded, brand kept', async () => {
    const report = await importCatalogueFile(database.db, readRealFile('zabala'), options);
    expect(report.rows).toBe(7861);
    expect(report.inserted + report.updated + report.unchanged + report.rejected).toBe(7861);
    const empty = report.rejections.filter((r) => r.reason === 'Falta el código del producto.');
    expect(empty.length).toBeGreaterThanOrEqual(21); // 21 empty cells plus placeholders such as "S/N"
    const duplicates = report.rejections.filter((r) => r.reason.startsWith('Código duplicado'));
    expect(duplicates.length).toBeGreaterThanOrEqual(91);
    for (const d of duplicates) expect(d.partNumber).toBeTruthy();

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

  it('a file with no valid row fails and changes nothing', async () => {
    const before = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from parts`);
    const bad = Buffer.from(JSON.stringify([{ codigo: '', descripcion: 'sin código' }, { foo: 1 }]));
    await expect(importCatalogueFile(database.db, bad, options)).rejects.toBeInstanceOf(AppError);
    await expect(importCatalogueFile(database.db, Buffer.from('{"no": "list"}'), options)).rejects.toThrow(/lista/);
    await expect(importCatalogueFile(database.db, Buffer.from('[{"codigo": "X1",'), options)).rejects.toThrow(/JSON/);
    const after = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from parts`);
    expect(after).toEqual(before);
  });

  it('refuses a 100 MB file and a JSON that is not a list with a clear message, changing nothing', async () => {
    const before = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from parts`);
    const huge = Buffer.alloc(100 * 1024 * 1024, 0x20);
    await expect(importCatalogueFile(database.db, huge, options)).rejects.toThrow('El archivo supera el máximo de 50 MB.');
    await expect(importCatalogueFile(database.db, Buffer.from('{"total": 3, "pagina": 1}'), options)).rejects.toThrow(/lista de productos/);
    await expect(importCatalogueFile(database.db, Buffer.from('"solo un texto"'), options)).rejects.toThrow(
      'El archivo no tiene filas de datos.',
    );
    await expect(importCatalogueFile(database.db, Buffer.alloc(0), options)).rejects.toThrow('El archivo está vacío.');
    expect(await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from parts`)).toEqual(before);
  });

  it('a failure half way through the write rolls everything back', async () => {
    const before = await queryRows<{ n: number; v: string }>(
      database.db,
      sql`select count(*)::int as n, coalesce(max(updated_at)::text, '') as v from parts`,
    );
    // A constraint added for this test makes the second row's write fail inside the transaction;
    // the first row's insert must be rolled back with it.
    const rows = [
      { codigo: 'ROLLBACK-1', descripcion: 'Se revierte', precios: '10' },
      { codigo: 'ROLLBACK-2', descripcion: 'x'.repeat(10), precios: '10', stock: '99999999999999999999' },
    ];
    await database.db.execute(sql`alter table parts add constraint test_no_huge_stock check (stock_quantity < 1000000)`);
    try {
      await expect(importCatalogueFile(database.db, Buffer.from(JSON.stringify(rows)), options)).rejects.toThrow();
    } finally {
      await database.db.execute(sql`alter table parts drop constraint test_no_huge_stock`);
    }
    const after = await queryRows<{ n: number; v: string }>(
      database.db,
      sql`select count(*)::int as n, coalesce(max(updated_at)::text, '') as v from parts`,
    );
    expect(after).toEqual(before);
    const leftover = await database.db.select().from(parts).where(eq(parts.partNumber, 'ROLLBACK-1'));
    expect(leftover).toEqual([]);
  });

  it('imports CSV with semicolons, Latin-1 text and a full sync deactivates missing parts', async () => {
    const csv = Buffer.from(
      'Código;Descripción;Rubro;Precio;Stock\nCSV-1;Bujía de encendido;Encendido;1.234,50;3\nCSV-2;Cigüeñal;Motor;-;0\n',
      'latin1',
    );
    const report = await importCatalogueFile(database.db, csv, { ...options, fullSync: true });
    expect(report).toMatchObject({ format: 'csv', inserted: 2, rejected: 0 });
    expect(report.deactivated).toBeGreaterThan(9000);
    const [bujia] = await database.db.select().from(parts).where(eq(parts.partNumber, 'CSV-1'));
    expect(bujia).toMatchObject({ description: 'Bujía de encendido', price: '1234.50', stockLevel: 'Bajo Stock' });
    const [crank] = await database.db.select().from(parts).where(eq(parts.partNumber, 'CSV-2'));
    expect(crank).toMatchObject({ price: null, stockLevel: 'Sin Stock', isActive: true });
    const active = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from parts where is_active`);
    expect(active).toEqual([{ n: 2 }]);
    // Bringing a part back reactivates it.
    const again = await importCatalogueFile(database.db, readRealFile('dlc'), options);
    expect(again.updated).toBe(1970);
  });

  it('reads an XLSX written by a spreadsheet with numeric and text cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Lista');
    sheet.addRow(['SKU', 'Nombre', 'Categoría', 'Precio', 'Marca']);
    sheet.addRow([123456, 'Amortiguador delantero', 'Suspensión', 15999.9, 'Corven']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const report = await importCatalogueFile(database.db, buffer, options);
    expect(report).toMatchObject({ format: 'xlsx', inserted: 1 });
    const [part] = await database.db.select().from(parts).where(eq(parts.partNumber, '123456'));
    expect(part).toMatchObject({ brand: 'Corven', price: '15999.90', priceList1: '15999.90' });
  });
});
