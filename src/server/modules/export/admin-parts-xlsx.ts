/**
 * The panel's parts spreadsheet (issue 21 item 4; docs/product.md §10.2 "Repuestos"): the filtered
 * admin list, inactive parts included, with the chosen price list, stock and hand edits, written
 * row by row with exceljs's streaming writer straight into the response.
 */
import type { Writable } from 'node:stream';
import type { AdminListPart } from '../../../shared/admin.ts';
import { formatPrintDate } from '../../../shared/print.ts';
import { whenWritable } from './stream.ts';
import { PRICE_FORMAT, safeCellText } from './xlsx.ts';

/** Column headers, in order; the price column is named after its list ("Lista 3"). */
export function adminPartsHeaders(priceList: number): string[] {
  return [
    'Código',
    'Descripción',
    'Categoría',
    'Marca',
    `Lista ${priceList}`,
    'Stock (unidades)',
    'Nivel de stock',
    'Activo',
    'Foto',
    'Editado a mano',
  ];
}

const WIDTHS = [18, 60, 42, 18, 16, 12, 14, 8, 8, 30];
const PRICE_COLUMN = 5;
const FIRST_DATA_ROW = 3;

export interface AdminPartsXlsxOptions {
  out: Writable;
  /** Parts in export order, in batches. */
  batches: AsyncIterable<AdminListPart[]>;
  /** The list (1–10) the price column shows. */
  priceList: number;
  brandName: string;
  now: Date;
}

/**
 * Writes the workbook to `out`: a title row (brand, "Repuestos", date), a frozen header row with
 * an auto-filter, and one row per part: code, description, category path, brand, the list's price
 * (a number in ARS format, or empty without one), units in stock (empty when the source gave a
 * level only), stock level, active, photo and the fields edited by hand (import names). Texts are
 * made safe from formulas. Waits for the client between batches; ends `out` when done.
 * @throws ExportAborted when the client disconnects.
 */
export async function writeAdminPartsXlsx(options: AdminPartsXlsxOptions): Promise<void> {
  const { out } = options;
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = options.brandName;
  workbook.created = options.now;
  const sheet = workbook.addWorksheet('Repuestos', { views: [{ state: 'frozen', xSplit: 0, ySplit: FIRST_DATA_ROW - 1 }] });
  sheet.columns = WIDTHS.map((width) => ({ width }));
  const headers = adminPartsHeaders(options.priceList);

  const title = sheet.addRow([safeCellText(`${options.brandName} — Repuestos — ${formatPrintDate(options.now)}`)]);
  title.font = { bold: true, size: 14 };
  sheet.mergeCells(1, 1, 1, headers.length);
  title.commit();
  const header = sheet.addRow(headers);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } };
  });
  header.commit();
  sheet.autoFilter = { from: { row: FIRST_DATA_ROW - 1, column: 1 }, to: { row: FIRST_DATA_ROW - 1, column: headers.length } };

  for await (const batch of options.batches) {
    for (const part of batch) {
      const price = part.priceLists[options.priceList - 1] ?? null;
      const row = sheet.addRow([
        safeCellText(part.partNumber),
        safeCellText(part.description),
        safeCellText(part.categoryPath.join(' > ')),
        safeCellText(part.brand ?? ''),
        price === null ? null : Number(price),
        part.stockQuantity,
        safeCellText(part.stockLevel),
        part.isActive ? 'Sí' : 'No',
        part.imageUrl ? 'Sí' : 'No',
        safeCellText(part.handEditedFields.join(', ')),
      ]);
      if (price !== null) row.getCell(PRICE_COLUMN).numFmt = PRICE_FORMAT;
      row.commit();
    }
    await whenWritable(out);
  }
  sheet.commit();
  await workbook.commit();
}
