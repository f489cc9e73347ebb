/**
 * Texts that hold HTML or script render as text everywhere and run nothing (issue "It keeps
 * working under load, faults and bad input"): catalogue card, detail dialog, product page, print.
 */
import { expect, test } from '@playwright/test';
import { HTML_PART } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.print = () => {};
  });
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
});

async function noScriptRan(page: import('@playwright/test').Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

test('a part with markup in its texts shows it as text and runs none of it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Invitado/ }).click();
  const box = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await box.fill(HTML_PART.partNumber);
  await box.press('Enter');
  await expect(page.getByText('Mostrando 1 de 1 repuesto')).toBeVisible();
  const card = page.getByText(HTML_PART.description).first();
  await expect(card).toBeVisible();
  await noScriptRan(page);

  await card.click();
  const dialog = page.getByRole('dialog', { name: 'Detalles del Repuesto' });
  await expect(dialog.getByText(HTML_PART.description)).toBeVisible();
  await expect(dialog.getByText(HTML_PART.category)).toBeVisible();
  await noScriptRan(page);

  const id = ((await (await page.request.get(`/api/parts?search=${HTML_PART.partNumber}`)).json()) as { parts: { id: number }[] }).parts[0]
    ?.id;
  await page.goto(`/product/${id}`);
  await expect(page.getByText(HTML_PART.description).first()).toBeVisible();
  await noScriptRan(page);

  const tree = (await (await page.request.get('/api/categories/public')).json()) as { id: number; name: string }[];
  const category = tree.find((c) => c.name === HTML_PART.category);
  expect(category).toBeDefined();
  await page.goto(`/print?categoryIds=${category?.id}&includePrices=true`);
  await expect(page.getByRole('cell', { name: HTML_PART.description })).toBeVisible();
  await noScriptRan(page);
});
