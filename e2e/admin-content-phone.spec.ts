/**
 * docs/product.md §10.2 "Gestión de Carruseles", "Categorías" and a part's "Fotos", worked by
 * keyboard (desktop) and at 390 px (mobile): after each action (apply a discount, save an offer's
 * days, move an entry to an end, publish, discard or save the category changes, remove a photo) the
 * keyboard's focus stays on the control that did it, or its neighbour, never dropped to the page.
 * Every carousel and category change is put back at the end, so the published carousels and the
 * category tree stay as the fixture made them; the photos go to Zabala parts no other journey uses.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { CAROUSEL_PARTS, ON_SALE_DISCOUNT } from './fixtures.ts';
import { loginAsAdmin } from './support.ts';

const ON_SALE = CAROUSEL_PARTS['on-sale'][0];
const FIRST_FEATURED = CAROUSEL_PARTS.featured[0];

async function openTab(page: Page, tab: string, name: RegExp): Promise<void> {
  await loginAsAdmin(page.request);
  await page.goto(`/adminkon2025?tab=${tab}`);
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

/** Presses Enter on `control` (focused first) and waits until the draft answered. */
async function pressAndWait(page: Page, control: Locator, url: RegExp): Promise<void> {
  await control.focus();
  const answered = page.waitForResponse((r) => url.test(r.url()) && r.request().method() !== 'GET');
  await page.keyboard.press('Enter');
  expect((await answered).ok()).toBe(true);
}

/** Nothing of the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('Carruseles: the focus stays put after applying, saving days, moving to an end and publishing', async ({ page }) => {
  await openTab(page, 'carruseles', /Gestión de Carruseles/);
  const publish = page.getByRole('button', { name: 'Guardar Cambios' });
  await page.getByRole('tab', { name: /Productos Rebajados/ }).click();
  const entry = page.getByRole('list', { name: 'Productos en Productos Rebajados' }).getByRole('listitem', { name: `1. ${ON_SALE}` });
  await expectNoSidewaysScroll(page);

  // Enter in the discount field, then "Aplicar": each keeps the focus once saved.
  const discount = entry.getByLabel(`Descuento (%) de ${ON_SALE}`);
  await discount.fill(String(ON_SALE_DISCOUNT + 1));
  await pressAndWait(page, discount, /\/api\/products\/carousel\//);
  await expect(discount).toHaveValue(String(ON_SALE_DISCOUNT + 1));
  await expect(discount).toBeFocused();
  const apply = entry.getByRole('button', { name: `Aplicar descuento de ${ON_SALE}` });
  await discount.fill(String(ON_SALE_DISCOUNT));
  await pressAndWait(page, apply, /\/api\/products\/carousel\//);
  await expect(discount).toHaveValue(String(ON_SALE_DISCOUNT));
  await expect(apply).toBeFocused();

  // "Guardar fechas": saved, the button keeps the focus (and says there is nothing left to save).
  const saveDays = entry.getByRole('button', { name: `Guardar fechas de ${ON_SALE}` });
  await entry.getByLabel('Hasta').fill('2099-12-31');
  await pressAndWait(page, saveDays, /\/api\/products\/carousel\//);
  await expect(entry.getByText('Hasta el 31/12/2099')).toBeVisible();
  await expect(saveDays).toBeFocused();
  await entry.getByLabel('Hasta').fill('');
  await pressAndWait(page, saveDays, /\/api\/products\/carousel\//);
  await expect(entry.getByText('Sin fechas: se muestra siempre')).toBeVisible();
  await expect(saveDays).toBeFocused();

  // Moving the first entry down and back up: at the top its "Subir" is off, "Bajar" takes the focus.
  await page.getByRole('tab', { name: /Productos Destacados/ }).click();
  const down = page.getByRole('button', { name: `Bajar ${FIRST_FEATURED}` });
  await pressAndWait(page, down, /\/order$/);
  await expect(down).toBeFocused();
  const up = page.getByRole('button', { name: `Subir ${FIRST_FEATURED}` });
  await pressAndWait(page, up, /\/order$/);
  await expect(page.getByRole('listitem', { name: `1. ${FIRST_FEATURED}` })).toBeVisible();
  await expect(down).toBeFocused();

  // Publishing keeps the focus on "Guardar Cambios", now with nothing left to save.
  await pressAndWait(page, down, /\/order$/);
  await pressAndWait(page, publish, /\/api\/carousel\/save$/);
  await expect(page.getByText('Los carruseles publicados están al día.')).toBeVisible();
  await expect(publish).toBeFocused();
  await expect(publish).toHaveAttribute('aria-disabled', 'true');
  // Put the fixture's order back, published.
  await pressAndWait(page, page.getByRole('button', { name: `Subir ${FIRST_FEATURED}` }), /\/order$/);
  await pressAndWait(page, publish, /\/api\/carousel\/save$/);
  await expect(page.getByText('Los carruseles publicados están al día.')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('Categorías: "Descartar" and "Guardar Cambios" leave the focus on the save bar', async ({ page }) => {
  await openTab(page, 'categorias', /Categorías/);
  const tree = page.getByRole('list', { name: 'Visibilidad de categorías' });
  const first = tree.getByRole('checkbox').first();
  const save = page.getByRole('button', { name: 'Guardar Cambios' });
  const wasVisible = await first.isChecked();
  await expectNoSidewaysScroll(page);

  await first.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Tienes cambios sin guardar')).toBeVisible();
  await page.getByRole('button', { name: 'Descartar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Tienes cambios sin guardar')).toBeHidden();
  await expect(save).toBeFocused();

  // Hide it and show it again, each saved by keyboard: the focus stays on "Guardar Cambios".
  for (let round = 0; round < 2; round += 1) {
    await first.focus();
    await page.keyboard.press('Space');
    await pressAndWait(page, save, /\/api\/categories\/visibility$/);
    await expect(page.getByText('Tienes cambios sin guardar')).toBeHidden();
    await expect(save).toBeFocused();
  }
  expect(await first.isChecked()).toBe(wasVisible);
});

/** Zabala parts no other journey uses, one per project, that get photos here. */
const PHOTO_PARTS: Record<string, string> = { desktop: '000007008101', mobile: '0000185835' };

