/**
 * Issue 7: the printable catalogue at /print for two real imported categories (Zabala's EMBRAGUE
 * with its sub-groups, DLC's "Cable Espiral" with prices), with `window.print` observed instead of
 * opening the dialog; then the same selection as a PDF download, and the return home after printing.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support.ts';

interface CategoryNode {
  id: number;
  name: string;
  partCount: number;
  children: CategoryNode[];
}

/** A top-level category of the public tree by name. */
async function topCategory(page: Page, name: string): Promise<CategoryNode> {
  const response = await page.request.get('/api/categories/public');
  expect(response.status()).toBe(200);
  const tree = (await response.json()) as CategoryNode[];
  const found = tree.find((node) => node.name === name);
  expect(found, `category ${name} is imported`).toBeDefined();
  return found as CategoryNode;
}

const printed = (page: Page) => page.evaluate(() => (window as unknown as { __printed?: number }).__printed ?? 0);

test('the print page groups two real categories with prices and prints on its own', async ({ page }) => {
  // Observe the print dialog instead of opening it.
  await page.addInitScript(() => {
    const w = window as unknown as { __printed?: number };
    window.print = () => {
      w.__printed = (w.__printed ?? 0) + 1;
    };
  });
  const embrague = await topCategory(page, 'EMBRAGUE');
  const cables = await topCategory(page, 'Cable Espiral');
  const total = embrague.partCount + cables.partCount;

  await page.goto(`/print?categoryIds=${embrague.id},${cables.id}&includePrices=true`);

  // Header: brand, title and the total.
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo de Productos' })).toBeVisible();
  await expect(page.getByText(`${total.toLocaleString('es-AR')} productos`, { exact: true })).toBeVisible();

  // Level-1 groups in Spanish alphabetical order, EMBRAGUE's sub-groups as level-2 headings.
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Cable Espiral', 'EMBRAGUE']);
  const subGroups = embrague.children.map((child) => child.name);
  expect(subGroups).toContain('OM352');
  await expect(page.getByRole('heading', { level: 3, name: 'OM352', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(subGroups.length);

  // Columns with prices.
  const cableTable = page.getByRole('table', { name: 'Cable Espiral' });
  await expect(cableTable.getByRole('columnheader')).toHaveText(['CÓDIGO', 'DESCRIPCIÓN', 'IMAGEN', 'PRECIO']);

  // Known rows: a priced DLC part, an unpriced one, and a Zabala part of EMBRAGUE › OM352.
  const priced = cableTable.getByRole('row').filter({ hasText: 'CE0099' });
  await expect(priced.getByRole('cell')).toHaveText([
    'CE0099',
    'Serpentina Cable Flex Espiral Airbag Renault Megane 2 Tarjetero',
    'Sin imagen',
    /^\$\s1\.000,00$/,
  ]);
  await expect(cableTable.getByRole('row').filter({ hasText: 'CE0010' }).getByRole('cell').last()).toHaveText('Consultar');
  const om352Table = page.getByRole('table', { name: 'EMBRAGUE › OM352' });
  await expect(om352Table.getByRole('row').filter({ hasText: 'REGISTRO EMBRAGUE 1114' }).getByRole('cell').first()).toHaveText('5040');

  // Printed on its own once the data was on screen; IMPRIMIR prints again.
  await expect.poll(() => printed(page)).toBe(1);
  await page.getByRole('button', { name: 'IMPRIMIR' }).click();
  await expect.poll(() => printed(page)).toBe(2);

  // A small selection with a title (axe on the 458 rows above would take ~20 s).
  const om352 = embrague.children.find((child) => child.name === 'OM352') as CategoryNode;
  await page.goto(`/print?categoryIds=${om352.id}&categoryName=${encodeURIComponent('Embrague OM352')}&includePrices=true`);
  await expect(page.getByText('Embrague OM352', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'EMBRAGUE › OM352' }).getByRole('row')).toHaveCount(om352.partCount + 1);
  await expect.poll(() => printed(page)).toBe(1);
  await expectNoSeriousA11yViolations(page, 'print page');

  // The same selection as a PDF, saved under the server's file name.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^catalogo-embrague-om352-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(page.getByRole('button', { name: 'Descargar PDF' })).toBeEnabled();

  // After printing the browser fires `afterprint`: back to the home route.
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page).toHaveURL(/\/$/);
});

test('on a phone the print page fits the screen; on paper its columns stay as they were', async ({ page }) => {
  await page.addInitScript(() => {
    window.print = () => {};
  });
  await page.setViewportSize({ width: 390, height: 844 });
  // Zabala's engine blocks: codes like "9060910380/580/780" and descriptions with long slash-joined
  // model lists ("915e/1317e/1517e/1722e/…") that once pushed IMAGEN and PRECIO off the screen.
  const block = await topCategory(page, 'BLOCK DE MOTOR Y CÁRTER');
  await page.goto(`/print?categoryIds=${block.id}&includePrices=true`);
  const table = page.getByRole('table', { name: 'BLOCK DE MOTOR Y CÁRTER › ISB' });
  await expect(table.getByRole('columnheader')).toHaveText(['CÓDIGO', 'DESCRIPCIÓN', 'IMAGEN', 'PRECIO']);

  // Measured against the phone's 390 px (a phone browser widens its layout to content that overflows).
  const overflow = await page.evaluate(() => ({
    page: Math.max(0, document.documentElement.scrollWidth - 390),
    tables: [...document.querySelectorAll('table.print-table')].filter((t) => t.getBoundingClientRect().right > 390).length,
  }));
  expect(overflow).toEqual({ page: 0, tables: 0 });
  for (const column of ['IMAGEN', 'PRECIO']) {
    const box = await table.getByRole('columnheader', { name: column }).boundingBox();
    expect(box && box.x + box.width, column).toBeLessThanOrEqual(390);
  }

  // Printed, even from the phone, the compact layout does not apply: text, padding and wrapping as on paper.
  await page.emulateMedia({ media: 'print' });
  const printedCell = () =>
    table.evaluate((t) => {
      const cell = getComputedStyle(t.querySelector('tbody td:nth-child(2)') as Element);
      return { font: cell.fontSize, padding: cell.padding, wrap: cell.overflowWrap };
    });
  expect(await printedCell()).toEqual({ font: '14px', padding: '4px 8px', wrap: 'normal' });
  // On A4 (190 mm between the margins, 718 px) the columns keep their widths (a table without
  // ISB's longest descriptions, which widen its own description column on paper too).
  await page.setViewportSize({ width: 718, height: 1000 });
  const widths = await page
    .getByRole('table', { name: 'BLOCK DE MOTOR Y CÁRTER › OM352' })
    .evaluate((t) => [...t.querySelectorAll('th')].map((th) => getComputedStyle(th).width));
  expect([widths[0], widths[2], widths[3]]).toEqual(['144px', '80px', '128px']);
  expect(await printedCell()).toEqual({ font: '14px', padding: '4px 8px', wrap: 'normal' });
});
