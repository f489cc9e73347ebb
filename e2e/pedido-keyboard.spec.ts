/**
 * "Mi pedido" and "Detalles del Repuesto" at the keyboard (docs/product.md §13.4, §16): the first
 * Escape after "Agregar al pedido" closes the detail dialog, its toast left showing; in "Mi pedido"
 * each action whose button leaves the screen hands the focus on — a removed line's "Quitar" to the
 * next line's (the previous one at the end, "Pedido rápido" once empty), "Continuar" to the send
 * step's first field, "Enviar pedido" to the confirmation's heading — never to the dialog's frame.
 * A guest's pedido, so each project's browser holds its own.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PHOTO_PART } from './fixtures.ts';

/** The toast region (Radix also repeats a toast's text in a hidden live region outside it). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notificaciones/, includeHidden: true });

/** The codes of the pedido's lines, in their order, read from their "Quitar" buttons. */
async function lineCodes(lines: Locator): Promise<string[]> {
  const names = await lines.getByRole('button', { name: /^Quitar / }).allTextContents();
  return names.map((name) => name.replace(/^Quitar\s*/, '').trim());
}

test('the detail dialog closes at the first Escape after "Agregar al pedido"; Mi pedido keeps the focus going', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Invitado/ }).click();

  // --- Detalles del Repuesto: "Agregar al pedido" with Enter, then Escape
  const search = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await search.fill(PHOTO_PART.partNumber);
  await search.press('Enter');
  const card = page.getByRole('button', { name: PHOTO_PART.description }).first();
  await card.click();
  const detail = page.getByRole('dialog', { name: 'Detalles del Repuesto' });
  const add = detail.getByRole('button', { name: 'Agregar al pedido', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(toasts(page).getByText('Agregado al pedido')).toBeVisible();
  await expect(add).toBeFocused();
  // One Escape: the dialog the user is in closes; the toast is not what Escape is for here.
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(toasts(page).getByText('Agregado al pedido')).toBeVisible();
  await expect(card).toBeFocused();
  await expect(page.getByRole('button', { name: 'Mi pedido: 1 repuesto' })).toBeVisible();

  // --- Mi pedido: two more lines from "Pedido rápido", then "Quitar" three times with Enter
  await page.getByRole('button', { name: 'Mi pedido: 1 repuesto' }).click();
  const cart = page.getByRole('dialog', { name: 'Mi pedido' });
  await cart.getByRole('button', { name: 'Pedido rápido' }).click();
  await cart.getByLabel('Códigos y cantidades').fill('3151 1\n3154 1');
  await cart.getByRole('button', { name: 'Agregar al pedido', exact: true }).click();
  await expect(cart.getByText('Se agregaron 2 repuestos')).toBeVisible();
  const lines = cart.getByRole('list', { name: 'Repuestos del pedido' });
  await expect(lines.getByRole('listitem')).toHaveCount(3);
  const [first, middle, last] = await lineCodes(lines);

  await cart.getByRole('button', { name: `Quitar ${middle}` }).focus();
  await page.keyboard.press('Enter');
  // The line now in its place: the next one's "Quitar".
  await expect(cart.getByRole('button', { name: `Quitar ${last}` })).toBeFocused();
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('Enter');
  // The last line gone: the previous one's.
  await expect(cart.getByRole('button', { name: `Quitar ${first}` })).toBeFocused();
  await page.keyboard.press('Enter');
  // The pedido empty: its way to fill it again.
  await expect(cart.getByText('Su pedido está vacío.')).toBeVisible();
  await expect(cart.getByRole('button', { name: 'Pedido rápido' })).toBeFocused();

  // --- "Continuar" and "Enviar pedido"
  await cart.getByLabel('Códigos y cantidades').fill('3151 2');
  await cart.getByRole('button', { name: 'Agregar al pedido', exact: true }).click();
  await expect(lines.getByRole('listitem')).toHaveCount(1);
  await cart.getByRole('button', { name: 'Continuar' }).focus();
  await page.keyboard.press('Enter');
  const name = cart.getByLabel('Nombre');
  await expect(name).toBeFocused();
  await page.keyboard.type('Taller del Teclado');
  await cart.getByLabel('Teléfono').fill('1155550000');
  await cart.getByRole('button', { name: 'Enviar pedido' }).focus();
  await page.keyboard.press('Enter');
  await expect(cart.getByRole('heading', { name: 'Pedido enviado' })).toBeFocused();
  // And on from there, by Tab, to the confirmation's actions.
  await page.keyboard.press('Tab');
  await expect(cart.getByRole('link', { name: /Enviar por WhatsApp|Descargar PDF/ }).first()).toBeFocused();
});
