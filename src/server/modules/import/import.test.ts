import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { categories, parts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { inventoryXlsx, readFixture } from '../../test/catalogues.ts';
import { createTestDatabase, testEngines } from '../../test/db.ts';
import { COST_COLUMN_REASON, mapHeaders, splitAlternateCodes, splitCodeCell, splitPriceList, unescapeExcel } from './map.ts';
import { detectFormat, parseSource } from './parse.ts';
import { formatSummary, importCatalogueFile } from './service.ts';

const options = { lowStock: 5 };

describe('source mapping rules', () => {
  it('maps headers by name ignoring case and accents, with aliases', () => {
    const map = mapHeaders(['Código', 'PRODUCTO', 'Rubro', 'CodBarras', 'Precio', 'Stock']);
    expect(map.fields.partNumber).toEqual(['Código']);
    expect(map.fields.description).toEqual(['PRODUCTO']);
    expect(map.fields.category1).toEqual(['Rubro']);
    expect(map.fields.alternateCodes).toEqual(['CodBarras']);
    expect(map.priceColumns.filter(Boolean)).toEqual(['Precio']);
  });

  it('orders extra price columns as lists 1, 2, … and never takes a cost column unless it is mapped', () => {
    const map = mapHeaders(['sku', 'nombre', 'precio uni', 'PRECIO COSTO', 'Precio mayorista', 'compra']);
    expect(map.priceColumns.filter(Boolean)).toEqual(['precio uni', 'Precio mayorista']);
    expect(map.ignored.map((i) => i.column)).toEqual(['PRECIO COSTO', 'compra']);
    // Left out by the mapping as well (the panel's "Ignorar"): the cost reason stays.
    const left = mapHeaders(
      ['sku', 'PRECIO COSTO', 'Obs'],
      [
        { target: 'ignore', column: 'PRECIO COSTO' },
        { target: 'ignore', column: 'Obs' },
      ],
    );
    expect(left.ignored).toEqual([
      { column: 'PRECIO COSTO', reason: COST_COLUMN_REASON },
      { column: 'Obs', reason: 'ignorada por el mapeo' },
    ]);
    const explicit = mapHeaders(['sku', 'nombre', 'precio uni', 'PRECIO COSTO'], [{ target: 'priceList3', column: 'precio costo' }]);
    expect(explicit.priceColumns.slice(0, 3)).toEqual(['precio uni', null, 'PRECIO COSTO']);
    expect(() => mapHeaders(['sku'], [{ target: 'description', column: 'nombre' }])).toThrow('La columna «nombre» no está en el archivo');
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

  it('detects the format from the bytes', async () => {
    expect(detectFormat(Buffer.from('  [{"a":1}]'))).toBe('json');
    expect(detectFormat(Buffer.from('codigo;descripcion\n'))).toBe('csv');
    expect(detectFormat(await inventoryXlsx())).toBe('xlsx');
    expect(detectFormat(readFixture('latin1Csv'))).toBe('csv');
  });

  it('says in Spanish what is wrong with a file it cannot read, and where', async () => {
    const refused = async (bytes: Buffer) =>
      (await parseSource(bytes).then(
        () => 'read',
        (e: Error) => e.message,
      )) as string;
    expect(await refused(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe(
      'El archivo no se puede importar. Es una planilla de Excel antigua (.xls): ábrala en Excel, guárdela como .xlsx o CSV e impórtela de nuevo.',
    );
    expect(await refused(Buffer.from('%PDF-1.7\n'))).toBe(
      'El archivo no se puede importar. Es un PDF: la importación lee planillas XLSX, archivos CSV o JSON.',
    );
    expect(await refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toMatch(
      /^El archivo no se puede importar\. Es una imagen/,
    );
    // Files of fewer bytes than a signature are read as text: `[]` is an empty list, `a` a header.
    expect(await refused(Buffer.from('[]'))).toBe('read');
    expect(await refused(Buffer.from('a'))).toBe('read');
    expect(await refused(Buffer.from('codigo,descripcion\nA\u0000B,x'))).toBe(
      'El archivo no se puede importar: no es una planilla XLSX, un CSV ni un JSON.',
    );
    expect(await refused(Buffer.from('[{"codigo": "A-1",\n  "descripcion": "Filtro" "precio": 1}]'))).toBe(
      'El JSON no es válido: revise las comas, comillas y llaves en la línea 2, columna 27.',
    );
    expect(await refused(Buffer.from('[{"codigo": "A-1"'))).toBe(
      'El JSON no es válido: el archivo termina antes de cerrar la lista (¿está incompleto?).',
    );
    expect(await refused(Buffer.from('codigo,descripcion\nA-1,"Filtro"x\n'))).toBe(
      'El CSV no es válido: hay texto después de una comilla de cierre en la línea 2.',
    );
    expect(await refused(Buffer.from('codigo,descripcion\nA-1,x\nA-2,"Filtro\n'))).toBe(
      'El CSV no es válido: una comilla abierta en la línea 3 no se cierra.',
    );
  });

  it('reads the tab-separated UTF-16 text Excel saves as "Texto Unicode"', async () => {
    const text = '\uFEFFcódigo\tdescripción\tprecio\r\nA-1\tBujía, platino\t1500\r\n';
    const parsed = await parseSource(Buffer.from(text, 'utf16le'));
    expect(parsed).toEqual({
      format: 'csv',
      records: [{ row: 2, values: { código: 'A-1', descripción: 'Bujía, platino', precio: '1500' } }],
    });
  });
});

describe.each(testEngines())('importing the fixture catalogues on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });
  const part = async (partNumber: string) => (await database.db.select().from(parts).where(eq(parts.partNumber, partNumber)))[0];

  it('imports a shop JSON of strings: flat rubros with accent twins folded, "0" prices as no price, OEM codes cleaned', async () => {
    const report = await importCatalogueFile(database.db, readFixture('productsObject'), options);
    expect(report).toMatchObject({ format: 'json', rows: 18, inserted: 18, updated: 0, rejected: 0 });
    const level1 = await database.db.select().from(categories).where(eq(categories.level, 1));
    // Nine rubros: "Suspensión" and "Suspension" are one category, with the accented spelling.
    expect(level1).toHaveLength(9);
    expect(level1.filter((c) => c.nameKey === 'suspension').map((c) => c.name)).toEqual(['Suspensión']);

    const unpriced = await part('2051');
    expect(unpriced?.price).toBeNull();
    expect(unpriced?.priceList1).toBeNull();
    expect(unpriced?.alternateCodes).toEqual([]); // "FÁBRICA" is not a code
    expect(unpriced?.stockLevel).toBe('En Stock');
    expect(unpriced?.categoryPath).toEqual(['Polea']);

    const withOem = await queryRows<{ part_number: string; price: string; price_list_1: string }>(
      database.db,
      sql`select part_number, price, price_list_1 from parts where '7700112233' = any(alternate_codes) order by part_number`,
    );
    expect(withOem.map((p) => p.part_number)).toEqual(['DL0007', 'DL0099']);
    expect(withOem[0]).toMatchObject({ price: '1000.00', price_list_1: '1000.00' });
    expect((await part('DL0150'))?.alternateCodes).toEqual(['0030103383']); // ="0030103383"
    expect((await part('20510'))?.alternateCodes).toEqual(['5012345678']);
    expect((await part('DL0120'))?.alternateCodes).toEqual(['a6511590101']);

    const negative = await queryRows<{ part_number: string; stock_level: string }>(
      database.db,
      sql`select part_number, stock_level from parts where stock_quantity < 0 order by part_number`,
    );
    expect(negative).toEqual([
      { part_number: 'DL0099', stock_level: 'Sin Stock' },
      { part_number: 'DL0141', stock_level: 'Sin Stock' },
    ]);
    expect((await part('2052'))?.stockLevel).toBe('Bajo Stock');
  });

  it('importing the same file twice changes nothing', async () => {
    const report = await importCatalogueFile(database.db, readFixture('productsObject'), options);
    expect(report).toMatchObject({ inserted: 0, updated: 0, unchanged: 18, rejected: 0 });
    expect(formatSummary(report)).toBe('imported: 0 inserted, 0 updated, 18 unchanged, 0 rejected');
  });

  it('imports an XLSX under a title row: numeric SKUs as text, blank and heading rows and duplicates rejected, two price lists', async () => {
    const report = await importCatalogueFile(database.db, await inventoryXlsx(), options);
    // Row 13 is empty (the sheet skips it): counted as blank. The cost column is not a price list.
    expect(report).toMatchObject({ format: 'xlsx', rows: 12, inserted: 6, updated: 0, rejected: 4, blank: 1 });
    const family = 'El código son palabras sin números (un título o una familia, no un código de artículo).';
    expect(report.rejections).toEqual([
      { row: 6, reason: 'Falta el código del producto.' },
      { row: 7, reason: 'Fila sin código ni descripción.' },
      { row: 11, partNumber: 'ACERO PARABOLICO', reason: family },
      { row: 12, partNumber: 'ACERO PARABOLICO', reason: family },
    ]);
    expect(report.duplicates).toEqual([
      { partNumber: '052BBB2100', rows: [8, 10], descriptions: ['PARABOLICO 90X20 FT', 'PARABOLICO 90X20 FT HJ 01 (repetido)'] },
    ]);
    expect(report.ignoredColumns?.map((c) => c.column)).toEqual(['PRECIO COSTO']);
    expect(formatSummary(report)).toBe('imported: 6 inserted, 0 updated, 0 unchanged, 4 rejected, 1 duplicates, 1 blank');
    expect(await part('305006150')).toMatchObject({ price: '38435.00', priceList1: '38435.00', priceList2: null, stockLevel: 'En Stock' });
    const rounded = await part('052BBB2100');
    expect(rounded).toMatchObject({ priceList1: '470406.48', priceList2: null, stockLevel: 'Bajo Stock' });
    expect(rounded?.categoryPath).toEqual(['Hojas Listas Parabolicas/ventiladas']);
    expect(await part('052BBB2101')).toMatchObject({ description: 'PARABOLICO 90X20 RR', priceList1: null });
    expect(await part('053CCC3001')).toMatchObject({ priceList1: '345519.00', priceList2: null });

    // Mapped explicitly, the cost column becomes list 2 (and list 1 is no longer the base price).
    const mapped = await importCatalogueFile(database.db, await inventoryXlsx(), {
      ...options,
      mapping: [{ target: 'priceList2', column: 'PRECIO COSTO' }],
    });
    expect(mapped.ignoredColumns).toEqual([]);
    expect(await part('053CCC3001')).toMatchObject({ priceList1: '345519.00', priceList2: '145176.00' });
    expect(await part('305006150')).toMatchObject({ price: null, priceList1: '38435.00', priceList2: '16149.00' });
  });

  it('imports a JSON array with multi-code cells, duplicates and empty codes reported, accent twins folded, brand kept', async () => {
    const report = await importCatalogueFile(database.db, readFixture('productsArray'), options);
    expect(report).toMatchObject({ format: 'json', rows: 22, inserted: 17, rejected: 3 });
    expect(report.rejections).toEqual([
      { row: 17, reason: 'Falta el código del producto.' },
      { row: 18, reason: 'Falta el código del producto.' },
      { row: 19, reason: 'Falta el código del producto.' }, // "S/N"
    ]);
    expect(report.duplicates?.map((d) => [d.partNumber, d.rows])).toEqual([
      ['0001840011', [1, 20]],
      ['1310999', [11, 21]],
    ]);

    const multi = await part('0009901234');
    expect(multi?.alternateCodes).toEqual(['3419905512', '1718805533', '2159006644']);
    expect(multi?.brand).toBe('Mercedes Benz');
    expect(multi?.categoryPath).toEqual(['Varios', 'OM352']);
    expect(multi?.imageUrl).toBe('img/products/om352/conjunto-embrague-om352.png');
    expect((await part('3520549901'))?.alternateCodes).toEqual(['3520549902']);
    expect((await part('4220500111'))?.alternateCodes).toEqual(['4030540222']);
    expect((await part('>71234'))?.alternateCodes).toEqual(['3660109999', '3660108888']);
    expect((await part('0004309911'))?.alternateCodes).toEqual(['I94399', '0004309912', '0004309913']);
    expect((await part('CUMMINS 6CT/ISCE'))?.categoryPath).toEqual(['Varios', '6C']);
    expect(await part('>00977/1')).toMatchObject({
      categoryPath: ['Varios', 'OM366'],
      imageUrl: 'img/products/om366/piñon distribucion om366.jpg',
    });
    expect((await part('1499123'))?.categoryPath).toEqual(['CARROCERIA', 'Scania 111']);

    const twins = await queryRows<{ name: string }>(
      database.db,
      sql`select name from categories where level = 1 and name_key = 'refrigeracion'`,
    );
    // The accented spelling names the folded category, whichever came first.
    expect(twins).toEqual([{ name: 'REFRIGERACIÓN' }]);
    const [radiators] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from parts p join categories c on c.id = p.category_id join categories l1 on l1.id = c.parent_id
          where l1.name_key = 'refrigeracion'`,
    );
    expect(radiators?.n).toBe(3);
  });

  it('imports raw ERP records: "a-b-c" price lists with "-" entries, text stock, bad records reported', async () => {
    const report = await importCatalogueFile(database.db, readFixture('erpRecords'), options);
    expect(report).toMatchObject({ format: 'json', rows: 10, inserted: 6, rejected: 3 });
    expect(report.duplicates?.map((d) => [d.partNumber, d.rows])).toEqual([['ERP-100', [1, 7]]]);
    expect(report.rejections).toEqual([
      { row: 8, reason: 'Falta el código del producto.' },
      { row: 9, partNumber: 'ERP-106', reason: 'Falta la descripción.' },
      { row: 10, reason: 'El registro no es un objeto.' },
    ]);
    expect(await part('ERP-100')).toMatchObject({
      price: null,
      priceList1: '15400.50',
      priceList2: '14100.00',
      priceList3: '13250.75',
      priceList4: '16900.00',
      priceList5: null,
      brand: 'Fremax',
      categoryPath: ['Repuestos', 'Frenos', 'Discos'],
      stockQuantity: 14,
    });
    expect(await part('ERP-101')).toMatchObject({
      priceList1: '8200.00',
      priceList2: null,
      priceList3: '7900.00',
      stockLevel: 'Bajo Stock',
    });
    expect(await part('ERP-102')).toMatchObject({ priceList1: null, stockLevel: 'Sin Stock', imageUrl: 'embragues/kit ranger ñ.jpg' });
    expect(await part('ERP-104')).toMatchObject({ priceList5: '3900.00', stockQuantity: null, stockLevel: 'Sin Stock', brand: null });
    expect(await part('ERP-105')).toMatchObject({ priceList1: '1234.50' });
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
    expect(withCodes?.n).toBe(3);

    const [multi] = await queryRows<{ search_text: string }>(
      database.db,
      sql`select search_text from parts where part_number = '0009901234'`,
    );
    expect(multi?.search_text).toBe(
      '0009901234 0009901234 3419905512 1718805533 2159006644 3419905512 1718805533 2159006644 conj. placa disco embrague 310mm om352 1114/1517 mercedes benz varios om352',
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

  it('imports a Latin-1 CSV with semicolons, and a full sync deactivates missing parts', async () => {
    const [{ n: activeBefore } = { n: 0 }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from parts where is_active`,
    );
    expect(activeBefore).toBe(47);
    // Deactivating every active part is a large change: refused, with nothing changed, until confirmed.
    await expect(importCatalogueFile(database.db, readFixture('latin1Csv'), { ...options, fullSync: true })).rejects.toThrow(
      'Desactivaría 47 de 47 productos activos (100 %, más del 10 %).',
    );
    const [{ n: stillActive } = { n: 0 }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from parts where is_active`,
    );
    expect(stillActive).toBe(47);
    const report = await importCatalogueFile(database.db, readFixture('latin1Csv'), { ...options, fullSync: true, confirmLarge: true });
    expect(report).toMatchObject({ format: 'csv', rows: 7, inserted: 4, rejected: 1, blank: 1, deactivated: 47 });
    expect(report.rejections).toEqual([{ row: 8, reason: 'Falta el código del producto.' }]);
    expect(report.duplicates?.map((d) => [d.partNumber, d.rows])).toEqual([['CSV-2', [3, 7]]]);
    expect(await part('CSV-1')).toMatchObject({
      description: 'Bujía de encendido',
      brand: 'NGK',
      price: '1234.50',
      stockLevel: 'Bajo Stock',
      categoryPath: ['Encendido'],
    });
    expect(await part('CSV-2')).toMatchObject({ description: 'Cigüeñal', price: null, stockLevel: 'Sin Stock', isActive: true });
    expect(await part('CSV-3')).toMatchObject({ description: 'Junta; tapa de cilindros', price: '980.00' });
    expect(await part('CSV-4')).toMatchObject({ description: 'Piñón de arranque', price: '15999.90', stockLevel: 'Consultar' });
    const active = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from parts where is_active`);
    expect(active).toEqual([{ n: 4 }]);
    // Bringing a part back reactivates it.
    const again = await importCatalogueFile(database.db, readFixture('productsObject'), options);
    expect(again.updated).toBe(18);
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

  it('keeps what a full sync lists even when a code holds the control character its list is joined with', async () => {
    // The kept codes go to the database as one text split at U+0001 (service.ts `codeList`).
    const odd = 'CTRL\u0001-9';
    const rows = [
      { codigo: odd, descripcion: 'Código con un carácter de control', precios: '10' },
      { codigo: 'CTRL-1', descripcion: 'Sale de la lista', precios: '10' },
    ];
    await importCatalogueFile(database.db, Buffer.from(JSON.stringify(rows)), { ...options, fullSync: true, confirmLarge: true });
    const report = await importCatalogueFile(database.db, Buffer.from(JSON.stringify([rows[0]])), {
      ...options,
      fullSync: true,
      confirmLarge: true,
    });
    expect(report.deactivated).toBe(1);
    expect(await part(odd)).toMatchObject({ isActive: true });
    expect(await part('CTRL-1')).toMatchObject({ isActive: false });
  });
});
