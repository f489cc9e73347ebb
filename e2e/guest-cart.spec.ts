/**
 * A guest's pedido lives in the browser (docs/product.md §16.1). When a part of it stops being
 * available, the server, which never saw this guest add it, does not name it; the browser
 * remembers the code of each line and the pedido says which part to remove.
 */
import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './support.ts';

/** A part of the DLC catalogue no other journey uses, one per project (each retires its own). */
const PART = { desktop: 'HQ6506', mobile: 'HQ6505' } as const;

test("a guest's line of a part retired since it was added names the part", async ({ page, playwright, baseURL }, testInfo) => {
  const code = PART[testInfo.project.name as keyof typeof PART];
  const admin = await playwright.request.newContext({ baseURL });
  await loginAsAdmin(admin);
  const found = await admin.get(`/api/admin/parts?search=${code}`);
  expect(found.status()).toBe(200);
  const part = ((await found.json()) as { parts: { id: number; partNumber: string }[] }).parts.find((p) => p.partNumber === code);
  expect(part, `${code} is in the catalogue`).toBeDefined();
  const setActive = async (isActive: boolean) => {
    const response = await admin.patch(`/api/admin/parts/${part?.id}`, { data: { isActive } });
    expect(response.status(), await response.text()).toBe(200);
  };

  try {
    await page.goto('/');
    await page.getByRole('button', { name: /Ingresar como Invitado/ }).click();
    const search = page.getByRole('searchbox', { name: 'Buscar repuestos' });
    await search.fill(code);
    await search.press('Enter');
    await page
      .getByRole('button', { name: `Agregar al pedido ${code}` })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Mi pedido: 1 repuesto' })).toBeVisible();

    await setActive(false);
    await page.reload();
    await page.getByRole('button', { name: 'Mi pedido: 1 repuesto' }).click();
    const cart = page.getByRole('dialog', { name: 'Mi pedido' });
    await expect(cart.getByRole('list', { name: 'Repuestos no disponibles' })).toHaveText(
      new RegExp(`${code}: Este repuesto ya no está disponible`),
    );
    // The guest knows which part it was, and removes it.
    await cart.getByRole('button', { name: `Quitar ${code}` }).click();
    await expect(cart.getByText('Su pedido está vacío.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mi pedido: 0 repuestos', includeHidden: true })).toBeAttached();
  } finally {
    await setActive(true);
    await admin.dispose();
  }
});
