import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/orders.ts';
import { orderPdf, orderXlsx } from './documents.ts';

const brand = { brandName: 'Repuestos Test', tagline: 'Más que repuestos, Soluciones.' };

/** A sent pedido whose only lines are "Consultar Precio" ones (docs/product.md §16.1). */
function unpricedOrder(): Order {
  return {
    id: 7,
    number: 'P-000007',
    createdAt: '2026-03-10T15:30:00.000Z',
    status: 'received',
    isGuest: false,
    customer: { name: 'Taller Sur', company: null, clientCode: null, phone: null, email: null, username: 'taller' },
    lines: [
      { partId: 1, partNumber: 'SIN-1', description: 'Junta de tapa', salesUnit: '1 unidad', quantity: 2, unitPrice: null, subtotal: null },
      { partId: 2, partNumber: 'SIN-2', description: 'Retén', salesUnit: '1 unidad', quantity: 1, unitPrice: null, subtotal: null },
    ],
    totals: { total: '0.00', lineCount: 2, unitCount: 3, unpricedCount: 2 },
    note: null,
    history: [{ status: 'received', note: null, at: '2026-03-10T15:30:00.000Z' }],
  };
}

/** The PDF's text as poppler's pdftotext reads it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pedido-doc-'));
  try {
    await writeFile(path.join(dir, 'pedido.pdf'), pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', path.join(dir, 'pedido.pdf'), '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a pedido of only "Consultar Precio" lines (docs/product.md §16.1)', () => {
  it('its PDF totals "A consultar (N repuestos)", not "$ 0,00"', async () => {
    const text = await pdfText(await orderPdf(unpricedOrder(), brand));
    expect(text).toMatch(/Total: A consultar \(2 repuestos\)/);
    expect(text).not.toContain('$ 0,00');
  });

  it('its workbook totals "A consultar (N repuestos)", not 0', async () => {
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.Workbook();
    await workbook.xlsx.load((await orderXlsx(unpricedOrder(), brand)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const totalRow = sheet?.getRow(sheet.rowCount);
    expect(totalRow?.getCell(5).value).toBe('Total');
    expect(totalRow?.getCell(6).value).toBe('A consultar (2 repuestos)');
  });
});
