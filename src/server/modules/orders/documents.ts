/**
 * A pedido as a download (issue 19): an Excel workbook (exceljs) and a one-document PDF (pdfkit),
 * built in memory (a pedido holds at most 500 lines), plus the admin's Excel of a filtered list.
 * Cells are written with the export module's formula-injection guard and ARS number format.
 */
import type { Order, OrderSummary } from '../../../shared/orders.ts';
import { ORDER_STATUS_LABELS, ORDER_TEXTS, allUnpriced, unpricedTotalText } from '../../../shared/orders.ts';
import { NO_PRICE_TEXT, formatPrice } from '../../../shared/pricing.ts';
import { PRINT_TIME_ZONE, formatPrintDateTime } from '../../../shared/print.ts';
import { PRICE_FORMAT, safeCellText } from '../export/xlsx.ts';

export { XLSX_CONTENT_TYPE } from '../export/xlsx.ts';

/** Brand shown on the documents. */
export interface DocumentBrand {
  brandName: string;
  tagline: string;
}

const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } } as const;

/** How a pedido's date cell reads in Excel: a real date (sortable, filterable), es-AR order, 24 h. */
const DATE_FORMAT = 'dd/mm/yyyy hh:mm';

const wallClockParts = new Intl.DateTimeFormat('en-US', {
  timeZone: PRINT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * A moment as the Argentine wall clock read it, for an Excel date cell: Excel dates carry no zone,
 * and exceljs writes a `Date` by its UTC fields, so those fields hold Buenos Aires time.
 */
function excelWallClock(iso: string): Date {
  const parts = Object.fromEntries(wallClockParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  const n = (type: string) => Number(parts[type]);
  return new Date(Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')));
}

/**
 * The pedido as an XLSX workbook: title, customer data, one row per line (Código, Descripción,
 * Unidad de Venta, Cantidad, Precio unitario, Subtotal; "Consultar Precio" without a price), total
 * (ARS; "A consultar (N repuestos)" when no line has a price, docs/product.md §16.1).
 */
export async function orderXlsx(order: Order, brand: DocumentBrand): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = brand.brandName;
  const sheet = workbook.addWorksheet(order.number);
  sheet.columns = [18, 60, 18, 10, 18, 18].map((width) => ({ width }));
  const title = sheet.addRow([safeCellText(`${brand.brandName} — ${ORDER_TEXTS.orderNumber} ${order.number}`)]);
  title.font = { bold: true, size: 14 };
  const c = order.customer;
  sheet.addRow([ORDER_TEXTS.date, excelWallClock(order.createdAt)]).getCell(2).numFmt = DATE_FORMAT;
  sheet.addRow([ORDER_TEXTS.status, ORDER_STATUS_LABELS[order.status]]);
  sheet.addRow([ORDER_TEXTS.name, safeCellText(c.name)]);
  if (c.company) sheet.addRow([ORDER_TEXTS.company, safeCellText(c.company)]);
  if (c.clientCode) sheet.addRow([ORDER_TEXTS.clientCode, safeCellText(c.clientCode)]);
  if (c.phone) sheet.addRow([ORDER_TEXTS.phone, safeCellText(c.phone)]);
  if (c.email) sheet.addRow([ORDER_TEXTS.email, safeCellText(c.email)]);
  if (order.note) sheet.addRow([ORDER_TEXTS.note, safeCellText(order.note)]);
  sheet.addRow([]);
  const header = sheet.addRow([
    'Código',
    'Descripción',
    'Unidad de Venta',
    ORDER_TEXTS.quantity,
    ORDER_TEXTS.unitPrice,
    ORDER_TEXTS.subtotal,
  ]);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  for (const l of order.lines) {
    const row = sheet.addRow([
      safeCellText(l.partNumber),
      safeCellText(l.description),
      safeCellText(l.salesUnit),
      l.quantity,
      l.unitPrice === null ? NO_PRICE_TEXT : Number(l.unitPrice),
      l.subtotal === null ? NO_PRICE_TEXT : Number(l.subtotal),
    ]);
    for (const col of [5, 6]) if (typeof row.getCell(col).value === 'number') row.getCell(col).numFmt = PRICE_FORMAT;
  }
  // A pedido without any price has no amount: its total says so, as everywhere (§16.1).
  const unpriced = allUnpriced(order.totals);
  const total = sheet.addRow(['', '', '', '', ORDER_TEXTS.total, unpriced ? unpricedTotalText(order.totals) : Number(order.totals.total)]);
  total.font = { bold: true };
  if (!unpriced) total.getCell(6).numFmt = PRICE_FORMAT;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The admin's filtered list as an XLSX workbook: one row per pedido. */
export async function ordersListXlsx(list: OrderSummary[], brand: DocumentBrand, now: Date): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = brand.brandName;
  const sheet = workbook.addWorksheet(ORDER_TEXTS.adminTab, { views: [{ state: 'frozen', ySplit: 2 }] });
  sheet.columns = [12, 20, 16, 36, 30, 16, 10, 10, 18].map((width) => ({ width }));
  sheet.addRow([safeCellText(`${brand.brandName} — ${ORDER_TEXTS.adminTab} — ${formatPrintDateTime(now)}`)]).font = {
    bold: true,
    size: 14,
  };
  const header = sheet.addRow([
    'Pedido',
    ORDER_TEXTS.date,
    ORDER_TEXTS.status,
    'Cliente',
    ORDER_TEXTS.company,
    ORDER_TEXTS.clientCode,
    'Líneas',
    'Sin precio',
    ORDER_TEXTS.total,
  ]);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  for (const o of list) {
    const row = sheet.addRow([
      o.number,
      excelWallClock(o.createdAt),
      ORDER_STATUS_LABELS[o.status],
      safeCellText(o.customerName + (o.isGuest ? ` (${ORDER_TEXTS.guest})` : '')),
      safeCellText(o.company ?? ''),
      safeCellText(o.clientCode ?? ''),
      o.totals.lineCount,
      o.totals.unpricedCount,
      Number(o.totals.total),
    ]);
    row.getCell(2).numFmt = DATE_FORMAT;
    row.getCell(9).numFmt = PRICE_FORMAT;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The pedido as a one-column PDF: brand, number, date, status, customer, the lines table, total and note. */
export async function orderPdf(order: Order, brand: DocumentBrand): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${ORDER_TEXTS.orderNumber} ${order.number}`, Author: brand.brandName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 40;
  const width = doc.page.width - 80;
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#1f3a5f').text(brand.brandName, left, 40);
  doc.font('Helvetica-Oblique').fontSize(9).fillColor('#666666').text(brand.tagline);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#1a1a1a').text(`${ORDER_TEXTS.orderNumber} ${order.number}`);
  doc.font('Helvetica').fontSize(10);
  doc.text(
    `${ORDER_TEXTS.date}: ${formatPrintDateTime(new Date(order.createdAt))}    ${ORDER_TEXTS.status}: ${ORDER_STATUS_LABELS[order.status]}`,
  );
  const c = order.customer;
  doc.text([c.name, c.company, c.clientCode ? `${ORDER_TEXTS.clientCode}: ${c.clientCode}` : null].filter(Boolean).join(' — '));
  const contact = [c.phone, c.email].filter(Boolean).join(' — ');
  if (contact) doc.text(contact);
  doc.moveDown();
  // Columns: code, description, quantity, unit price, subtotal.
  const cols = [
    { title: 'Código', width: 90, align: 'left' as const },
    { title: 'Descripción', width: width - 90 - 45 - 85 - 85, align: 'left' as const },
    { title: 'Cant.', width: 45, align: 'right' as const },
    { title: ORDER_TEXTS.unitPrice, width: 85, align: 'right' as const },
    { title: ORDER_TEXTS.subtotal, width: 85, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const heights = cells.map((text, i) => doc.heightOfString(text, { width: (cols[i]?.width ?? 50) - 6 }));
    const height = Math.max(...heights) + 6;
    if (doc.y + height > doc.page.height - 50) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((text, i) => {
      const col = cols[i];
      if (!col) return;
      doc.text(text, x + 3, y + 3, { width: col.width - 6, align: col.align });
      x += col.width;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .strokeColor('#c8ced6')
      .lineWidth(0.5)
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  row(
    cols.map((col) => col.title),
    true,
  );
  for (const l of order.lines) {
    row([l.partNumber, `${l.description} (${l.salesUnit})`, String(l.quantity), formatPrice(l.unitPrice), formatPrice(l.subtotal)]);
  }
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(
      `${ORDER_TEXTS.total}: ${allUnpriced(order.totals) ? unpricedTotalText(order.totals) : formatPrice(order.totals.total)}`,
      left,
      doc.y,
      {
        width,
        align: 'right',
      },
    );
  if (order.totals.unpricedCount > 0) doc.font('Helvetica').fontSize(8.5).text(ORDER_TEXTS.unpricedNote, { width, align: 'right' });
  if (order.note) {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(10).text(`${ORDER_TEXTS.note}:`, left);
    doc.font('Helvetica').text(order.note, { width });
  }
  doc.end();
  return done;
}
