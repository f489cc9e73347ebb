/**
 * Monday morning: the administrator imports the ERP's list from "Importar catálogo" with the
 * keyboard (docs/product.md §11.2–§11.4), on both projects (1280 px and a 390 px phone): a file of
 * unknown columns mapped by hand, its preview, the apply and its report, the undo; the real DLC list
 * again (nothing to apply); and bad files that change nothing. The fixture files are written by the
 * test; the real catalogue is the one the e2e server imported at start.
 */
import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { REAL_DATA } from '../src/server/test/data.ts';
import { ADMIN } from './fixtures.ts';

async function openImport(page: Page): Promise<Locator> {
  const login = await page.request.post('/api/auth/login', { data: { ...ADMIN, userType: 'admin' } });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/adminkon2025');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Importar catálogo' });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Importar catálogo' });
  await expect(dialog).toBeVisible();
  // The dialog opens on its first control: the file.
  await expect(dialog.getByLabel('Archivo', { exact: true })).toBeFocused();
  return dialog;
}

/** Presses Enter on a control reached by the keyboard. */
async function press(control: Locator): Promise<void> {
  await control.focus();
  await control.page().keyboard.press('Enter');
}

/** The page never scrolls sideways at the project's width. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

const count = (region: Locator, label: string) =>
  region.getByRole('list', { name: 'Resultado' }).getByRole('listitem').filter({ hasText: label });

test('a list of unknown columns: mapped by hand, previewed, applied and undone with the keyboard', async ({ page }, testInfo) => {
  const tag = `LUN${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  const file = testInfo.outputPath('lista-erp.csv');
  fs.writeFileSync(file, `Articulo;Detalle;Valor\n${tag}-1;FILTRO DE PRUEBA LUNES;1500\n${tag}-2;CORREA DE PRUEBA LUNES;2500\n`);
  const dialog = await openImport(page);
  await dialog.getByLabel('Archivo', { exact: true }).setInputFiles(file);

  // No column gives the code: the preview waits, and says what to choose.
  await expect(dialog.getByRole('alert')).toHaveText(
    'Ninguna columna está asignada a «Código»: elija la que trae el código para ver la vista previa.',
  );
  await expect(dialog.getByRole('button', { name: 'Vista previa', exact: true })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Columna «Articulo»' }).selectOption({ label: 'Código' });
  await dialog.getByRole('combobox', { name: 'Columna «Detalle»' }).selectOption({ label: 'Descripción' });
  await dialog.getByRole('combobox', { name: 'Columna «Valor»' }).selectOption({ label: 'Lista de precios 1' });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByLabel('Fuente (opcional)').fill('Proveedor del lunes');
  await expectNoSidewaysScroll(page);

  await press(dialog.getByRole('button', { name: 'Vista previa', exact: true }));
  const preview = dialog.getByRole('region', { name: 'Vista previa de la importación' });
  await expect(preview.getByRole('heading', { name: 'Vista previa de la importación' })).toBeFocused({ timeout: 30_000 });
  await expect(count(preview, 'insertados')).toHaveText(/^2\s*insertados$/);
  await expect(dialog.getByText('Es una vista previa: todavía no se aplicó ningún cambio.')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Another file chosen under this preview: it is not the file's, so it cannot be applied from there.
  const other = testInfo.outputPath('otra-lista.csv');
  fs.writeFileSync(other, `Codigo;Descripcion\n${tag}-9;OTRA LISTA\n`);
  await dialog.getByLabel('Archivo', { exact: true }).setInputFiles(other);
  await expect(
    dialog.getByText('Esta vista previa es de un archivo anterior: elija el archivo y pida «Vista previa» para poder aplicarlo.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Aplicar importación' })).toHaveCount(0);
  // Back to the Monday list: mapped and previewed again, it can be applied.
  await dialog.getByLabel('Archivo', { exact: true }).setInputFiles(file);
  await dialog.getByRole('combobox', { name: 'Columna «Articulo»' }).selectOption({ label: 'Código' });
  await dialog.getByRole('combobox', { name: 'Columna «Detalle»' }).selectOption({ label: 'Descripción' });
  await dialog.getByRole('combobox', { name: 'Columna «Valor»' }).selectOption({ label: 'Lista de precios 1' });
  await press(dialog.getByRole('button', { name: 'Vista previa', exact: true }));
  await expect(preview.getByRole('heading', { name: 'Vista previa de la importación' })).toBeFocused({ timeout: 30_000 });
  await expect(count(preview, 'insertados')).toHaveText(/^2\s*insertados$/);

  await press(dialog.getByRole('button', { name: 'Aplicar importación' }));
  const summary = dialog.getByRole('region', { name: 'Resumen de la importación' });
  await expect(summary.getByRole('heading', { name: 'Resumen de la importación' })).toBeFocused({ timeout: 30_000 });
  // What the preview said is what the import did.
  await expect(count(summary, 'insertados')).toHaveText(/^2\s*insertados$/);
  await expect(count(summary, 'rechazados')).toHaveText(/^0\s*rechazados$/);

  await expect(dialog.getByText(/^Última importación: Proveedor del lunes, de admin-e2e/)).toBeVisible();
  await press(dialog.getByRole('button', { name: 'Deshacer la última importación' }));
  const confirm = page.getByRole('dialog', { name: '¿Deshacer la última importación?' });
  await expect(confirm.getByText('2 productos nuevos se desactivan.')).toBeVisible();
  await press(confirm.getByRole('button', { name: 'Deshacer', exact: true }));
  await expect(confirm).toBeHidden();
  // The button is gone with the run undone: the focus is on the line that says so.
  const line = dialog.getByText(/^Última importación: Proveedor del lunes, .*\(deshecha el /);
  await expect(line).toBeFocused();
  await expectNoSidewaysScroll(page);
});

test('the real DLC list again: the preview says nothing would change and offers no "Aplicar"', async ({ page }) => {
  const dialog = await openImport(page);
  await dialog.getByLabel('Archivo', { exact: true }).setInputFiles(REAL_DATA.dlc);
  await expect(dialog.getByRole('combobox', { name: 'Columna «Codigo»' })).toHaveValue('partNumber');
  await press(dialog.getByRole('button', { name: 'Vista previa', exact: true }));
  const preview = dialog.getByRole('region', { name: 'Vista previa de la importación' });
  await expect(preview.getByRole('heading', { name: 'Vista previa de la importación' })).toBeFocused({ timeout: 30_000 });
  await expect(preview).toContainText('JSON, 1.970 filas.');
  await expect(count(preview, 'insertados')).toHaveText(/^0\s*insertados$/);
  await expect(count(preview, 'actualizados')).toHaveText(/^0\s*actualizados$/);
  await expect(dialog.getByText('Es una vista previa: no cambiaría ningún producto, no hay nada que aplicar.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Aplicar importación' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});

test('an empty file and a PDF named .xlsx are refused in Spanish and change nothing', async ({ page }, testInfo) => {
  const lastRun = async () => (await (await page.request.get('/api/admin/import/last-run')).json()) as unknown;
  const dialog = await openImport(page);
  const before = await lastRun();

  const empty = testInfo.outputPath('vacio.csv');
  fs.writeFileSync(empty, '');
  await dialog.getByLabel('Archivo', { exact: true }).setInputFiles(empty);
  await expect(dialog.getByRole('alert')).toHaveText('El archivo está vacío.');
  await expect(dialog.getByRole('button', { name: 'Vista previa', exact: true })).toBeDisabled();

  const pdf = testInfo.outputPath('lista.xlsx');
  fs.writeFileSync(pdf, '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
  await dialog.getByLabel('Archivo', { exact: true }).setInputFiles(pdf);
  const refusal = 'El archivo no se puede importar. Es un PDF: la importación lee planillas XLSX, archivos CSV o JSON.';
  await expect(dialog.getByRole('region', { name: 'Columnas del archivo' })).toContainText(refusal);
  const previewButton = dialog.getByRole('button', { name: 'Vista previa', exact: true });
  await press(previewButton);
  const failure = dialog.getByRole('alert').filter({ hasText: 'La importación falló; no se aplicó ningún cambio.' });
  await expect(failure).toContainText(refusal);
  await expect(previewButton).toBeFocused();
  expect(await lastRun()).toEqual(before);
  await expectNoSidewaysScroll(page);
});
