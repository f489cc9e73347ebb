/**
 * Issue 21 items 1 and 5: an admin edits a part's price in the panel's part editor and finds the
 * change, before and after, in Historial. Each project edits a part of its own (desktop, 390 px phone);
 * `finally` puts the price back through the API so the shared server is left as it was.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { loginAsAdmin } from './support.ts';

/** DLC parts (single price column "1000") no other journey uses: one per project. */
const PARTS: Record<string, string> = { desktop: 'CE0008', mobile: 'CE0009' };
const NEW_PRICE: Record<string, { typed: string; shown: RegExp }> = {
  desktop: { typed: '1.111,11', shown: /\$\s1\.000,00 → \$\s1\.111,11/ },
  mobile: { typed: '2.222,22', shown: /\$\s1\.000,00 → \$\s2\.222,22/ },
};

async function partId(request: APIRequestContext, partNumber: string): Promise<number> {
  const response = await request.get('/api/admin/parts', { params: { search: partNumber, limit: 50 } });
  const { parts } = (await response.json()) as { parts: { id: number; partNumber: string }[] };
  const part = parts.find((p) => p.partNumber === partNumber);
  if (!part) throw new Error(`part ${partNumber} not found`);
  return part.id;
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Secciones del panel' }).getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

test("an admin edits a part's price and finds the change in Historial", async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const partNumber = PARTS[project] ?? 'CE0008';
  const price = NEW_PRICE[project] ?? (NEW_PRICE.desktop as { typed: string; shown: RegExp });
  await loginAsAdmin(page.request);
  const id = await partId(page.request, partNumber);
  try {
    await page.goto('/adminkon2025');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeVisible();
    await openTab(page, 'Repuestos');
    await page.getByRole('searchbox', { name: 'Buscar repuestos' }).fill(partNumber);
    await page.getByRole('button', { name: `Editar ${partNumber}`, exact: true }).click();
    const editor = page.getByRole('dialog', { name: `Editar repuesto ${partNumber}` });
    const list1 = editor.getByLabel(/^Lista 1( |$)/);
    await expect(list1).toHaveValue('1000.00');
    await list1.fill(price.typed);
    await editor.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('region', { name: /^Notificaciones/ }).getByText('Repuesto actualizado')).toBeVisible();
    await expect(editor).toBeHidden();

    // Opened again, the price is the new one and marked as edited by hand (the import keeps it).
    await page.getByRole('button', { name: `Editar ${partNumber}`, exact: true }).click();
    await expect(editor.getByLabel(/^Lista 1( |$)/)).toHaveValue(price.typed.replace(/\./g, '').replace(',', '.'));
    await expect(editor.getByLabel(/^Lista 1( |$)/)).toHaveAccessibleName(/Editado a mano/);
    await expect(editor.getByRole('list', { name: 'Historial del repuesto' }).getByRole('listitem').first()).toContainText(price.shown);
    await editor.getByRole('button', { name: 'Cancelar' }).click();

    await openTab(page, 'Historial');
    await page.getByRole('textbox', { name: 'Repuesto', exact: true }).fill(partNumber);
    await page.getByRole('combobox', { name: 'Tipo', exact: true }).selectOption('part');
    const first = page.getByRole('list', { name: 'Cambios' }).getByRole('listitem').first();
    await expect(first).toContainText('Edición de repuesto');
    await expect(first).toContainText(partNumber);
    await expect(first).toContainText('Lista 1');
    await expect(first).toContainText(price.shown);
    await expect(first).toContainText('admin-e2e');
    // The Historial reads at 390 px without scrolling sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  } finally {
    await page.request.patch(`/api/admin/parts/${id}`, { data: { priceList1: '1000.00' } });
  }
});

test("the editor's fields reached with Tab are never hidden under its 'Guardar cambios' bar", async ({ page }) => {
  await loginAsAdmin(page.request);
  await page.goto('/adminkon2025');
  await openTab(page, 'Repuestos');
  await page.getByRole('searchbox', { name: 'Buscar repuestos' }).fill('CE0010');
  await page.getByRole('button', { name: 'Editar CE0010', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Editar repuesto CE0010' });
  const bar = editor.getByRole('button', { name: 'Guardar cambios' }).locator('..');
  await editor.getByLabel(/^Descripción/).focus();
  // From "Descripción" to "Activo": every field of the form, the ten price lists included.
  for (let i = 0; i < 18; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => document.activeElement?.getAttribute('name'));
    if (!name) continue;
    const field = await page.evaluate(() => document.activeElement?.getBoundingClientRect().bottom ?? 0);
    const barTop = (await bar.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(field, `${name} ends above the bar`).toBeLessThanOrEqual(barTop + 0.5);
  }
  await editor.getByRole('button', { name: 'Cancelar' }).click();
  await expect(editor).toBeHidden();
});
