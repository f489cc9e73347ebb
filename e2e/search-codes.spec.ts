/**
 * The counter's codes in the search box (docs/product.md §6.1), desktop and phone widths:
 * - ↓ Enter pressed before the typed search applies (300 ms after the last key) opens the picked
 *   part, and the search still pending never takes the page back to the list (`/?q=…`) while the
 *   part's page loads;
 * - a code with a typo finds nothing and offers "¿Quiso decir …?" with the part numbers one edit
 *   away, as links that search them.
 */
import { expect, type Page, test } from '@playwright/test';

async function enterAsGuest(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Invitado/ }).click();
  await expect(page.getByRole('heading', { name: 'TODOS LOS PRODUCTOS' })).toBeVisible();
}

// The part page's chunk must come from the network, where the test holds it, not from the service worker's copy.
test.use({ serviceWorkers: 'block' });

test('↓ Enter before the typed search applies opens the picked part, and it stays open', async ({ page }) => {
  // The page's timers run on a clock the test moves, so the keys land before the search's debounce.
  await page.clock.install();
  await enterAsGuest(page);
  // The part's page is a chunk of its own: held back, it is still loading when the debounce comes,
  // as on a slow phone, while React keeps the list mounted but hidden.
  let holdChunk: () => void = () => {};
  const chunkHeld = new Promise<void>((resolve) => {
    holdChunk = resolve;
  });
  await page.route(/\/assets\/product-page-[^/]+\.js$/, async (route) => {
    await chunkHeld;
    await route.continue();
  });

  await page.clock.pauseAt(Date.now() + 60_000);
  const search = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await search.focus();
  await page.keyboard.type('d 695 c');
  // The suggestions' debounce (150 ms), then the answer (its rendering waits on a zero-delay timer).
  await page.clock.runFor(150);
  const first = page.getByRole('option', { name: /^D-695C/ });
  await expect
    .poll(async () => {
      await page.clock.runFor(1);
      return first.isVisible();
    })
    .toBe(true);
  expect(page.url()).not.toContain('q=');

  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product\/\d+$/);
  // The typed search's moment passes while the part's page loads.
  await page.clock.runFor(400);
  holdChunk();
  await page.clock.resume();
  // Before the fix the pending search fired here and took the page back to the list, `/?q=d+695+c`.
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.runFor(1000);
  await expect(page).toHaveURL(/\/product\/\d+$/);
  expect(page.url()).not.toContain('q=');
});

test('a code with a digit typo finds nothing and offers the part numbers one edit away', async ({ page }) => {
  await enterAsGuest(page);
  const search = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await search.fill('D-659C');
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'No se encontraron productos' })).toBeVisible();
  const offer = page.getByText(/¿Quiso decir/);
  await expect(offer).toBeVisible();
  const link = offer.getByRole('link', { name: 'D-695C' });
  await expect(link).toHaveAttribute('href', /[?&]q=D-695C/);
  await link.click();
  await expect(page).toHaveURL(/[?&]q=D-695C/);
  await expect(search).toHaveValue('D-695C');
  await expect(page.getByRole('heading', { name: 'No se encontraron productos' })).toBeHidden();
  await expect(page.getByText(/¿Quiso decir/)).toBeHidden();
  // The focus stays on the page (the list's heading), not on <body>.
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
});
