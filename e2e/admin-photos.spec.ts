/**
 * Issue 21 item 2: an admin adds photos to a part in the part editor, makes the second the main one
 * and removes the other (after a confirmation); the catalogue's card shows the thumbnail and the
 * detail the large photo with its srcset. Each project uses a part of its own; `finally` removes
 * the photos through the API so the shared server is left without them.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { loginAsAdmin } from './support.ts';

/** DLC parts without a photo that no other journey uses: one per project. */
const PARTS: Record<string, { partNumber: string; description: string }> = {
  desktop: { partNumber: 'CE0011', description: 'CABLE ESPIRAL DODGE JOURNEY 2 FICHAS' },
  mobile: { partNumber: 'CE0012', description: 'CABLE ESPIRAL DODGE JOURNEY 3 FICHAS' },
};

/** A photo made here: `width`×`height` of one colour, as a phone's JPEG or a PNG. */
async function photo(name: string, color: string, format: 'jpeg' | 'png') {
  const image = sharp({ create: { width: 1600, height: 1200, channels: 3, background: color } });
  const buffer = await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

async function partId(request: APIRequestContext, partNumber: string): Promise<number> {
  const response = await request.get('/api/admin/parts', { params: { search: partNumber, limit: 50 } });
  const { parts } = (await response.json()) as { parts: { id: number; partNumber: string }[] };
  const part = parts.find((p) => p.partNumber === partNumber);
  if (!part) throw new Error(`part ${partNumber} not found`);
  return part.id;
}

/** The photo's file has been fetched and decoded. */
async function expectLoaded(image: ReturnType<Page['getByRole']>): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

test("an admin adds, orders and removes a part's photos, and the catalogue shows them", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const part = PARTS[testInfo.project.name] ?? (PARTS.desktop as { partNumber: string; description: string });
  await loginAsAdmin(page.request);
  const id = await partId(page.request, part.partNumber);
  try {
    await page.goto('/adminkon2025');
    await page.getByRole('tablist', { name: 'Secciones del panel' }).getByRole('tab', { name: 'Repuestos' }).click();
    await page.getByRole('searchbox', { name: 'Buscar repuestos' }).fill(part.partNumber);
    await page.getByRole('button', { name: `Editar ${part.partNumber}`, exact: true }).click();
    const editor = page.getByRole('dialog', { name: `Editar repuesto ${part.partNumber}` });
    const photos = editor.getByRole('region', { name: 'Fotos' });
    await expect(photos.getByText(/Este repuesto no tiene fotos/)).toBeVisible();

    // Two files chosen at once: uploaded one by one, each shown as its thumbnail.
    await photos
      .getByLabel('Elegir fotos')
      .setInputFiles([await photo('frente.jpg', '#c0392b', 'jpeg'), await photo('lado.png', '#2471a3', 'png')]);
    const list = photos.getByRole('list', { name: 'Fotos del repuesto' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const first = list.getByRole('img', { name: 'Foto 1' });
    const second = list.getByRole('img', { name: 'Foto 2' });
    await expect(first).toHaveAttribute('src', /\/images\/uploads\/ce001[12]-[0-9a-f]{12}-sm\.webp$/);
    await expectLoaded(second);
    const secondThumb = (await second.getAttribute('src')) as string;

    // The second becomes the main one; then the other is removed after the confirmation.
    await photos.getByRole('button', { name: 'Hacer principal la foto 2' }).click();
    await expect(first).toHaveAttribute('src', secondThumb);
    await photos.getByRole('button', { name: 'Eliminar la foto 2' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar la foto 2?' });
    await confirm.getByRole('button', { name: 'Eliminar foto' }).click();
    await expect(confirm).toBeHidden();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(editor.getByRole('list', { name: 'Historial del repuesto' }).getByRole('listitem').first()).toContainText(
      'Foto eliminada',
    );
    await editor.getByRole('button', { name: 'Cancelar' }).click();
    await expect(editor).toBeHidden();

    // The catalogue: the card shows the thumbnail, the detail the large photo offered in both sizes.
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Buscar repuestos' });
    await search.fill(part.partNumber);
    await search.press('Enter');
    await expect(page.getByText('Mostrando 1 de 1 repuesto')).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: part.partNumber });
    const cardImage = card.locator('img').first();
    await expect(cardImage).toHaveAttribute('src', secondThumb);
    await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await page.getByRole('button', { name: part.description }).click();
    const dialog = page.getByRole('dialog', { name: 'Detalles del Repuesto' });
    const large = dialog.getByRole('img', { name: part.description });
    await expect(large).toHaveAttribute('srcset', `${secondThumb} 320w, ${secondThumb.replace('-sm.webp', '-lg.webp')} 1200w`);
    await expectLoaded(large);
  } finally {
    for (let i = 0; i < 3; i++) await page.request.delete(`/api/admin/parts/${id}/images/0`);
  }
});

test("an imported photo's card holds its thumbnail and its long file name inside the card", async ({ page }) => {
  // A Zabala part whose photo came with the import (a long path under img/products/…).
  const partNumber = '0011843925';
  await loginAsAdmin(page.request);
  await page.goto('/adminkon2025');
  await page.getByRole('tablist', { name: 'Secciones del panel' }).getByRole('tab', { name: 'Repuestos' }).click();
  await page.getByRole('searchbox', { name: 'Buscar repuestos' }).fill(partNumber);
  await page.getByRole('button', { name: `Editar ${partNumber}`, exact: true }).click();
  const editor = page.getByRole('dialog', { name: `Editar repuesto ${partNumber}` });
  const card = editor.getByRole('list', { name: 'Fotos del repuesto' }).getByRole('listitem').first();
  await expect(card).toContainText('Importada: img/products/om352/');
  const image = card.getByRole('img', { name: 'Foto 1' });
  await expectLoaded(image);
  const cardBox = await card.boundingBox();
  const imageBox = await image.boundingBox();
  expect(cardBox && imageBox).toBeTruthy();
  if (!cardBox || !imageBox) return;
  expect(imageBox.x + imageBox.width, 'the thumbnail ends inside its card').toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
  // Nothing in the card is wider than the card: the file name is cut with "…", its buttons stay inside.
  const widest = await card.evaluate((li) => Math.max(...[...li.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
  expect(widest).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
  await editor.getByRole('button', { name: 'Cancelar' }).click();
  await expect(editor).toBeHidden();
});
