/**
 * Issue 19: pedidos. A client builds a pedido from a carousel card, the detail dialog and the
 * product page, pastes five lines into "Pedido rápido" (one ambiguous, one unknown) and sends it;
 * staff find it in the admin panel's "Pedidos" tab and change its status; the client opens "Mis
 * pedidos" from the header's user menu (desktop and phone widths) and sees the new status. Set-up (the client's account) goes through the admin API.
 */
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, PHOTO_PART, RELATED_PART } from './fixtures.ts';
import { createClient, expectNoSeriousA11yViolations, uniqueName } from './support.ts';

/**
 * Five pasted lines as they come from Excel, WhatsApp or an e-mail: tab, quantity first, `;`, a code
 * written with a separator that two parts share without it ("10775" and ">10775": pick one), and an
 * unknown code.
 */
const PASTED = ['3151\t2', '3 3154', '5505;1', '10-775 2', 'NOEXISTE-999 1'].join('\n');

/** The toast region (Radix also repeats a toast's text in a hidden live region outside it). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notificaciones/ });

/** A long link with no place to break, as customers paste them into a note. */
const LONG_LINK = `https://www.example.com/catalogo/${'repuesto-'.repeat(30)}final`;

/** Whether the page scrolls sideways (wider than its viewport). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

async function expectCartCount(page: Page, count: number) {
  await expect(page.getByRole('button', { name: `Mi pedido: ${count} ${count === 1 ? 'repuesto' : 'repuestos'}` })).toBeVisible();
}

test('a client builds and sends a pedido; staff change its status; the client sees it', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const username = uniqueName('pedido', testInfo.project.name);
  const password = 'clave-pedido-1';
  await createClient(request, username, password);

  // --- the client signs in and adds three parts from a card, the detail dialog and the product page
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Cliente/ }).click();
  const login = page.getByRole('dialog', { name: 'Acceso de Cliente' });
  await login.getByLabel('Usuario o Email').fill(username);
  await login.getByLabel('Contraseña', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'TODOS LOS PRODUCTOS' })).toBeVisible();
  await expectCartCount(page, 0);

  // 1. A carousel card (CE0007 is featured and on sale: either card adds it). A phone's home shows
  // the collections as links instead of carousels (issue 22): there, the list's card after a search.
  if (await page.getByRole('navigation', { name: 'Colecciones' }).isVisible()) {
    const search = page.getByRole('searchbox', { name: 'Buscar repuestos' });
    await search.fill('CE0007');
    await search.press('Enter');
  }
  // The card's button shows its whole label, within the card, and keeps the focus while it adds (Enter).
  const add = page.getByRole('button', { name: 'Agregar al pedido CE0007' }).first();
  await expect(add).toHaveText('Agregar al pedido');
  const fits = await add.evaluate((button) => {
    const card = (button.closest('article') ?? document.documentElement).getBoundingClientRect();
    const box = button.getBoundingClientRect();
    return button.scrollWidth <= button.clientWidth && box.left >= card.left - 0.5 && box.right <= card.right + 0.5;
  });
  expect(fits).toBe(true);
  await add.focus();
  await add.press('Enter');
  await expect(toasts(page).getByText('Agregado al pedido')).toBeVisible();
  await expectCartCount(page, 1);
  await expect(add).toBeFocused();

  // 2. The detail dialog, with a quantity of 2; its WhatsApp links carry the part.
  const box = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await box.fill(PHOTO_PART.partNumber);
  await box.press('Enter');
  await page.getByRole('button', { name: PHOTO_PART.description }).first().click();
  const detail = page.getByRole('dialog', { name: 'Detalles del Repuesto' });
  await detail.getByRole('button', { name: 'Aumentar cantidad' }).click();
  const sales = detail.getByRole('link', { name: /WhatsApp Ventas/ });
  await expect(sales).toHaveAttribute('href', /text=.*0011843925.*Cantidad%3A%202/);
  await detail.getByRole('button', { name: 'Agregar al pedido', exact: true }).click();

  // 3. The product page of its related part, with a quantity of 3.
  await detail.getByRole('button', { name: RELATED_PART.description }).click();
  await detail.getByRole('link', { name: 'Abrir página del producto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: RELATED_PART.description })).toBeVisible();
  await expectCartCount(page, 2);
  await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await page.getByRole('button', { name: 'Agregar al pedido', exact: true }).click();
  await expectCartCount(page, 3);

  // --- Mi pedido: the three lines, then five pasted lines
  await page.getByRole('button', { name: /^Mi pedido: / }).click();
  const cart = page.getByRole('dialog', { name: 'Mi pedido' });
  const lines = cart.getByRole('list', { name: 'Repuestos del pedido' });
  await expect(lines.getByRole('listitem')).toHaveCount(3);
  await expect(cart.getByRole('spinbutton', { name: `Cantidad de ${PHOTO_PART.partNumber}` })).toHaveValue('2');
  await expect(cart.getByRole('spinbutton', { name: `Cantidad de ${RELATED_PART.partNumber}` })).toHaveValue('3');

  await cart.getByRole('button', { name: 'Pedido rápido' }).click();
  await cart.getByLabel('Códigos y cantidades').fill(PASTED);
  await cart.getByRole('button', { name: 'Agregar al pedido', exact: true }).click();
  await expect(cart.getByText('Se agregaron 3 repuestos')).toBeVisible();
  const unmatched = cart.getByRole('region', { name: /Líneas no reconocidas/ });
  await expect(unmatched.getByText('Código desconocido')).toBeVisible();
  await expect(unmatched.getByText('Varios repuestos coinciden: elija uno')).toBeVisible();
  await unmatched.getByRole('list', { name: 'Repuestos que coinciden con la línea 4' }).getByRole('button').first().click();
  await expect(lines.getByRole('listitem')).toHaveCount(7);
  await expect(cart.getByRole('spinbutton', { name: 'Cantidad de 3151' })).toHaveValue('2');
  await expect(cart.getByRole('spinbutton', { name: 'Cantidad de 3154' })).toHaveValue('3');
  await expectNoSeriousA11yViolations(page, 'Mi pedido');

  // --- send
  await cart.getByRole('button', { name: 'Continuar' }).click();
  await cart.getByLabel('Nota para Ventas').fill(`Retira el transporte del martes ${LONG_LINK}`);
  await cart.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(cart.getByRole('heading', { name: 'Pedido enviado' })).toBeVisible();
  const number = (await cart.getByText(/^P-\d{6}$/).textContent())?.trim() ?? '';
  expect(number).toMatch(/^P-\d{6}$/);
  await expect(cart.getByRole('link', { name: /Enviar por WhatsApp/ })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\d+\\?text=.*${number}`),
  );
  await cart.getByRole('button', { name: 'Seguir comprando' }).click();
  await expectCartCount(page, 0);

  // --- staff see the pedido and change its status
  const staffContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const staffLogin = await staffContext.request.post('/api/auth/login', { data: { ...ADMIN, userType: 'admin' } });
  expect(staffLogin.status()).toBe(200);
  const staff = await staffContext.newPage();
  // At the client's width: a phone's admin too.
  await staff.setViewportSize(page.viewportSize() ?? { width: 1280, height: 900 });
  await staff.goto('/adminkon2025');
  await staff
    .getByRole('tablist', { name: 'Secciones del panel' })
    .getByRole('tab', { name: /^Pedidos/ })
    .click();
  await staff.getByLabel('Cliente o N° de pedido').fill(number);
  await staff.getByLabel('Cliente o N° de pedido').press('Enter');
  // The list fits the width (a phone's too): "Ver" is not behind a sideways scroll.
  const list = staff.getByRole('table', { name: 'Pedidos' });
  expect(
    await list.evaluate((table) => (table.parentElement as HTMLElement).scrollWidth - (table.parentElement as HTMLElement).clientWidth),
  ).toBe(0);
  await staff.getByRole('button', { name: `Ver pedido ${number}` }).click();
  // The pedido's number stays on one line.
  const numberCell = staff.getByRole('rowheader', { name: number });
  expect(
    await numberCell.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }),
  ).toBe(1);
  const panel = staff.getByRole('region', { name: 'Detalle del pedido' });
  await expect(panel.getByText('Retira el transporte del martes')).toBeVisible();
  // The note's long link wraps: the page does not scroll sideways.
  expect(await scrollsSideways(staff)).toBe(false);
  await expect(panel.getByRole('table', { name: `Repuestos del pedido ${number}` }).getByRole('row')).toHaveCount(9);
  await panel.getByLabel('Nuevo estado').selectOption({ label: 'En preparación' });
  await panel.getByLabel('Nota (opcional)').fill('Armando el pedido');
  await panel.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(toasts(staff).getByText('Estado actualizado')).toBeVisible();
  await staffContext.close();

  // --- the client reaches Mis pedidos from the header's user menu (an icon on phones) and sees the new status
  // On a phone the header may fold its actions into a "Más opciones" menu (issue 22).
  const more = page.getByRole('banner').getByRole('button', { name: 'Más opciones' });
  if (await more.isVisible()) await more.click();
  await page.getByRole('banner').getByRole('link', { name: 'Mis pedidos' }).click();
  await expect(page).toHaveURL(/\/mis-pedidos$/);
  const row = page.getByRole('listitem').filter({ hasText: number });
  await expect(row.getByText('En preparación')).toBeVisible();
  await row.getByRole('button', { name: `Ver detalle del pedido ${number}` }).click();
  await expect(row.getByText('Armando el pedido')).toBeVisible();
  await expect(row.getByText(LONG_LINK)).toBeVisible();
  // The lines fit the screen: quantity and subtotal are in view, not behind a sideways scroll.
  const detailLines = row.getByRole('table', { name: `Repuestos del pedido ${number}` });
  for (const column of ['Cantidad', 'Subtotal']) {
    await expect(detailLines.getByRole('columnheader', { name: column })).toBeInViewport({ ratio: 1 });
  }
  await expect(detailLines.getByRole('row')).toHaveCount(9);
  expect(await scrollsSideways(page)).toBe(false);
});

test('the back button closes "Mi pedido" and the detail dialog, and only them', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Invitado/ }).click();
  const search = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await search.fill(PHOTO_PART.partNumber);
  await search.press('Enter');
  await expect(page).toHaveURL(/\?q=0011843925$/);
  const card = page.getByRole('button', { name: PHOTO_PART.description }).first();
  await expect(card).toBeVisible();
  const cart = page.getByRole('dialog', { name: 'Mi pedido' });
  const detail = page.getByRole('dialog', { name: 'Detalles del Repuesto' });

  // Back with a dialog open closes it; the search stays.
  await page.getByRole('button', { name: /^Mi pedido/ }).click();
  await expect(cart).toBeVisible();
  await page.goBack();
  await expect(cart).toBeHidden();
  await expect(page).toHaveURL(/\?q=0011843925$/);
  await card.click();
  await expect(detail).toBeVisible();
  await page.goBack();
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(/\?q=0011843925$/);
  await expect(card).toBeVisible();

  // Closed by their own buttons, they leave no entry behind: back then leaves the search.
  await card.click();
  await detail.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(detail).toBeHidden();
  await page.getByRole('button', { name: /^Mi pedido/ }).click();
  await cart.getByRole('button', { name: 'Cerrar' }).click();
  await expect(cart).toBeHidden();
  await page.goBack();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByRole('heading', { name: 'TODOS LOS PRODUCTOS' })).toBeVisible();

  // A link inside the detail takes the dialog's place: back from the product page returns to the list.
  await search.fill(PHOTO_PART.partNumber);
  await search.press('Enter');
  await card.click();
  await detail.getByRole('link', { name: 'Abrir página del producto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: PHOTO_PART.description })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\?q=0011843925$/);
  await expect(detail).toBeHidden();
  await expect(card).toBeVisible();
});
