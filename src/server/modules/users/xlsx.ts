/**
 * The users list as a spreadsheet (issue 21 item 6; docs/product.md §10.2): the panel's filtered
 * list, one row per account, written with exceljs's streaming writer into the response, with the
 * export module's formula-injection guard. Dates are Argentine time, as the panel shows them.
 */
import type { Writable } from 'node:stream';
import type { AdminUser } from '../../../shared/admin-users.ts';
import { USER_STATE_LABELS, USER_TYPE_LABELS, userState } from '../../../shared/admin-users.ts';
import { formatPrintDate, formatPrintDateTime } from '../../../shared/print.ts';
import { whenWritable } from '../export/stream.ts';
import { safeCellText } from '../export/xlsx.ts';

/** Column headers, in order. */
export const USERS_XLSX_HEADERS = [
  'Usuario',
  'Nombre',
  'Email',
  'Teléfono',
  'Empresa',
  'Código de cliente',
  'Tipo',
  'Estado',
  'Alta',
  'Último ingreso',
] as const;

const WIDTHS = [20, 28, 30, 18, 28, 16, 14, 14, 18, 18];
/** Rows written between two waits for the client. */
const BATCH = 500;

export interface UsersXlsxOptions {
  /** Where the file goes (the response stream). */
  out: Writable;
  users: AdminUser[];
  brandName: string;
  /** Generation time for the title row. */
  now: Date;
}

/**
 * Writes the users workbook to `out`: a title row (brand, "Usuarios", date), a frozen header row
 * with a filter, one row per account. Ends `out` when done.
 * @throws ExportAborted when the client disconnects.
 */
export async function writeUsersXlsx(options: UsersXlsxOptions): Promise<void> {
  const { out } = options;
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = options.brandName;
  workbook.created = options.now;
  const sheet = workbook.addWorksheet('Usuarios', { views: [{ state: 'frozen', xSplit: 0, ySplit: 2 }] });
  sheet.columns = WIDTHS.map((width) => ({ width }));

  const title = sheet.addRow([safeCellText(`${options.brandName} — Usuarios — ${formatPrintDate(options.now)}`)]);
  title.font = { bold: true, size: 14 };
  sheet.mergeCells(1, 1, 1, USERS_XLSX_HEADERS.length);
  title.commit();
  const header = sheet.addRow([...USERS_XLSX_HEADERS]);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } };
  });
  header.commit();
  sheet.autoFilter = { from: { row: 2, column: 1 }, to: { row: 2, column: USERS_XLSX_HEADERS.length } };

  for (const [i, u] of options.users.entries()) {
    sheet
      .addRow([
        safeCellText(u.username),
        safeCellText(u.fullName ?? ''),
        safeCellText(u.email ?? ''),
        safeCellText(u.phone ?? ''),
        safeCellText(u.company ?? ''),
        safeCellText(u.clientCode ?? ''),
        USER_TYPE_LABELS[u.profileType],
        USER_STATE_LABELS[userState(u)],
        formatPrintDateTime(new Date(u.createdAt)),
        u.lastLoginAt ? formatPrintDateTime(new Date(u.lastLoginAt)) : 'Nunca',
      ])
      .commit();
    if ((i + 1) % BATCH === 0) await whenWritable(out);
  }
  sheet.commit();
  await workbook.commit();
}
