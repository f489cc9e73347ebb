/**
 * docs/product.md §10.2 "Gestión de Usuarios" at 390 px: a user's history reads without scrolling
 * sideways (one card per change), "Crear usuario" says on the Usuario field when the name is
 * taken, and why "Enviar enlace de contraseña" cannot be used is visible text in the row, its button
 * still reached with Tab. Each run makes accounts of its own (unique names) through the admin API.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DISTRIBUTOR } from './fixtures.ts';
import { loginAsAdmin, uniqueName } from './support.ts';

async function openUsers(page: Page): Promise<void> {
  await page.goto('/adminkon2025?tab=usuarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Gestión de Usuarios/, selected: true })).toBeVisible();
}

/** How far an element (or the page, for `null`) scrolls sideways, px (0 or less: it does not). */
async function sidewaysOverflow(page: Page, element: Locator | null): Promise<number> {
  if (element === null) return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return element.evaluate((el) => el.scrollWidth - el.clientWidth);
}

/** Creates a client and edits it, so its history holds a creation and a change of several long fields. */
async function clientWithHistory(request: APIRequestContext, username: string): Promise<void> {
  await loginAsAdmin(request);
  const created = await request.post('/api/admin/users', { data: { username, password: 'clave-segura-1', profileType: 'client' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const edited = await request.patch(`/api/users/${id}`, {
    data: {
      fullName: 'Repuestos y Servicios Integrales del Noroeste Argentino',
      email: `${username}@talleres-mecanicos-del-noroeste.example.com`,
      company: 'Talleres Mecánicos del Noroeste Sociedad de Responsabilidad Limitada',
      phone: '+54 9 381 555-0199',
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
}

test("a user's history reads without scrolling sideways, at 390 px too", async ({ page }, testInfo) => {
  const username = uniqueName('historial', testInfo.project.name);
  await clientWithHistory(page.request, username);
  await openUsers(page);
  await page.getByRole('searchbox', { name: 'Buscar usuario' }).fill(username);
  const row = page
    .getByRole('table', { name: 'Usuarios', exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
  await row.getByRole('button', { name: 'Historial', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: `Historial de ${username}` });
  await expect(dialog.getByText('Talleres Mecánicos del Noroeste Sociedad de Responsabilidad Limitada')).toBeVisible();
  await expect(dialog.getByText('Edición', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Alta', { exact: true })).toBeVisible();
  expect(await sidewaysOverflow(page, dialog)).toBeLessThanOrEqual(0);
  // The dialog's body is the part that scrolls (up and down only).
  const body = dialog.locator(':scope > div').last();
  expect(await sidewaysOverflow(page, body)).toBeLessThanOrEqual(0);
  expect(await sidewaysOverflow(page, null)).toBeLessThanOrEqual(0);
  // Nor does anything inside it (a table in a scrolling box of its own reads no better).
  const scrollers = await dialog.evaluate((root) =>
    [...root.querySelectorAll('*')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(el).overflowX))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(scrollers).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: 'Historial', exact: true })).toBeFocused();
});

test('a taken username or e-mail is said on its field, keeping what was typed', async ({ page }, testInfo) => {
  await loginAsAdmin(page.request);
  await openUsers(page);
  const form = page.getByRole('region', { name: 'Crear usuario' });
  const username = form.getByLabel('Usuario', { exact: true });
  await username.fill(DISTRIBUTOR.username.toUpperCase());
  await form.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
  await form.getByLabel('Nombre completo').fill('Otro Distribuidor');
  await form.getByRole('button', { name: 'Crear Usuario' }).click();

  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription(/Ya existe un usuario con ese nombre/);
  await expect(username).toBeFocused();
  await expect(username).toHaveValue(DISTRIBUTOR.username.toUpperCase());
  await expect(form.getByLabel('Nombre completo')).toHaveValue('Otro Distribuidor');

  // A free name with the distributor's e-mail (in other capitals): said on Email.
  await username.fill(uniqueName('otro', testInfo.project.name));
  const email = form.getByLabel('Email', { exact: true });
  await email.fill(DISTRIBUTOR.email.toUpperCase());
  await form.getByRole('button', { name: 'Crear Usuario' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/El email ya está en uso por otra cuenta/);
  await expect(email).toBeFocused();
  await expect(username).not.toHaveAttribute('aria-invalid', 'true');
  expect(await sidewaysOverflow(page, null)).toBeLessThanOrEqual(0);
});

test('why a password link cannot be sent is read in the row, at 390 px too, and its button is reached by keyboard', async ({
  page,
}, testInfo) => {
  const username = uniqueName('sinmail', testInfo.project.name);
  await loginAsAdmin(page.request);
  // A client created without an e-mail: no link can reach it.
  const created = await page.request.post('/api/admin/users', { data: { username, password: 'clave-segura-1', profileType: 'client' } });
  expect(created.status(), await created.text()).toBe(201);
  await openUsers(page);
  await page.getByRole('searchbox', { name: 'Buscar usuario' }).fill(username);
  // The filtered list (the whole one may be wider than the page and scroll sideways on desktop).
  await expect(page.getByRole('heading', { name: 'Todos los usuarios (1)' })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Usuarios', exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
  const reason = row.getByText('Sin enlace de contraseña: no tiene email (agréguelo con "Editar").');
  await expect(reason).toBeVisible();
  const link = row.getByRole('button', { name: 'Enviar enlace de contraseña' });
  await expect(link).toHaveAttribute('aria-disabled', 'true');
  await expect(link).toHaveAccessibleDescription('Sin enlace de contraseña: no tiene email (agréguelo con "Editar").');
  // Tab from "Editar" reaches it (a disabled button would be skipped), and the reason is in view beside it.
  await row.getByRole('button', { name: 'Editar', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  const box = await reason.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport ? box.x + box.width : Number.POSITIVE_INFINITY).toBeLessThanOrEqual(viewport?.width ?? 0);
  expect(await sidewaysOverflow(page, null)).toBeLessThanOrEqual(0);
});
