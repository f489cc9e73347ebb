/**
 * Issue 22 item 7: installable and useful offline. A client's last catalogue pages open without
 * connection, under "Sin conexión"; logout deletes what was stored, and a guest on the same browser
 * never sees the client's prices offline. The service worker is the built app's (`/sw.js`).
 */
import { expect, type Page, test } from '@playwright/test';
import { ROLE_PRICE_PART } from './fixtures.ts';
import { createClient, uniqueName } from './support.ts';

const money = (text: string) => new RegExp(text.replace(/[.$]/g, (c) => `\\${c}`).replace(/ /g, '\\s'));

/** The price of ERP-100 for a client, as the API sends it (two-decimal string). */
const CLIENT_PRICE_JSON = '15400.50';

/** Waits until the service worker controls the page (it claims the page once its shell is stored). */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await box.fill(text);
  await box.press('Enter');
}

/** The price shown on the list's cards. */
const listPrice = (page: Page, price: string) => page.getByRole('region', { name: 'TODOS LOS PRODUCTOS' }).getByText(money(price));

/** Names of the offline data caches, and whether any stored answer holds `needle`. */
async function storedData(page: Page, needle: string) {
  return page.evaluate(async (text) => {
    const names = (await caches.keys()).filter((name) => name.startsWith('portal-data-'));
    let found = false;
    for (const name of names) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if ((await response?.text())?.includes(text)) found = true;
      }
    }
    return { names, found };
  }, needle);
}

const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: 'Sin conexión.' });
const offlineAlert = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Sin conexión' }) });

test('a client’s last pages open offline; logout deletes them; a guest never sees them', async ({ page, context, request }, testInfo) => {
  test.setTimeout(120_000);
  const username = uniqueName('offline', testInfo.project.name);
  const password = 'clave-offline-1';
  await createClient(request, username, password);

  await page.goto('/');
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: /Ingresar como Cliente/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Acceso de Cliente' });
  await dialog.getByLabel('Usuario o Email').fill(username);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'TODOS LOS PRODUCTOS' })).toBeVisible({ timeout: 30_000 });
  await search(page, ROLE_PRICE_PART.partNumber);
  await expect(listPrice(page, ROLE_PRICE_PART.client)).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await storedData(page, CLIENT_PRICE_JSON)).found).toBe(true);

  // Offline, a reload opens the shell, the client's session and the last page, marked "Sin conexión".
  await context.setOffline(true);
  await page.reload();
  await expect(offlineBanner(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('banner').getByRole('button', { name: `Mi Perfil: ${username}, Cliente` })).toBeVisible({ timeout: 30_000 });
  await expect(listPrice(page, ROLE_PRICE_PART.client)).toBeVisible({ timeout: 30_000 });
  expect((await storedData(page, CLIENT_PRICE_JSON)).names).toEqual([expect.stringMatching(/^portal-data-client\.\d+$/)]);
  // A page never viewed says so.
  await search(page, 'embrague');
  await expect(offlineAlert(page)).toBeVisible({ timeout: 30_000 });
  // So does a product page never viewed: no connection, not a missing part.
  await page.goto('/product/2');
  await expect(offlineAlert(page)).toContainText('No se pudo cargar este producto porque no hay conexión.', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Producto no encontrado' })).toHaveCount(0);
  await page.goBack();
  await expect(offlineAlert(page)).toBeVisible({ timeout: 30_000 });

  // Logout deletes every stored answer.
  await context.setOffline(false);
  await expect(offlineBanner(page)).toBeHidden();
  const more = page.getByRole('banner').getByRole('button', { name: 'Más opciones' });
  if (await more.isVisible()) await more.click();
  await page.getByRole('banner').getByRole('button', { name: 'Salir' }).click();
  await expect(page.getByRole('button', { name: /Ingresar como Invitado/ })).toBeVisible({ timeout: 30_000 });
  const afterLogout = await storedData(page, CLIENT_PRICE_JSON);
  expect(afterLogout.found).toBe(false);
  expect(afterLogout.names.filter((name) => name !== 'portal-data-guest')).toEqual([]);

  // A guest on the same browser, offline, finds nothing of the client's: the page was not stored for him.
  await page.getByRole('button', { name: /Ingresar como Invitado/ }).click();
  await expect(page.getByRole('heading', { name: 'TODOS LOS PRODUCTOS' })).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await page.goto(`/?q=${ROLE_PRICE_PART.partNumber}`);
  await expect(offlineAlert(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(money(ROLE_PRICE_PART.client))).toHaveCount(0);

  // Viewed online, the guest's own page opens offline at the guest price.
  await context.setOffline(false);
  await page.reload();
  await expect(listPrice(page, ROLE_PRICE_PART.guest)).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await page.reload();
  await expect(offlineBanner(page)).toBeVisible({ timeout: 30_000 });
  await expect(listPrice(page, ROLE_PRICE_PART.guest)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(money(ROLE_PRICE_PART.client))).toHaveCount(0);
  const guestData = await storedData(page, CLIENT_PRICE_JSON);
  expect(guestData).toEqual({ names: ['portal-data-guest'], found: false });
  await context.setOffline(false);
});

test('the browser can install the app', async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Every criterion is checked and listed; a Playwright context is always an incognito one.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { display: string; start_url: string };
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
});
