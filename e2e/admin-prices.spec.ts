/**
 * Issue 21 items 3 and 4: an admin filters the parts list by a brand, raises the brand's list 1 by
 * 10 % after checking the preview, sees the new price in the list, and finds the change in
 * Historial. Each project raises a brand of its own from our ERP fixture (desktop, 390 px phone);
 * `finally` undoes the change through the API so the shared server is left as it was.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAsAdmin } from './support.ts';

/** ERP fixture parts whose brand no other part has: list 1 before and after +10 % (cents). */
const BRANDS: Record<string, { brand: string; partNumber: string; before: string; after: string }> = {
  desktop: { brand: 'Jurid', partNumber: 'ERP-101', before: '8.200,00', after: '9.020,00' },
  mobile: { brand: 'Gates', partNumber: 'ERP-105', before: '1.234,50', after: '1.357,95' },
};

const money = (text: string) => new RegExp(`\\$\\s${text.replace(/\./g, '\\.')}`);

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Secciones del panel' }).getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/** Undoes the newest bulk change when it is this brand's and still applied. */
async function undoBrandChange(request: APIRequestContext, brand: string): Promise<void> {
  const response = await request.get('/api/admin/prices/bulk/last');
  const { change } = (await response.json()) as { change: { id: number; summary: string; undoneAt: string | null } | null };
  if (change && !change.undoneAt && change.summary.includes(`Marca ${brand}`)) {
    await request.post('/api/admin/prices/bulk/undo', { data: { changeId: change.id } });
  }
}

test("an admin raises a brand's prices 10 % after the preview and finds the change in Historial", async ({ page }, testInfo) => {
  const target = BRANDS[testInfo.project.name] ?? (BRANDS.desktop as (typeof BRANDS)['desktop']);
  await loginAsAdmin(page.request);
  try {
    await page.goto('/adminkon2025');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeVisible();
    await openTab(page, 'Repuestos');
    await page.getByRole('combobox', { name: 'Marca', exact: true }).fill(target.brand);
    const list = page.getByRole('table', { name: 'Repuestos' });
    const row = list.getByRole('row').filter({ hasText: target.partNumber });
    await expect(row).toContainText(money(target.before));
    await expect(page.getByText('Mostrando 1 de 1 repuesto', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Cambiar precios' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar precios' });
    await expect(dialog.getByLabel('Repuestos')).toHaveValue('brand');
    await expect(dialog.getByLabel('Marca')).toHaveValue(target.brand);
    await dialog.getByLabel('Porcentaje').fill('10');
    await dialog.getByRole('button', { name: 'Ver vista previa' }).click();
    const preview = dialog.getByRole('region', { name: 'Vista previa' });
    await expect(preview).toContainText('1 precio cambia en la Lista 1.');
    await expect(preview).toContainText('1 repuesto coincide con el filtro.');
    const sample = preview.getByRole('table', { name: 'Vista previa de precios' }).getByRole('row').filter({ hasText: target.partNumber });
    await expect(sample).toContainText(money(target.before));
    await expect(sample).toContainText(money(target.after));
    await expect(sample).toContainText('+10,0 %');
    await expect(preview).not.toContainText('Cambio grande');
    await expectNoSeriousA11yViolations(page, 'Cambiar precios: vista previa');

    await preview.getByRole('button', { name: 'Aplicar a 1 precio' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Listo: 1 precio de la Lista 1 cambió.' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Volver a la lista' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(money(target.after));
    await expect(page.getByText(new RegExp(`Último cambio de precios: Marca ${target.brand} · Lista 1 \\+10 %`))).toBeVisible();

    await openTab(page, 'Historial');
    await page.getByRole('combobox', { name: 'Tipo', exact: true }).selectOption('price_change');
    const first = page.getByRole('list', { name: 'Cambios' }).getByRole('listitem').first();
    await expect(first).toContainText('Cambio de precios');
    await expect(first).toContainText(`Marca ${target.brand}`);
    await expect(first).toContainText('Lista 1 +10 %, redondeo a centavos');
    await expect(first).toContainText(new RegExp(`${money(target.before).source} → ${money(target.after).source}`));
    await expect(first).toContainText('admin-e2e');
    await expectNoSidewaysScroll(page);
  } finally {
    await undoBrandChange(page.request, target.brand);
  }
});
