/**
 * A workshop's downloads from the catalogue (docs/product.md §9): after a search, "Descargar PDF"
 * holds the parts the list shows (not the whole catalogue) with their photos' column, and each role
 * gets its own price in the Excel and the PDF. Files are opened as a user would: the spreadsheet
 * with exceljs, the PDF with pdftotext.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type Download, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DISTRIBUTOR, ROLE_PRICE_PART } from './fixtures.ts';

const run = promisify(execFile);

/** Runs a search in the catalogue's box and waits for the list to answer it. */
async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

/** Presses a header download (in "Más opciones" on a phone) and returns the saved file. */
async function download(page: Page, name: 'Descargar Excel' | 'Descargar PDF', isMobile: boolean): Promise<Download> {
  const header = page.getByRole('banner');
  if (isMobile) await header.getByRole('button', { name: 'Más opciones' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), header.getByRole('button', { name }).click()]);
  // The menu closes after the action: the focus goes back to its trigger, never to <body>.
  if (isMobile) await expect(header.getByRole('button', { name: 'Más opciones' })).toBeFocused();
  else await expect(header.getByRole('button', { name })).toBeFocused();
  return file;
}

async function pdfText(file: Download): Promise<string> {
  const path = await file.path();
  const { stdout } = await run('pdftotext', ['-layout', path, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

test('a guest’s PDF after a search holds the searched parts, with the image column and guest prices', async ({ page, isMobile }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Invitado/ }).click();
  await expect(page.getByText(/^Mostrando 60 de /)).toBeVisible();
  await search(page, 'embrague');
  const listed = await page.request.get('/api/parts?search=embrague&limit=1');
  const { total } = (await listed.json()) as { total: number };
  expect(total).toBeGreaterThan(100);

  const file = await download(page, 'Descargar PDF', isMobile);
  expect(file.suggestedFilename()).toMatch(/^catalogo-busqueda-embrague-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = await pdfText(file);
  // The cover names the search and counts what the list counts (not the ~10,000 parts of the catalogue).
  expect(text).toContain('Búsqueda «embrague»');
  expect(text).toContain(`${total.toLocaleString('es-AR')} productos`);
  expect(text).toMatch(/CÓDIGO\s+DESCRIPCIÓN\s+IMAGEN\s+PRECIO/);
  expect(text).toMatch(/EMBRAGUE VISCOSO/);
  expect(text).not.toContain('ERP-100');

  // The guest's own list price only, in files too.
  await search(page, ROLE_PRICE_PART.partNumber);
  const priced = await pdfText(await download(page, 'Descargar PDF', isMobile));
  expect(priced).toContain(ROLE_PRICE_PART.guest);
  expect(priced).not.toContain(ROLE_PRICE_PART.client);
  expect(priced).not.toContain(ROLE_PRICE_PART.distributor);
});

test('a distributor’s Excel and PDF of a search carry the distributor price', async ({ page, isMobile }) => {
  await page.goto('/distribuidores');
  await page.getByLabel('Usuario').fill(DISTRIBUTOR.username);
  await page.getByLabel('Contraseña').fill(DISTRIBUTOR.password);
  await page.getByLabel('Contraseña').press('Enter');
  await expect(page.getByRole('button', { name: new RegExp(`Mi Perfil: ${DISTRIBUTOR.username}, Distribuidor`) })).toBeVisible();
  await search(page, ROLE_PRICE_PART.partNumber);

  const sheetFile = await download(page, 'Descargar Excel', isMobile);
  expect(sheetFile.suggestedFilename()).toMatch(/^catalogo-busqueda-erp-100-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await sheetFile.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(2).values).toEqual([
    undefined,
    'Código',
    'Descripción',
    'Categoría',
    'Marca',
    'Precio',
    'Estado',
    'Unidad de Venta',
  ]);
  const row = sheet?.getRow(3);
  expect(row?.getCell(1).value).toBe(ROLE_PRICE_PART.partNumber);
  expect(row?.getCell(5).value).toBe(14100);

  const text = await pdfText(await download(page, 'Descargar PDF', isMobile));
  expect(text).toContain(ROLE_PRICE_PART.distributor);
  expect(text).not.toContain(ROLE_PRICE_PART.guest);
  expect(text).not.toContain(ROLE_PRICE_PART.client);
});
