/**
 * docs/product.md §7.3 and §13.4: the client and the distributor doors. The right password at the
 * wrong door says where to sign in, with a link there (a wrong password stays the generic answer);
 * after signing in (or entering as a guest) the focus is in the catalogue's main content, never on
 * <body>; and the login page leaves no step of its own for Back.
 */
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, DISTRIBUTOR } from './fixtures.ts';
import { createClient, uniqueName } from './support.ts';

/** Where the page is now: path and query. */
function address(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** The catalogue is on screen for a signed-in viewer, and the keyboard's focus is in its main content. */
async function expectCatalogueWithFocus(page: Page, badge: RegExp): Promise<void> {
  await expect(page.getByRole('button', { name: badge })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Buscar repuestos' })).toBeVisible();
  await expect(page.locator('main#contenido')).toBeFocused();
}

test('a distributor at "Acceso de Cliente" is sent to "Acceso de Distribuidor" and lands in the catalogue', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Recuperar Contraseña' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Cliente/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Acceso de Cliente' });
  await dialog.getByLabel('Usuario o Email').fill(DISTRIBUTOR.username);

  // A wrong password says nothing of the door.
  await dialog.getByLabel('Contraseña').fill('no-es-la-clave');
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos');
  await expect(dialog.getByRole('link', { name: 'Ir a Acceso de Distribuidor' })).toHaveCount(0);

  // The right one does, and creates no session.
  await dialog.getByLabel('Contraseña').fill(DISTRIBUTOR.password);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Esta cuenta es de distribuidor: ingrese en Acceso de Distribuidor.');
  expect((await (await page.request.get('/api/user/session')).json()).isAuthenticated).toBe(false);

  await alert.getByRole('link', { name: 'Ir a Acceso de Distribuidor' }).click();
  await expect(page).toHaveURL(/\/distribuidores$/);
  await expect(page.getByRole('heading', { name: 'Acceso de Distribuidor' })).toBeVisible();
  await page.getByLabel('Usuario').fill(DISTRIBUTOR.username);
  await page.getByLabel('Contraseña').fill(DISTRIBUTOR.password);
  await page.getByLabel('Contraseña').press('Enter');
  await expectCatalogueWithFocus(page, new RegExp(`Mi Perfil: ${DISTRIBUTOR.username}, Distribuidor`));
  // The next Tab stays in the catalogue's content rather than starting over at the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false)).toBe(true);

  // The link took the dialog's place: Back goes to the start screen's address, not to the dialog.
  await page.goBack();
  expect(address(page)).toBe('/');
  await page.goBack();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a client at /distribuidores is sent to "Acceso de Cliente"; once in, Back leaves the sign-in', async ({
  page,
  request,
}, testInfo) => {
  const username = uniqueName('puerta', testInfo.project.name);
  const password = 'puerta-cliente-clave';
  await createClient(request, username, password);

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Recuperar Contraseña' })).toBeVisible();
  await page.goto('/distribuidores');
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Acceder al Portal' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Esta cuenta es de cliente: ingrese en Acceso de Cliente, desde la pantalla de inicio.');
  await alert.getByRole('link', { name: 'Ir a Acceso de Cliente' }).click();

  await expect(page).toHaveURL(/\/login$/);
  const dialog = page.getByRole('dialog', { name: 'Acceso de Cliente' });
  await dialog.getByLabel('Usuario o Email').fill(username);
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expectCatalogueWithFocus(page, new RegExp(`Mi Perfil: ${username}, Cliente`));

  // Neither /login nor /distribuidores is left behind: one Back goes to the page before them.
  await page.goBack();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Recuperar Contraseña' })).toBeVisible();
});

test('signing in at /login or at /distribuidores: the focus is in the catalogue and one Back leaves', async ({
  page,
  request,
}, testInfo) => {
  const username = uniqueName('login', testInfo.project.name);
  const password = 'login-cliente-clave';
  await createClient(request, username, password);

  // /login: the login page is replaced by the catalogue at /.
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Recuperar Contraseña' })).toBeVisible();
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Acceso de Cliente' });
  await dialog.getByLabel('Usuario o Email').fill(username);
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByLabel('Contraseña').press('Enter');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expectCatalogueWithFocus(page, new RegExp(`Mi Perfil: ${username}, Cliente`));
  await page.goBack();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Recuperar Contraseña' })).toBeVisible();

  // /distribuidores: the catalogue takes the login's place at the same address (signed out first).
  await page.context().clearCookies();
  await page.goto('/registro');
  await expect(page.getByRole('heading', { name: /Solicitud de Acceso/ })).toBeVisible();
  await page.goto('/distribuidores');
  await page.getByLabel('Usuario').fill(DISTRIBUTOR.username);
  await page.getByLabel('Contraseña').fill(DISTRIBUTOR.password);
  await page.getByLabel('Contraseña').press('Enter');
  await expectCatalogueWithFocus(page, new RegExp(`Mi Perfil: ${DISTRIBUTOR.username}, Distribuidor`));
  expect(address(page)).toBe('/distribuidores');
  await page.goBack();
  await expect(page).toHaveURL(/\/registro$/);
});

test('"Ingresar como Invitado" puts the focus into the catalogue', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Invitado/ }).click();
  await expectCatalogueWithFocus(page, /Mi Perfil: Invitado, Invitado/);
});

test('signing in at /adminkon2025 puts the focus into the panel', async ({ page }) => {
  await page.goto('/adminkon2025');
  await page.getByLabel('Usuario', { exact: true }).fill(ADMIN.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Contraseña', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
  await expect(page.locator('main')).toBeFocused();
});
