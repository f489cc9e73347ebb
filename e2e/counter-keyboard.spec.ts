/**
 * A parts counter with a customer on the phone, keyboard only (desktop and phone widths): codes as
 * they are dictated (spaces for dashes, a letter missing), picked from the suggestions with the
 * arrows, the quantity retyped on the product page and in the detail dialog, "Agregar al pedido",
 * back to the search for the next code, then "Mi pedido" (a quantity changed, a line removed), sent,
 * and found in "Mis pedidos". The client's account is made through the admin API.
 */
import { expect, type Page, test } from '@playwright/test';
import { createClient, uniqueName } from './support.ts';

async function expectCartCount(page: Page, count: number) {
  await expect(page.getByRole('button', { name: `Mi pedido: ${count} ${count === 1 ? 'repuesto' : 'repuestos'}` })).toBeVisible();
}

/** Presses Tab until `target` has the focus (at most `max` times), failing if it never does. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 6) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a counter takes a pedido by phone with the keyboard only', async ({ page, request }, testInfo) => {
  const username = uniqueName('mostrador', testInfo.project.name);
  const password = 'clave-mostrador-1';
  await createClient(request, username, password);

  // --- sign in with the keyboard
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Cliente/ }).focus();
  await page.keyboard.press('Enter');
  const login = page.getByRole('dialog', { name: 'Acceso de Cliente' });
  await login.getByLabel('Usuario o Email').focus();
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'TODOS LOS PRODUCTOS' })).toBeVisible();

  // --- 1. "de, seiscientos noventa y cinco, ce": D-695C, typed with spaces, picked with ↓ Enter
  const search = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await search.focus();
  await page.keyboard.type('d 695 c');
  const first = page.getByRole('option', { name: /^D-695C/ });
  await expect(first).toBeVisible();
  // As a person does, ↓ comes once the list has taken the typed search (300 ms after the last key):
  // a ↓ Enter in that very moment can lose its pick (session 31's closing note; not fixed yet).
  await expect(page).toHaveURL(/[?&]q=d\+695\+c/);
  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product\/\d+$/);
  // The focus is on the part, not lost to <body>: the next stops are its own controls.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const quantity = page.getByRole('spinbutton', { name: 'Cantidad' });
  await tabTo(page, quantity);
  // The field is emptied and retyped: 12, never 112.
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('12');
  await expect(quantity).toHaveValue('12');
  await tabTo(page, page.getByRole('button', { name: 'Agregar al pedido' }));
  await page.keyboard.press('Enter');
  await expectCartCount(page, 1);

  // Volver: the focus is back in the search box, for the next code, its suggestions closed.
  await page.getByRole('button', { name: 'Volver' }).focus();
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Buscar repuestos' })).toHaveAttribute('aria-expanded', 'false');

  // --- 2. "ese e cero cinco siete ocho" with the S missing: SE0578 from the suggestions
  await page.keyboard.press('Control+a');
  await page.keyboard.type('e0578');
  const second = page.getByRole('option', { name: /^SE0578/ });
  await expect(second).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=e0578/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await tabTo(page, quantity);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue('3');
  await tabTo(page, page.getByRole('button', { name: 'Agregar al pedido' }));
  await page.keyboard.press('Enter');
  await expectCartCount(page, 2);
  await page.getByRole('button', { name: 'Volver' }).focus();
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();

  // --- 3. "eme cuatro ocho cinco cinco dos, guion, veinticinco", searched with Enter; the card's detail
  await page.keyboard.press('Control+a');
  await page.keyboard.type('m48552 25');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  const card = page.getByRole('button', { name: 'COJINETES BANCADA OM 904 M/N 0,25' });
  await expect(card).toBeVisible();
  await card.focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: 'Detalles del Repuesto' });
  const dialogQuantity = detail.getByRole('spinbutton', { name: 'Cantidad' });
  await tabTo(page, dialogQuantity, 8);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('5');
  await expect(dialogQuantity).toHaveValue('5');
  await tabTo(page, detail.getByRole('button', { name: 'Agregar al pedido' }));
  await page.keyboard.press('Enter');
  // (The notice, outside the modal, is hidden from the accessibility tree while the detail is open.)
  await expect(page.getByText('5 × M48552-25').first()).toBeVisible();
  // One Escape closes the detail, not the "Agregado al pedido" notice, and the focus returns to the
  // card that opened it.
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(card).toBeFocused();
  await expectCartCount(page, 3);

  // --- Mi pedido: a quantity changed, a line removed, sent
  await page.getByRole('button', { name: 'Mi pedido: 3 repuestos' }).focus();
  await page.keyboard.press('Enter');
  const cart = page.getByRole('dialog', { name: 'Mi pedido' });
  const line = cart.getByRole('spinbutton', { name: 'Cantidad de D-695C' });
  await expect(line).toHaveValue('12');
  await line.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await expect(line).toHaveValue('2');
  await cart.getByRole('button', { name: 'Quitar SE0578' }).focus();
  await page.keyboard.press('Enter');
  await expect(cart.getByRole('spinbutton', { name: 'Cantidad de SE0578' })).toHaveCount(0);
  await expect(cart.getByRole('spinbutton', { name: /^Cantidad de / })).toHaveCount(2);
  await cart.getByRole('button', { name: 'Continuar' }).focus();
  await page.keyboard.press('Enter');
  await cart.getByRole('button', { name: 'Enviar pedido' }).focus();
  await page.keyboard.press('Enter');
  await expect(cart.getByRole('heading', { name: 'Pedido enviado' })).toBeVisible();
  const number =
    (await cart
      .getByText(/^P-\d{6}$/)
      .first()
      .textContent()) ?? '';
  expect(number).toMatch(/^P-\d{6}$/);

  // --- Mis pedidos lists it
  await cart.getByRole('link', { name: 'Mis pedidos' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/mis-pedidos$/);
  await expect(page.getByRole('button', { name: `Ver detalle del pedido ${number}` })).toBeVisible();
  // Nothing on a phone scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
