/**
 * docs/product.md §13.4 on a 390 px phone: the back button closes "Acceso de Cliente", "Mi Perfil",
 * "Dejanos tu comentario" and the "Categorías" drawer instead of leaving the page (the address
 * stays, the next back leaves as usual), and a busy button keeps the keyboard's focus while it saves.
 */
import { expect, type Page, test } from '@playwright/test';
import { DISTRIBUTOR } from './fixtures.ts';
import { loginAsAdmin, uniqueName } from './support.ts';

// The drawer exists below 1024 px only; every journey here is a phone's, whichever project runs it.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** Where the page is now: path and query. */
function address(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

test('back closes "Acceso de Cliente" on the start screen; the next back leaves', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Recuperar Contraseña' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Cliente/ }).click();
  const login = page.getByRole('dialog', { name: 'Acceso de Cliente' });
  await expect(login).toBeVisible();
  await login.getByLabel('Usuario o Email').fill('taller');

  await page.goBack();
  await expect(login).toBeHidden();
  expect(address(page)).toBe('/');
  await expect(page.getByRole('button', { name: /Ingresar como Invitado/ })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // "¿Olvidó su contraseña?" takes the dialog's place: back from it returns to the start screen.
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Cliente/ }).click();
  await login.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goBack();
  expect(address(page)).toBe('/');
  await expect(page.getByRole('button', { name: /Ingresar como Cliente/ })).toBeVisible();
  await expect(login).toBeHidden();
});

test('back closes "Mi Perfil", "Dejanos tu comentario" and the "Categorías" drawer, and only them', async ({ page }) => {
  const response = await page.request.post('/api/auth/login', {
    data: { username: DISTRIBUTOR.username, password: DISTRIBUTOR.password, userType: 'distributor' },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/forgot-password');
  await page.goto('/?q=filtro');
  await expect(page.getByRole('searchbox', { name: 'Buscar repuestos' })).toHaveValue('filtro');

  // Mi Perfil
  await page.getByRole('button', { name: `Mi Perfil: ${DISTRIBUTOR.username}, Distribuidor` }).click();
  const profile = page.getByRole('dialog', { name: 'Mi Perfil' });
  await expect(profile).toBeVisible();
  await page.goBack();
  await expect(profile).toBeHidden();
  expect(address(page)).toBe('/?q=filtro');

  // Dejanos tu comentario
  await page.getByRole('button', { name: 'Escribir comentario' }).click();
  const feedback = page.getByRole('dialog', { name: 'Dejanos tu comentario' });
  await expect(feedback).toBeVisible();
  await page.goBack();
  await expect(feedback).toBeHidden();
  expect(address(page)).toBe('/?q=filtro');

  // Categorías: back closes it; a category chosen in it is one step of history, not two.
  const opener = page.getByRole('button', { name: 'Categorías' });
  await opener.click();
  const drawer = page.getByRole('dialog', { name: 'Categorías' });
  await expect(drawer).toBeVisible();
  await page.goBack();
  await expect(drawer).toBeHidden();
  expect(address(page)).toBe('/?q=filtro');
  await opener.click();
  const index = drawer.getByRole('navigation', { name: 'ÍNDICE DE REPUESTOS' });
  const first = index.getByRole('listitem').getByRole('button').first();
  await first.click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/categoria=/);
  await page.goBack();
  expect(address(page)).toBe('/?q=filtro');

  // Nothing left open: the next back leaves the catalogue as usual.
  await page.goBack();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('"Agregar grupo" keeps the keyboard focus while it saves', async ({ page }, testInfo) => {
  await loginAsAdmin(page.request);
  const term = uniqueName('zqx', testInfo.project.name)
    .replace(/[^a-z]/g, '')
    .slice(0, 20);
  const terms = [`${term}a`, `${term}b`];
  try {
    await page.goto('/adminkon2025?tab=sinonimos');
    const tab = page.getByRole('tablist', { name: 'Secciones del panel' }).getByRole('tab', { name: 'Sinónimos' });
    await tab.click();
    await expect(page.getByRole('tab', { name: 'Sinónimos', selected: true })).toBeVisible();
    await page
      .getByRole('textbox', { name: /Formas/ })
      .first()
      .fill(terms.join(', '));
    const add = page.getByRole('button', { name: 'Agregar grupo' });
    await add.focus();
    await add.press('Enter');
    await expect(page.getByRole('button', { name: `Eliminar ${terms.join(' · ')}` })).toBeVisible();
    // Back on the same button, which never let the focus go: Tab goes on from it, not from the top.
    await expect(add).toBeFocused();
  } finally {
    const list = await page.request.get('/api/admin/synonyms');
    const groups = (await list.json()) as { id: number; terms: string[] }[];
    for (const group of groups.filter((g) => g.terms.some((t) => terms.includes(t)))) {
      await page.request.delete(`/api/admin/synonyms/${group.id}`);
    }
  }
});
