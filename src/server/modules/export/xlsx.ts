/**
 * The spreadsheet export (issue 7; docs/product.md §9.1): one sheet written with exceljs's
 * streaming writer, row by row, straight into the response.
 */
import type { Writable } from 'node:stream';
import type { Part } from '../../../shared/api.ts';
import { NO_PRICE_TEXT, hasPrice } from '../../../shared/pricing.ts';
import { formatPrintDate } from '../../../shared/print.ts';
import { whenWritable } from './stream.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Column headers, in order (Spanish, as the catalogue shows them). */
export const XLSX_HEADERS = ['Código', 'Descripción', 'Categoría', 'Marca', 'Precio', 'Estado', 'Unidad de Venta'] as const;

/** ARS amount format of the price column. */
export const PRICE_FORMAT = '"$" #,##0.00';

const WIDTHS = [18, 60, 42, 18, 16, 12, 18];
const FIRST_DATA_ROW = 3;

/**
 * Makes a text safe for a spreadsheet cell (OWASP "CSV injection"): text that begins with `=`,
 * `+`, `-`, `@`, tab or carriage return gets a leading `'` so no spreadsheet reads it as a formula.
 * Cells are always written as plain strings, never formula objects.
 */
export function safeCellText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export interface CatalogueXlsxOptions {
  /** Where the file goes (the response stream). */
  out: Writable;
  /** Parts in export order, in batches. */
  batches: AsyncIterable<Part[]>;
  brandName: string;
  /** What narrows the list (`selectionTitle`: category, search, brand), shown in the title row; empty for all. */
  title?: string;
  /** Generation time for the title row. */
  now: Date;
}

/**
 * Writes the catalogue workbook to `out`: a title row (brand, "Catálogo de Productos", what
 * narrows the list, date), a
 * frozen header row and one row per part with code, description, category path ("A > B > C"),
 * brand, price (a number in ARS format, or "Consultar Precio"), stock level and sales unit.
 * Waits for the client between batches; ends `out` when done.
 * @throws ExportAborted when the client disconnects.
 */
export async function writeCatalogueXlsx(options: CatalogueXlsxOptions): Promise<void> {
  const { out } = options;
  // Loaded on first use: exceljs adds ~20 MB to a process that may never export.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = options.brandName;
  workbook.created = options.now;
  const sheet = workbook.addWorksheet('Catálogo', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: FIRST_DATA_ROW - 1 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = WIDTHS.map((width) => ({ width }));

  const heading = [options.brandName, 'Catálogo de Productos', options.title, formatPrintDate(options.now)].filter(Boolean).join(' — ');
  const title = sheet.addRow([safeCellText(heading)]);
  title.font = { bold: true, size: 14 };
  title.height = 22;
  sheet.mergeCells(1, 1, 1, XLSX_HEADERS.length);
  title.commit();

  const header = sheet.addRow([...XLSX_HEADERS]);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } };
    cell.alignment = { vertical: 'middle' };
  });
  header.commit();
  sheet.autoFilter = { from: { row: FIRST_DATA_ROW - 1, column: 1 }, to: { row: FIRST_DATA_ROW - 1, column: XLSX_HEADERS.length } };

  for await (const batch of options.batches) {
    for (const part of batch) {
      const priced = hasPrice(part.price);
      const row = sheet.addRow([
        safeCellText(part.partNumber),
        safeCellText(part.description),
        safeCellText(part.categoryPath.join(' > ')),
        safeCellText(part.brand ?? ''),
        priced ? Number(part.price) : NO_PRICE_TEXT,
        safeCellText(part.stockLevel),
        safeCellText(part.salesUnit),
      ]);
      const price = row.getCell(5);
      if (priced) price.numFmt = PRICE_FORMAT;
      price.alignment = { horizontal: 'right' };
      row.commit();
    }
    await whenWritable(out);
  }
  sheet.commit();
  await workbook.commit();
}
