/**
 * Issue 4: accounts. Registration and approval, role prices (guest, client, distributor), password
 * recovery, profile editing and feedback, each journey with its own users so they run in any order.
 * Set-up calls (approval, account creation) go through the admin API in a context of their own.
 */
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, DISTRIBUTOR, ROLE_PRICE_PART } from './fixtures.ts';
import { approveRegistration, createClient, expectNoSeriousA11yViolations, uniqueName } from './support.ts';

// Account flows do not depend on the viewport: the mobile project does not run this file
// (playwright.config.ts); the phone layout is covered by the catalogue and admin journeys.

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByText('Mostrando 1 de 1 repuesto')).toBeVisible();
}

/** The price shown on the only card of the list. */
function listPrice(page: Page, price: string | RegExp) {
  return page.getByRole('region', { name: 'TODOS LOS PRODUCTOS' }).getByText(price);
}

async function clientLogin(page: Page, username: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Acceso de Cliente' });
  await dialog.getByLabel('Usuario o Email').fill(username);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  await expect(dialog).toBeHidden();
}

/** The toast region (Radix also repeats a toast's text in a hidden live region outside it). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notificaciones/ });

const money = (text: string) => new RegExp(text.replace(/[.$]/g, (c) => `\\${c}`).replace(/ /g, '\\s'));

test('register, get approved by an admin, and see client prices', async ({ page, request }, testInfo) => {
  const username = uniqueName('cliente', testInfo.project.name);
  const password = 'clave-segura-1';

  // The guest sees no price for this part.
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Invitado/ }).click();
  await search(page, ROLE_PRICE_PART.partNumber);
  await expect(listPrice(page, money(ROLE_PRICE_PART.guest))).toBeVisible();
  await page.getByRole('button', { name: 'Salir' }).click();

  // Registration from the start screen.
  await page.getByRole('link', { name: 'Registrarse' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitud de Acceso' })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar Solicitud' }).click();
  await expect(page.getByText('El nombre es obligatorio')).toBeVisible();
  await page.getByLabel('Nombre completo').fill('Taller E2E');
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Teléfono').fill('+54 11 5555-0000');
  await page.getByLabel('Empresa').fill('Taller E2E SRL');
  await page.getByLabel('Usuario', { exact: true }).fill(username);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill('otra-clave');
  await page.getByRole('button', { name: 'Enviar Solicitud' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'registration with errors');
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Enviar Solicitud' }).click();
  await expect(toasts(page).getByText('Registro exitoso')).toBeVisible();
  await expect(toasts(page).getByText('Su solicitud ha sido enviada. Recibirá una notificación cuando sea aprobada.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Before approval the login is refused with the pending message.
  await page.getByRole('button', { name: /Ingresar como Cliente/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Acceso de Cliente' });
  await dialog.getByLabel('Usuario o Email').fill(username);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Su solicitud de acceso está pendiente de aprobación.');

  // An admin approves it; the client logs in (the dialog still open) and sees list 1.
  await approveRegistration(request, username, 'C-E2E');
  await clientLogin(page, username, password);
  await expect(page.getByRole('button', { name: `Mi Perfil: ${username}, Cliente` })).toBeVisible();
  await search(page, ROLE_PRICE_PART.partNumber);
  await expect(listPrice(page, money(ROLE_PRICE_PART.client))).toBeVisible();

  // The profile shows the client number; a wrong current password is refused.
  await page.getByRole('button', { name: `Mi Perfil: ${username}, Cliente` }).click();
  const profile = page.getByRole('dialog', { name: 'Mi Perfil' });
  await expect(profile.getByText('C-E2E')).toBeVisible();
  await expect(profile.getByLabel('Nombre completo')).toHaveValue('Taller E2E');
  await profile.getByLabel('Contraseña actual', { exact: true }).fill('no-es-esta');
  await profile.getByLabel('Nueva contraseña', { exact: true }).fill('nueva-clave-1');
  await profile.getByLabel('Confirmar nueva contraseña', { exact: true }).fill('nueva-clave-1');
  await expectNoSeriousA11yViolations(page, 'profile dialog');
  await profile.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(profile.getByRole('alert')).toHaveText('La contraseña actual es incorrecta');
  await expect(profile).toBeVisible();

  // A name change is saved and the session refreshed.
  await profile.getByLabel('Contraseña actual', { exact: true }).fill('');
  await profile.getByLabel('Nueva contraseña', { exact: true }).fill('');
  await profile.getByLabel('Confirmar nueva contraseña', { exact: true }).fill('');
  await profile.getByLabel('Nombre completo').fill('Taller E2E Norte');
  await profile.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(toasts(page).getByText('Perfil actualizado')).toBeVisible();
  await expect(profile).toBeHidden();
  await page.getByRole('button', { name: `Mi Perfil: ${username}, Cliente` }).click();
  await expect(profile.getByLabel('Nombre completo')).toHaveValue('Taller E2E Norte');
  await profile.getByRole('button', { name: 'Cancelar' }).click();

  // The feedback box sends a comment.
  await page.getByRole('button', { name: 'Escribir comentario' }).click();
  const feedback = page.getByRole('dialog', { name: 'Dejanos tu comentario' });
  await feedback.getByRole('textbox').fill('  Busco el resorte 205006150 en 2 metros  ');
  await expect(feedback.getByText('42/500 caracteres')).toBeVisible();
  await feedback.getByRole('button', { name: 'Enviar' }).click();
  await expect(feedback.getByText('¡Gracias por tu comentario!')).toBeVisible();
  await expect(feedback).toBeHidden({ timeout: 8000 });

  // The session survives a reload (server cookie); logout returns to the start screen.
  await page.reload();
  await expect(page.getByRole('button', { name: `Mi Perfil: ${username}, Cliente` })).toBeVisible();
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page.getByRole('button', { name: /Ingresar como Invitado/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /Ingresar como Invitado/ })).toBeVisible();
});

test('a distributor logs in at the portal and sees list 2', async ({ page }) => {
  await page.goto('/distribuidores');
  await expect(page.getByRole('heading', { name: 'Acceso de Distribuidor' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'distributor login');
  await page.getByLabel('Usuario', { exact: true }).fill(DISTRIBUTOR.username);
  await page.getByLabel('Contraseña', { exact: true }).fill('equivocada');
  await page.getByLabel('Contraseña', { exact: true }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos');
  await page.getByLabel('Contraseña', { exact: true }).fill(DISTRIBUTOR.password);
  await page.getByLabel('Contraseña', { exact: true }).press('Enter');
  await expect(page.getByRole('button', { name: `Mi Perfil: ${DISTRIBUTOR.username}, Distribuidor` })).toBeVisible();
  await search(page, ROLE_PRICE_PART.partNumber);
  await expect(listPrice(page, money(ROLE_PRICE_PART.distributor))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dejanos tu comentario' })).toBeVisible();
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('forgot password, reset with the development token, and log in with the new password', async ({ page, request }, testInfo) => {
  const username = uniqueName('olvido', testInfo.project.name);
  await createClient(request, username, 'clave-vieja-1');

  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Acceso de Cliente' });
  await dialog.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('button', { name: 'Enviar Instrucciones' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'forgot password');
  await page.getByLabel('Usuario o Email').fill(`  ${username}  `);
  await page.getByRole('button', { name: 'Enviar Instrucciones' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitud Enviada' })).toBeVisible();
  await expect(page.getByText('Si la cuenta existe, recibirás un email con instrucciones para restablecer tu contraseña.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Modo desarrollo' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'forgot password sent');
  await page.getByRole('link', { name: 'Restablecer contraseña con este token' }).click();

  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const password = page.getByLabel('Nueva contraseña', { exact: true });
  await expect(password).toHaveAttribute('placeholder', 'Mínimo 6 caracteres');
  const submit = page.getByRole('button', { name: 'Restablecer Contraseña' });
  await password.fill('clave-nueva-1');
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill('clave-nueva-2');
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill('clave-nueva-1');
  await expectNoSeriousA11yViolations(page, 'reset password');
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Contraseña Restablecida' })).toBeVisible();
  // The automatic redirect to /login (3 s) opens the client dialog.
  await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
  await expect(dialog).toBeVisible();

  // The old password no longer works; the new one does.
  // A failed login keeps the dialog open with the username typed and the message (issue 22).
  await dialog.getByLabel('Usuario o Email').fill(username);
  await dialog.getByLabel('Contraseña', { exact: true }).fill('clave-vieja-1');
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos');
  await expect(dialog.getByLabel('Usuario o Email')).toHaveValue(username);
  await expectNoSeriousA11yViolations(page, 'client login failed');
  await clientLogin(page, username, 'clave-nueva-1');
  await expect(page.getByRole('button', { name: `Mi Perfil: ${username}, Cliente` })).toBeVisible();

  // A used token is refused.
  await page.goBack();
  await page.goto('/reset-password?token=token-que-no-existe');
  await expect(page.getByRole('heading', { name: 'Token Expirado' })).toBeVisible();
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Token Inválido' })).toBeVisible();
});

test('the admin screen asks a non-admin to log in and lets the admin in', async ({ page }) => {
  await page.goto('/distribuidores');
  await page.getByLabel('Usuario', { exact: true }).fill(DISTRIBUTOR.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(DISTRIBUTOR.password);
  await page.getByRole('button', { name: 'Acceder al Portal' }).click();
  await expect(page.getByRole('button', { name: `Mi Perfil: ${DISTRIBUTOR.username}, Distribuidor` })).toBeVisible();

  await page.goto('/adminkon2025');
  await expect(page.getByRole('heading', { name: 'Acceso de Administrador' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'admin login');
  // A distributor's credentials are not an admin's.
  await page.getByLabel('Usuario', { exact: true }).fill(DISTRIBUTOR.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(DISTRIBUTOR.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos');
  await page.getByLabel('Usuario', { exact: true }).fill(ADMIN.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
});