test('Fotos: a removed photo hands the focus to the one now in its place', async ({ page }, testInfo) => {
  const partNumber = PHOTO_PARTS[testInfo.project.name] ?? '000007008101';
  await openTab(page, 'repuestos', /Repuestos/);
  await page.getByRole('searchbox', { name: 'Buscar repuestos' }).fill(partNumber);
  await page.getByRole('button', { name: `Editar ${partNumber}`, exact: true }).click();
  const editor = page.getByRole('dialog', { name: `Editar repuesto ${partNumber}` });
  const photos = editor.getByRole('list', { name: 'Fotos del repuesto' });
  const image = (color: string) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
      .jpeg()
      .toBuffer();
  await editor.getByLabel('Elegir fotos').setInputFiles([
    { name: 'uno.jpg', mimeType: 'image/jpeg', buffer: await image('#c0392b') },
    { name: 'dos.jpg', mimeType: 'image/jpeg', buffer: await image('#2471a3') },
  ]);
  await expect(editor.getByText('Se agregaron 2 fotos.')).toBeAttached();
  const count = await photos.getByRole('listitem').count();
  expect(count).toBeGreaterThanOrEqual(2);

  // The last one removed: the new last one's "Eliminar" takes the focus.
  await editor.getByRole('button', { name: `Eliminar la foto ${count}` }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `¿Eliminar la foto ${count}?` });
  await confirm.getByRole('button', { name: 'Eliminar foto' }).focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(photos.getByRole('listitem')).toHaveCount(count - 1);
  await expect(editor.getByRole('button', { name: `Eliminar la foto ${count - 1}` })).toBeFocused();

  // The first one removed: the photo now first takes it.
  await page.keyboard.press('Enter');
  await page
    .getByRole('dialog', { name: `¿Eliminar la foto ${count - 1}?` })
    .getByRole('button', { name: 'Cancelar' })
    .click();
  await editor.getByRole('button', { name: 'Eliminar la foto 1' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: '¿Eliminar la foto 1?' }).getByRole('button', { name: 'Eliminar foto' }).click();
  await expect(photos.getByRole('listitem')).toHaveCount(Math.max(count - 2, 0));
  if (count - 2 > 0) await expect(editor.getByRole('button', { name: 'Eliminar la foto 1' })).toBeFocused();
  else await expect(editor.getByLabel('Elegir fotos')).toBeFocused();
  await expectNoSidewaysScroll(page);
});

test('Categorías: a hidden, changed category still shows its whole name', async ({ page }) => {
  await openTab(page, 'categorias', /Categorías/);
  await page.getByRole('button', { name: 'Expandir todo' }).click();
  const tree = page.getByRole('list', { name: 'Visibilidad de categorías' });
  // Hiding the first category hides its subcategories too: every row gets "Oculta" and "Modificada".
  const first = tree.getByRole('listitem').first();
  await first.getByRole('checkbox').first().click();
  await expect(first.getByText('Modificada').first()).toBeVisible();
  const cut = await first
    .locator('label > span')
    .evaluateAll((names) => names.filter((name) => name.scrollWidth > name.clientWidth + 1).map((name) => name.textContent));
  expect(cut).toEqual([]);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByText('Tienes cambios sin guardar')).toBeHidden();
});

test('Multimedia: a long document URL keeps the part inside its section', async ({ page }, testInfo) => {
  const partNumber = PHOTO_PARTS[testInfo.project.name] ?? '000007008101';
  await openTab(page, 'multimedia', /Multimedia/);
  await page.getByRole('searchbox', { name: 'Buscar repuestos' }).fill(partNumber);
  const table = page.getByRole('table', { name: 'Multimedia por repuesto' });
  await table.getByRole('button', { name: `Editar URL del documento de ${partNumber}` }).click();
  const url = `https://www.fabricante-de-repuestos.example.com.ar/documentos/tecnicos/${partNumber}-hoja-de-datos-completa.pdf`;
  const field = table.getByRole('textbox', { name: `URL del documento de ${partNumber}` });
  await field.fill(url);
  await field.press('Enter');
  await expect(table.getByRole('link', { name: new RegExp(`Abrir documento de ${partNumber}`) })).toHaveAttribute('href', url);
  // The table (a card per part on phones) is no wider than the section's content box.
  const spill = await table.evaluate((element) => {
    const section = element.closest('section') as HTMLElement;
    const style = getComputedStyle(section);
    const inner = section.getBoundingClientRect().right - Number.parseFloat(style.paddingRight) - Number.parseFloat(style.borderRightWidth);
    return element.getBoundingClientRect().right - inner;
  });
  expect(spill).toBeLessThanOrEqual(1);
  await expectNoSidewaysScroll(page);
});
