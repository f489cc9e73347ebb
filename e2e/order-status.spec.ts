/**
 * A pedido's status changes (docs/product.md §16.5). A client sends a pedido (through the API); staff,
 * in the admin panel's "Pedidos" tab, see only the statuses the rule allows, skip ahead to "Enviado",
 * correct the slip one step back, and cancel it after confirming that it cannot be undone; the
 * cancelled pedido shows no control, and the API refuses to deliver it (409). The client sees the
 * history in "Mis pedidos".
 */
import { expect, type Page, test } from '@playwright/test';
import { ADMIN } from './fixtures.ts';
import { createClient, expectNoSeriousA11yViolations, uniqueName } from './support.ts';

/** The toast region (Radix also repeats a toast's text in a hidden live region outside it). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notificaciones/ });

test('staff move a pedido only as the rule allows; a cancelled pedido stays cancelled', async ({ page, browser, baseURL }, testInfo) => {
  const username = uniqueName('estado', testInfo.project.name);
  const password = 'clave-estado-1';
  await createClient(page.request, username, password);
  await page.context().clearCookies();
  const login = await page.request.post('/api/auth/login', { data: { username, password, userType: 'client' } });
  expect(login.status(), await login.text()).toBe(200);
  const found = (await (await page.request.get('/api/parts?search=3151')).json()) as { parts: { id: number }[] };
  const sent = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': `${username}-1` },
    data: { lines: [{ partId: found.parts[0]?.id, quantity: 2 }], fromCart: false },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id, number } = (await sent.json()) as { id: number; number: string };

  // --- staff, at the same width as the client (a phone's admin too)
  const staffContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  expect((await staffContext.request.post('/api/auth/login', { data: { ...ADMIN, userType: 'admin' } })).status()).toBe(200);
  const staff = await staffContext.newPage();
  await staff.setViewportSize(page.viewportSize() ?? { width: 1280, height: 900 });
  await staff.goto('/adminkon2025');
  await staff
    .getByRole('tablist', { name: 'Secciones del panel' })
    .getByRole('tab', { name: /^Pedidos/ })
    .click();
  await staff.getByLabel('Cliente o N° de pedido').fill(number);
  await staff.getByLabel('Cliente o N° de pedido').press('Enter');
  await staff.getByRole('button', { name: `Ver pedido ${number}` }).click();
  const panel = staff.getByRole('region', { name: 'Detalle del pedido' });
  await expect(panel.getByLabel('Nuevo estado')).toBeVisible();
  await expectNoSeriousA11yViolations(staff, 'pedido abierto');
  const select = panel.getByLabel('Nuevo estado');
  const change = panel.getByRole('button', { name: 'Cambiar estado' });
  const options = () => select.getByRole('option').allTextContents();

  // Recibido: forward (skipping steps) or cancel; never itself.
  await expect.poll(options).toEqual(['Elegir estado', 'En preparación', 'Enviado', 'Entregado', 'Cancelado']);
  await select.selectOption({ label: 'Enviado' });
  await change.click();
  await expect(toasts(staff).getByText('Estado actualizado')).toBeVisible();

  // Enviado: one step back is offered, to correct the slip; Recibido is not.
  await expect.poll(options).toEqual(['Elegir estado', 'En preparación', 'Entregado', 'Cancelado']);
  await select.selectOption({ label: 'En preparación' });
  await panel.getByLabel('Nota (opcional)').fill('Todavía no salió');
  await change.click();
  await expect.poll(options).toEqual(['Elegir estado', 'Recibido', 'Enviado', 'Entregado', 'Cancelado']);

  // Cancelado asks first, by keyboard: "Volver" keeps the pedido as it was.
  await select.selectOption({ label: 'Cancelado' });
  await panel.getByLabel('Nota (opcional)').fill('Sin stock del proveedor');
  await change.focus();
  await staff.keyboard.press('Enter');
  const confirm = staff.getByRole('dialog', { name: '¿Marcar el pedido como Cancelado?' });
  await expect(confirm.getByText('Un pedido Cancelado no puede cambiar de estado.')).toBeVisible();
  await expectNoSeriousA11yViolations(staff, 'confirmar estado final');
  await confirm.getByRole('button', { name: 'Volver' }).click();
  await expect(confirm).toBeHidden();
  await expect(change).toBeFocused();
  await change.click();
  await confirm.getByRole('button', { name: 'Marcar Cancelado' }).click();
  await expect(panel.getByText('Un pedido Cancelado no puede cambiar de estado.')).toBeVisible();
  await expect(panel.getByLabel('Nuevo estado')).toHaveCount(0);
  // The UI is not the guard: the server refuses too.
  const refused = await staffContext.request.patch(`/api/admin/orders/${id}/status`, { data: { status: 'delivered' } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Un pedido Cancelado no puede pasar a Entregado');
  await staffContext.close();

  // --- the client sees the history
  await page.goto('/mis-pedidos');
  const row = page.getByRole('listitem').filter({ hasText: number });
  await expect(row.getByText('Cancelado').first()).toBeVisible();
  await row.getByRole('button', { name: `Ver detalle del pedido ${number}` }).click();
  await expect(row.getByText('Todavía no salió')).toBeVisible();
  await expect(row.getByText('Sin stock del proveedor')).toBeVisible();
});
