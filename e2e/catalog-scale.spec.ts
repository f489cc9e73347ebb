/**
 * Issue 22: the public catalogue at real size (10,000+ parts of three real catalogues) on a desktop
 * and on a 390 px phone: the index filter, the first/last page and page-number field, the
 * "Sin conexión" state of a search made offline, and the phone header and first screen.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support.ts';

async function enterAsGuest(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Invitado/ }).click();
  await expect(page.getByText(/^Mostrando 60 de /)).toBeVisible();
}

/** The category index: the sidebar on desktop, the drawer (opened) on a phone. */
async function openIndex(page: Page, isMobile: boolean): Promise<Locator> {
  if (isMobile) await page.getByRole('button', { name: 'Categorías' }).click();
  const scope = isMobile ? page.getByRole('dialog', { name: 'Categorías' }) : page;
  return scope.getByRole('navigation', { name: 'ÍNDICE DE REPUESTOS' });
}

test('the index filter narrows the categories as one types, ignoring accents, with their paths', async ({ page, isMobile }) => {
  await enterAsGuest(page);
  const index = await openIndex(page, isMobile);
  const box = index.getByRole('searchbox', { name: 'Filtrar categorías' });
  await box.fill('distribucion');
  const found = index.getByRole('list', { name: 'Categorías encontradas' });
  await expect(found.getByRole('button', { name: /050-DISTRIBUCIÓN/ })).toBeVisible();
  await expect(index.getByRole('button', { name: /^Expandir / })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'category index filtered');
  // A level-2 match shows its level-1 path and opens that category.
  await box.fill('isb');
  const isb = found.getByRole('button', { name: /ISB/ }).first();
  await expect(isb).toContainText('050-DISTRIBUCIÓN');
  await isb.click();
  await expect(page.getByRole('heading', { name: 'ISB', level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/categoria=\d+/);
});

test('pagination reaches the last page and a typed page number', async ({ page }) => {
  await enterAsGuest(page);
  const total = Number(((await page.getByText(/^Mostrando 60 de /).textContent()) ?? '').replace(/\D/g, '').slice(2));
  const pages = Math.ceil(total / 60);
  expect(pages).toBeGreaterThan(100);
  const pagination = page.getByRole('navigation', { name: 'Paginación' });
  await expect(pagination.getByRole('button', { name: 'Primera página' })).toBeDisabled();
  await pagination.getByRole('button', { name: 'Última página' }).click();
  await expect(pagination.getByRole('button', { name: `Página ${pages}` })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(new RegExp(`pagina=${pages}`));
  await expect(page.getByText(new RegExp(`^Mostrando ${total - (pages - 1) * 60} de `))).toBeVisible();
  await expect(pagination.getByRole('button', { name: /Siguiente/ })).toBeDisabled();

  const field = pagination.getByRole('textbox', { name: `Ir a página (de ${pages})` });
  await expect(field).toHaveValue(String(pages));
  await field.fill('80');
  await field.press('Enter');
  await expect(pagination.getByRole('button', { name: 'Página 80' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/pagina=80/);
  // Checked once page 80's cards have replaced the dimmed cards of the last page.
  await expect(page.getByText(/^Mostrando 60 de /)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'catalogue, page 80');
  await pagination.getByRole('button', { name: 'Primera página' }).click();
  await expect(pagination.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
});

test('offline, a new search says "Sin conexión" instead of showing the previous results', async ({ page, context }) => {
  await enterAsGuest(page);
  const firstCode = await page.getByRole('article').first().locator('p.font-mono').textContent();
  await context.setOffline(true);
  const status = page.getByRole('status').filter({ hasText: 'Sin conexión.' });
  await expect(status).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await box.fill('embrague');
  await box.press('Enter');
  const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Sin conexión' }) });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('No se pudo buscar «embrague» porque no hay conexión.');
  await expect(page.getByText(/^Mostrando /)).toHaveCount(0);
  await expect(page.getByText(firstCode ?? '', { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'catalogue offline');

  await context.setOffline(false);
  await expect(status).toBeHidden();
  await expect(page.getByText(/^Mostrando \d+ de /)).toBeVisible();
  await expect(alert).toBeHidden();
});

test('the badge, labelled downloads and the list on the first screen; 44 px targets on a phone', async ({ page, isMobile }) => {
  await enterAsGuest(page);
  const header = page.getByRole('banner');
  const badge = header.getByRole('button', { name: 'Mi Perfil: Invitado, Invitado' });
  await expect(badge).toContainText('Invitado');
  if (!isMobile) {
    // On a desktop the downloads stay in the header bar.
    await expect(header.getByRole('button', { name: 'Descargar Excel' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Descargar PDF' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Más opciones' })).toHaveCount(0);
    return;
  }
  // The product list starts within the first screen.
  const viewport = page.viewportSize();
  const firstCard = page.getByRole('article').first();
  const box = await firstCard.boundingBox();
  expect(box && viewport && box.y < viewport.height).toBe(true);
  // Excel and PDF are labelled actions of the "Más opciones" menu.
  await header.getByRole('button', { name: 'Más opciones' }).click();
  await expect(header.getByRole('button', { name: 'Descargar Excel' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Descargar PDF' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Salir' })).toBeVisible();
  // Every visible target of the header and of the list's controls is at least 44 px.
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('header button, header a, header input, #contenido > div button, nav[aria-label="Paginación"] button')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && (rect.height < 44 || rect.width < 44);
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent),
  );
  expect(small).toEqual([]);
  await expectNoSeriousA11yViolations(page, 'phone header menu');
  await page.keyboard.press('Escape');
  await expect(header.getByRole('button', { name: 'Salir' })).toBeHidden();
});

test('a failed client login keeps the dialog open with the username and the Spanish message', async ({ page }) => {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Acceso de Cliente' });
  await dialog.getByLabel('Usuario o Email').fill('taller-inexistente');
  await dialog.getByLabel('Contraseña', { exact: true }).fill('clave-equivocada');
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Usuario o Email')).toHaveValue('taller-inexistente');
  await expect(dialog.getByLabel('Contraseña', { exact: true })).toHaveValue('clave-equivocada');
  await expect(dialog.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'client login failed');
});
