/**
 * Catalogue fixtures of our own (made-up parts, in the repository) that reproduce the quirks of the
 * suppliers' real files, so `npm test` needs nothing outside the repository:
 * - `productsObject`: a shop's `{"products":[…]}` JSON, every value a string: `Codigo, Producto,
 *   Rubro, CodBarras, Precio, Stock`; "0" prices, negative stock, Excel-escaped OEM numbers
 *   (`"=""7700112233"""`) shared by two parts, `FÁBRICA` as a barcode, `Cigueñal` and `Cigüeñal`,
 *   accent-twin rubros.
 * - `productsArray`: a JSON array `id, name, brand, code, image, description`, optional `rubro` and
 *   `originalCode`: several codes in one cell (`A / B / C`, `A B`), codes with `>`, `/`, `-` and
 *   spaces, empty, `S/N` and duplicate codes, rubro missing on most rows and spelled with and
 *   without accent, image folders as a second category level, image paths with spaces and `ñ`.
 * - `erpRecords`: raw ERP records `codigo, descripcion, categoria1-3, precios "a-b-c", stock,
 *   imagen, marca` with `-` entries in the price list, a duplicate, an empty code, an empty
 *   description and a record that is not an object.
 * - `latin1Csv`: a Latin-1, semicolon-separated CSV with CRLF lines, accented headers, `1.234,50`
 *   amounts, a quoted cell holding a semicolon, a blank line, a duplicate and a missing code.
 * - `inventoryXlsx()`: an XLSX (sheet `Hoja1`) whose header sits under a title row: SKUs as text and
 *   as numbers, a blank SKU, a section heading stored as a row, duplicate SKUs, 4-decimal prices in
 *   two price columns, rich-text and formula cells.
 * - `bulkRecords(n)`: `n` generated parts in the `productsArray` shape, for paging and filters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/catalogues');

/** Paths of the fixture files. */
export const FIXTURES = {
  productsObject: path.join(dir, 'products-object.json'),
  productsArray: path.join(dir, 'products-array.json'),
  erpRecords: path.join(dir, 'erp-records.json'),
  latin1Csv: path.join(dir, 'latin1-semicolon.csv'),
} as const;

/** Image folder holding the photos `productsArray` names (`img/products/om352/*.png`). */
export const FIXTURE_IMAGE_DIR = path.join(dir, 'images');

export type FixtureName = keyof typeof FIXTURES;

/** The bytes of a fixture file. */
export function readFixture(name: FixtureName): Buffer {
  return fs.readFileSync(FIXTURES[name]);
}

/** The bytes of any fixture, the generated workbook included. */
export async function fixtureSource(name: FixtureName | 'inventoryXlsx'): Promise<Buffer> {
  return name === 'inventoryXlsx' ? inventoryXlsx() : readFixture(name);
}

/**
 * The inventory workbook: row 1 is a title, row 2 the header, data from row 3. Importing it gives
 * 11 records, 7 parts and these rejections: row 6 no SKU, row 7 a section heading, rows 10 and 12
 * duplicates of rows 8 and 11.
 */
export async function inventoryXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Hoja1');
  sheet.addRow(['INVENTARIO RESORTES DEL SUR - marzo 2025']);
  sheet.addRow(['sku', 'nombre', 'categoria', 'stock', 'estado', 'precio uni', 'PRECIO COSTO']);
  const rows: ExcelJS.CellValue[][] = [
    ['051AAA1001', 'CAMION LIVIANO DEL HJ01', 'Hojas Listas Convencionales', 100, null, 111860, 47000],
    ['051AAA1002', 'CAMION LIVIANO DEL HJ02', 'Hojas Listas Convencionales', 100, null, 114478.5, 48100],
    // A numeric SKU: the spreadsheet dropped its leading zero (0305006150).
    [305006150, 'BUJE ELASTICO 305006150', 'Bujes', 12, 'activo', 38435, 16149],
    [null, 'RESORTE SIN CODIGO', 'Paquete convencional', 4, null, 5000, 2000],
    // A section heading stored as a row.
    [null, null, 'Paquete convencional', 100],
    ['052BBB2100', 'PARABOLICO 90X20 FT', 'Hojas Listas Parabolicas/ventiladas', 3, null, 470406.4812, 197649.7788],
    [
      '052BBB2101',
      { richText: [{ text: 'PARABOLICO ' }, { font: { bold: true }, text: '90X20 RR' }] },
      'Hojas Listas Parabolicas/ventiladas',
      7,
    ],
    ['052BBB2100', 'PARABOLICO 90X20 FT HJ 01 (repetido)', 'Hojas Listas Parabolicas/ventiladas', 100, null, 470406, 197649],
    ['ACERO PARABOLICO', 'ACERO PARABOLICO 90X13', 'Materias primas', 0, null, 2500, 1000],
    ['ACERO PARABOLICO', 'ACERO PARABOLICO 75X12', 'Materias primas', 0, null, 2400, 950],
  ];
  for (const row of rows) sheet.addRow(row);
  sheet.addRow([]);
  sheet.addRow([
    '053CCC3001',
    'TOLVA 5000 100 X 10 ST',
    'Paquete convencional',
    100,
    null,
    { formula: '345000+519', result: 345519 },
    145176,
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const BULK_KINDS = ['FILTRO ACEITE', 'JUNTA TAPA CILINDRO', 'BOMBA AGUA', 'RETEN CIGÜEÑAL', 'CRUCETA CARDAN', 'DISCO EMBRAGUE'];
const BULK_MAKERS = [
  { brand: 'Scania', folder: 'Scania 111' },
  { brand: 'Mercedes Benz', folder: 'om352' },
  { brand: 'Cummins', folder: '6c' },
  { brand: 'Iveco', folder: 'iveco' },
] as const;

/**
 * `count` generated parts in the `productsArray` shape: codes `BK-00001`…, brands and image
 * folders in turn Scania (`Scania 111`), Mercedes Benz (`om352`), Cummins (`6c`), Iveco (`iveco`),
 * no rubro (level 1 `Varios`, level 2 the folder), no prices.
 */
export function bulkRecords(count: number): Record<string, string>[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const maker = BULK_MAKERS[i % BULK_MAKERS.length] as (typeof BULK_MAKERS)[number];
    const kind = BULK_KINDS[i % BULK_KINDS.length] as string;
    const code = `BK-${String(n).padStart(5, '0')}`;
    const name = `${kind} ${maker.brand.toUpperCase()} SERIE ${n}`;
    return {
      id: `B${n}`,
      name,
      brand: maker.brand,
      code,
      image: `img/products/${maker.folder}/bk-${n}.jpg`,
      description: `${name} ${code}`,
    };
  });
}
