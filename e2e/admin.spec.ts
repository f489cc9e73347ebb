/**
 * Issues 5 and 6: the admin panel at /adminkon2025, driven through its login screen, and what a
 * guest sees afterwards (a fresh browser context each time). Journeys that change shared state
 * (carousels, category visibility, sales units, related parts) undo it through the UI, with an
 * API safety net in `finally` so a failed step never leaves the shared server changed.
 */
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, type Browser, test as base, expect, type Locator, type Page } from '@playwright/test';
import { ADMIN, CAROUSEL_PARTS } from './fixtures.ts';
import { uniqueName } from './support.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** DLC parts (single price column, so guests see the price) no other journey uses. */
const SALE_PART = {
  partNumber: 'CE0005',
  description: 'CABLE ESPIRAL TOYOTA CAMRY COROLLA RAV4 YARIS',
  price: '700,00',
  salePrice: '560,00',
};
const UNIT_PART = { partNumber: 'CE0001', description: 'CABLE ESPIRAL TOYOTA HILUX K050' };
const UNIT_CANCEL_PART = { partNumber: 'CE0004' };
const MAIN_PART = { partNumber: 'CE0002', description: 'CABLE ESPIRAL NISSAN FRONTIER TIIDA' };
const LINKED_PART = { partNumber: 'CE0003', description: 'CABLE ESPIRAL TOYOTA HILUX K020' };
/** A DLC category (level 1) and one of its parts. */
const HIDDEN_CATEGORY = { name: 'Anillos', partNumber: 'A3031' };
/** A Resortes part, found by a guest after the upload. */
const RESORTES_PART = '205006150';
const RESORTES_FILE = path.resolve('..', 'shared/data/resortes-puerto-montt/Inventario.xlsx');

// ------------------------------------------------------------------------------------- helpers

/** Signs in through the admin login screen of /adminkon2025 and waits for the panel. */
async function loginThroughScreen(page: Page): Promise<void> {
  await page.goto('/adminkon2025');
  await expect(page.getByRole('heading', { name: 'Acceso de Administrador' })).toBeVisible();
  await page.getByLabel('Usuario').fill(ADMIN.username);
  await page.getByLabel('Contraseña').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeVisible();
}

/**
 * The admin signs in through the login screen once per worker and every journey's `page` starts
 * with that session: the server allows 10 logins per account in 15 minutes, and the other specs
 * sign the same admin in too. `page.request` shares the session for the API safety nets.
 */
const test = base.extend<object, { adminState: StorageState }>({
  adminState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL, storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      await loginThroughScreen(page);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ adminState }, use) => {
    await use(adminState);
  },
});

async function openPanel(page: Page): Promise<void> {
  await page.goto('/adminkon2025');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeVisible();
}

/** The toast region (Radix also announces the text elsewhere for a moment: look only here). */
function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /^Notificaciones/ });
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Secciones del panel' }).getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

/** The card of `partNumber` in a carousel's list (named "N. partNumber"). */
function cardOf(list: Locator, partNumber: string): Locator {
  return list.getByRole('listitem', { name: new RegExp(`^\\d+\\. ${partNumber.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
}

/** The row of `table` whose row header is exactly `partNumber`. */
function rowOf(page: Page, table: Locator, partNumber: string): Locator {
  return table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: partNumber, exact: true }) });
}

/** A guest in a browser context of its own (no admin cookie), on the catalogue. */
async function openAsGuest(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: /Ingresar como Invitado/ }).click();
  await expect(page.getByRole('heading', { name: 'TODOS LOS PRODUCTOS' })).toBeVisible();
  return page;
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Buscar repuestos' });
  await box.fill(text);
  await box.press('Enter');
}

/** The category index: the sidebar on desktop, the drawer (opened here) on a phone. */
async function categoryIndex(page: Page, isMobile: boolean): Promise<Locator> {
  if (isMobile) {
    await page.getByRole('button', { name: 'Categorías' }).click();
    return page.getByRole('dialog', { name: 'Categorías' }).getByRole('navigation', { name: 'ÍNDICE DE REPUESTOS' });
  }
  return page.getByRole('navigation', { name: 'ÍNDICE DE REPUESTOS' });
}

/** The id of a part, through the admin API (the page's session). */
async function adminPartId(request: APIRequestContext, partNumber: string): Promise<number> {
  const response = await request.get('/api/admin/parts', { params: { search: partNumber, limit: 50 } });
  const { parts } = (await response.json()) as { parts: { id: number; partNumber: string }[] };
  const part = parts.find((p) => p.partNumber === partNumber);
  if (!part) throw new Error(`part ${partNumber} not found`);
  return part.id;
}

// ------------------------------------------------------------------------------------- issue 5

test('an admin approves a pending registration with a client code', async ({ page, request }, testInfo) => {
  const username = uniqueName('pendiente', testInfo.project.name);
  // Client codes are unique (the desktop and phone runs share one database).
  const clientCode = `CLI-${testInfo.project.name === 'mobile' ? 4243 : 4242}`;
  const registered = await request.post('/api/auth/register', {
    data: { username, password: 'clave-segura-1', fullName: 'Cliente Pendiente', email: `${username}@example.com` },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await openPanel(page);
  await openTab(page, 'Gestión de Usuarios');
  const pending = page.getByRole('table', { name: 'Usuarios pendientes' });
  const row = pending.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
  await row.getByLabel(`Código de cliente para ${username}`).fill(clientCode);
  await row.getByRole('button', { name: 'Aprobar' }).click();
  await expect(toasts(page).getByText('Usuario aprobado')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Buscar usuario' }).fill(username);
  const approved = page
    .getByRole('table', { name: 'Usuarios', exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
  // Approved means active: the list's Estado column reads Pendiente, Activo or Deshabilitado (on a
  // phone each card cell also carries its column's name).
  await expect(approved.getByRole('cell', { name: /^(Estado )?Activo$/ })).toBeVisible();
  await expect(approved.getByRole('button', { name: new RegExp(`${clientCode}.*Editar código de cliente`) })).toBeVisible();
});

test('a part put on sale at 20 % reaches the guests\' "Productos Rebajados" with the original price struck through', async ({
  page,
  browser,
  baseURL,
  isMobile,
}) => {
  const request = page.request;
  try {
    await openPanel(page);
    await openTab(page, 'Gestión de Carruseles');
    await page
      .getByRole('tablist', { name: 'Carruseles' })
      .getByRole('tab', { name: /^Productos Rebajados/ })
      .click();
    await page.getByRole('searchbox', { name: 'Buscar producto para agregar a Productos Rebajados' }).fill(SALE_PART.partNumber);
    const candidates = page.getByRole('list', { name: 'Productos para agregar a Productos Rebajados' });
    await candidates.getByRole('button', { name: `Agregar ${SALE_PART.partNumber}`, exact: true }).click();

    const onSale = page.getByRole('list', { name: 'Productos en Productos Rebajados' });
    const entry = cardOf(onSale, SALE_PART.partNumber);
    // A 100 % discount is refused with a sentence, before anything is sent.
    await entry.getByLabel(`Descuento (%) de ${SALE_PART.partNumber}`).fill('100');
    await entry.getByRole('button', { name: `Aplicar descuento de ${SALE_PART.partNumber}` }).click();
    await expect(entry.getByRole('alert')).toHaveText(/Un descuento del 100 % regalaría el repuesto/);
    await entry.getByLabel(`Descuento (%) de ${SALE_PART.partNumber}`).fill('20');
    await entry.getByRole('button', { name: `Aplicar descuento de ${SALE_PART.partNumber}` }).click();
    await expect(entry.getByLabel(`Descuento (%) de ${SALE_PART.partNumber}`)).toHaveValue('20');
    // The new entry, last, moves to the first place: by keyboard sorting on a computer, with the
    // arrow buttons on a phone.
    const last = CAROUSEL_PARTS['on-sale'].length + 1;
    if (isMobile) {
      for (let at = last; at > 1; at--) {
        await entry.getByRole('button', { name: `Subir ${SALE_PART.partNumber}` }).click();
        await expect(onSale.getByRole('listitem').nth(at - 2)).toHaveAccessibleName(`${at - 1}. ${SALE_PART.partNumber}`);
      }
    } else {
      // Each key waits for what a user perceives (the handle pressed, the live region's sentence).
      const live = page.getByRole('status').filter({ hasText: SALE_PART.partNumber });
      const handle = entry.getByRole('button', { name: `Mover ${SALE_PART.partNumber} (posición ${last} de ${last})` });
      await handle.focus();
      await page.keyboard.press('Space');
      await expect(handle).toHaveAttribute('aria-pressed', 'true');
      // dnd-kit adds its arrow-key listener in a zero-delay timer queued when the drag started; a
      // timer queued now runs after it (a task barrier, not a wait on the clock).
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      for (let at = last - 1; at >= 1; at--) {
        await page.keyboard.press('ArrowUp');
        await expect(live).toHaveText(`${SALE_PART.partNumber} pasa a la posición ${at} de ${last}.`);
      }
      await page.keyboard.press('Space');
    }
    await expect(onSale.getByRole('listitem').first()).toHaveAccessibleName(`1. ${SALE_PART.partNumber}`);
    await expect(page.getByText('Hay cambios sin guardar: los clientes todavía ven los carruseles anteriores.')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(page.getByText('Los carruseles publicados están al día.')).toBeVisible();

    const guest = await openAsGuest(browser, baseURL);
    // A phone's home shows the collections as links (issue 22): there, the on-sale page holds the cards.
    const links = guest.getByRole('navigation', { name: 'Colecciones' });
    let carousel = guest.getByRole('region', { name: 'Productos Rebajados' });
    await expect(links.or(carousel).first()).toBeVisible();
    const phone = await links.isVisible();
    if (phone) {
      await links.getByRole('link', { name: 'Productos Rebajados' }).click();
      await expect(guest.getByRole('heading', { level: 1, name: 'Todos los Productos Rebajados' })).toBeVisible();
      carousel = guest.locator('body');
    }
    const card = carousel.getByRole('listitem').filter({ has: guest.getByRole('button', { name: SALE_PART.description }) });
    await expect(card).toBeVisible();
    await expect(card.getByText(new RegExp(`^\\$\\s${SALE_PART.salePrice}$`))).toBeVisible();
    const original = card.getByText(new RegExp(`Precio anterior:\\s*\\$\\s${SALE_PART.price}`));
    await expect(original).toHaveCSS('text-decoration-line', 'line-through');
    await expect(card.getByText('-20%')).toBeVisible();
    // The fixture's own on-sale part is still there.
    if (phone) await expect(guest.getByText(`${CAROUSEL_PARTS['on-sale'].length + 1} productos encontrados`)).toBeVisible();
    else await expect(carousel.getByRole('listitem')).toHaveCount(CAROUSEL_PARTS['on-sale'].length + 1);
    await guest.context().close();

    // Clean up: take it off sale and publish.
    await cardOf(onSale, SALE_PART.partNumber)
      .getByRole('button', { name: `Quitar ${SALE_PART.partNumber}` })
      .click();
    await expect(cardOf(onSale, SALE_PART.partNumber)).toHaveCount(0);
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(page.getByText('Los carruseles publicados están al día.')).toBeVisible();

    // Historial reads the publication by carousel and code, in words, and every entry so far
    // (imports, photos, pedidos) fits the screen: no sideways scrolling on a phone either.
    await openTab(page, 'Historial');
    const newest = page.getByRole('list', { name: 'Cambios' }).getByRole('listitem').first();
    await expect(newest).toContainText('Carruseles publicados');
    await expect(newest).toContainText('Productos Rebajados');
    await expect(newest).toContainText(`${SALE_PART.partNumber} (20 %)`);
    await expect(newest).not.toContainText('{');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  } finally {
    const id = await adminPartId(request, SALE_PART.partNumber);
    await request.put(`/api/products/carousel/${id}`, { data: { category: 'on-sale', action: 'remove' } });
    await request.post('/api/carousel/save');
    const published = await request.get('/api/products/on-sale', { params: { userType: 'guest' } });
    const numbers = ((await published.json()) as { partNumber: string }[]).map((p) => p.partNumber);
    expect(numbers).toEqual([...CAROUSEL_PARTS['on-sale']]);
  }
});

test('a hidden category disappears for guests from the index and the search, and comes back when shown', async ({
  page,
  browser,
  baseURL,
  isMobile,
}) => {
  const request = page.request;
  const saveVisibility = async (visible: boolean) => {
    await openTab(page, 'Categorías');
    const box = page.getByRole('checkbox', { name: HIDDEN_CATEGORY.name, exact: true });
    await (visible ? box.check() : box.uncheck());
    await expect(page.getByText('Tienes cambios sin guardar')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(toasts(page).getByText('Cambios guardados')).toBeVisible();
    await expect(page.getByText('Tienes cambios sin guardar')).toBeHidden();
  };
  const guestSees = async (visible: boolean) => {
    const guest = await openAsGuest(browser, baseURL);
    const index = await categoryIndex(guest, isMobile);
    await expect(index.getByRole('button', { name: /^Arbol levas\b/ })).toBeVisible();
    await expect(index.getByRole('button', { name: new RegExp(`^${HIDDEN_CATEGORY.name}\\b`) })).toHaveCount(visible ? 1 : 0);
    if (isMobile) await guest.keyboard.press('Escape');
    await search(guest, HIDDEN_CATEGORY.partNumber);
    if (visible) {
      await expect(guest.getByText('Mostrando 1 de 1 repuesto')).toBeVisible();
    } else {
      await expect(guest.getByRole('heading', { name: 'No se encontraron productos' })).toBeVisible();
    }
    await guest.context().close();
  };

  try {
    await openPanel(page);
    await saveVisibility(false);
    await guestSees(false);
    await saveVisibility(true);
    await guestSees(true);
  } finally {
    const tree = (await (await request.get('/api/categories/admin')).json()) as { id: number; name: string }[];
    const category = tree.find((c) => c.name === HIDDEN_CATEGORY.name);
    if (category) await request.put('/api/categories/visibility', { data: { updates: [{ categoryId: category.id, isVisible: true }] } });
  }
});

test('a sales unit edited with Enter shows to guests; Escape cancels another edit', async ({ page, browser, baseURL }) => {
  const request = page.request;
  try {
    await openPanel(page);
    await openTab(page, 'Unidades de Venta');
    const table = page.getByRole('table', { name: 'Unidades de venta por repuesto' });
    const searchBox = page.getByRole('searchbox', { name: 'Buscar repuestos' });

    await searchBox.fill(UNIT_PART.partNumber);
    const row = rowOf(page, table, UNIT_PART.partNumber);
    await row.getByRole('button', { name: /Editar unidad de venta de CE0001/ }).click();
    const input = row.getByLabel(`Unidad de venta de ${UNIT_PART.partNumber}`);
    await input.fill('caja x 2');
    await input.press('Enter');
    await expect(toasts(page).getByText('Unidad de venta actualizada')).toBeVisible();
    await expect(row.getByRole('button', { name: /^caja x 2\s*— Editar unidad de venta/ })).toBeFocused();

    await searchBox.fill(UNIT_CANCEL_PART.partNumber);
    const other = rowOf(page, table, UNIT_CANCEL_PART.partNumber);
    await other.getByRole('button', { name: /Editar unidad de venta de CE0004/ }).click();
    const otherInput = other.getByLabel(`Unidad de venta de ${UNIT_CANCEL_PART.partNumber}`);
    await otherInput.fill('docena');
    await otherInput.press('Escape');
    await expect(otherInput).toBeHidden();
    await expect(other.getByRole('button', { name: /^1 unidad\s*— Editar unidad de venta/ })).toBeFocused();

    // Guests see the new unit on the card and in "Detalles del Repuesto" (the product page of
    // docs/product.md §5.8 has no sales unit).
    const guest = await openAsGuest(browser, baseURL);
    await search(guest, UNIT_PART.partNumber);
    const card = guest.getByRole('article').filter({ has: guest.getByRole('button', { name: UNIT_PART.description }) });
    await expect(card.getByText('caja x 2', { exact: true })).toBeVisible();
    await guest.getByRole('button', { name: UNIT_PART.description }).click();
    const dialog = guest.getByRole('dialog', { name: 'Detalles del Repuesto' });
    await expect(dialog.getByRole('definition').filter({ hasText: /^caja x 2$/ })).toBeVisible();
    await guest.context().close();

    // Clean up through the panel.
    await searchBox.fill(UNIT_PART.partNumber);
    await row.getByRole('button', { name: /Editar unidad de venta de CE0001/ }).click();
    await input.fill('1 unidad');
    await input.press('Enter');
    await expect(row.getByRole('button', { name: /^1 unidad\s*— Editar unidad de venta/ })).toBeVisible();
  } finally {
    const id = await adminPartId(request, UNIT_PART.partNumber);
    await request.patch(`/api/admin/parts/${id}/sales-unit`, { data: { salesUnit: '1 unidad' } });
  }
});

test("two parts linked as related show in the guest's detail dialog", async ({ page, browser, baseURL }) => {
  const request = page.request;
  try {
    await openPanel(page);
    await openTab(page, 'Productos Relacionados');
    await page.getByRole('searchbox', { name: 'Buscar producto principal' }).fill(MAIN_PART.partNumber);
    await rowOf(page, page.getByRole('table', { name: 'Productos encontrados' }), MAIN_PART.partNumber)
      .getByRole('button', { name: 'Seleccionar' })
      .click();
    await expect(page.getByText('Este producto no tiene productos relacionados.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar productos para relacionar' }).fill(LINKED_PART.partNumber);
    const candidates = page.getByRole('table', { name: 'Candidatos para relacionar' });
    await rowOf(page, candidates, LINKED_PART.partNumber).getByRole('button', { name: 'Agregar' }).click();
    await expect(toasts(page).getByText('Producto relacionado agregado')).toBeVisible();
    const related = page.getByRole('table', { name: `Productos relacionados con ${MAIN_PART.partNumber}` });
    await expect(rowOf(page, related, LINKED_PART.partNumber)).toBeVisible();
    await expect(rowOf(page, candidates, LINKED_PART.partNumber).getByText('Ya relacionado')).toBeVisible();

    const guest = await openAsGuest(browser, baseURL);
    await search(guest, MAIN_PART.partNumber);
    await guest.getByRole('button', { name: MAIN_PART.description }).click();
    const dialog = guest.getByRole('dialog', { name: 'Detalles del Repuesto' });
    await expect(dialog.getByText(MAIN_PART.partNumber, { exact: true })).toBeVisible();
    const section = dialog.getByRole('region', { name: 'Productos Relacionados' });
    await section.getByRole('button', { name: LINKED_PART.description }).click();
    await expect(dialog.getByText(LINKED_PART.partNumber, { exact: true })).toBeVisible();
    await guest.context().close();

    // Clean up through the panel.
    await rowOf(page, related, LINKED_PART.partNumber).getByRole('button', { name: 'Quitar' }).click();
    await expect(page.getByText('Este producto no tiene productos relacionados.')).toBeVisible();
  } finally {
    const mainId = await adminPartId(request, MAIN_PART.partNumber);
    const linkedId = await adminPartId(request, LINKED_PART.partNumber);
    await request.delete(`/api/products/${mainId}/related/${linkedId}`);
  }
});

// ------------------------------------------------------------------------------------- issue 6

test('an admin imports the Resortes XLSX from the panel, reads the report, and a guest finds its parts', async ({
  page,
  browser,
  baseURL,
}) => {
  await openPanel(page);
  await page.getByRole('button', { name: 'Importar catálogo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar catálogo' });
  await dialog.getByLabel('Archivo').setInputFiles(RESORTES_FILE);
  // First a preview: nothing changes until it is applied.
  await dialog.getByRole('button', { name: 'Vista previa', exact: true }).click();
  const preview = dialog.getByRole('region', { name: 'Vista previa de la importación' });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview).toContainText('XLSX, 824 filas.');
  // The supplier's cost column is never published as a price list.
  await expect(preview.getByText('PRECIO COSTO', { exact: true })).toBeVisible();
  // The e2e server imported this same file at start: nothing to apply (docs/product.md §11.4).
  await expect(dialog.getByText('Es una vista previa: no cambiaría ningún producto, no hay nada que aplicar.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Aplicar importación' })).toHaveCount(0);
  await expect(preview).toContainText(`Importación de ${ADMIN.username}`);
  // Nothing new, nothing changed; the rows without a code, or with a family name as code, are
  // rejected again with their row numbers.
  const count = (label: string) => preview.getByRole('list', { name: 'Resultado' }).getByRole('listitem').filter({ hasText: label });
  await expect(count('insertados')).toHaveText(/^0\s*insertados$/);
  await expect(count('actualizados')).toHaveText(/^0\s*actualizados$/);
  await expect(count('sin cambios')).toHaveText(/^785\s*sin cambios$/);
  await expect(count('desactivados')).toHaveText(/^0\s*desactivados$/);
  await expect(count('rechazados')).toHaveText(/^29\s*rechazados$/);
  const rejected = preview.getByRole('region', { name: 'Filas rechazadas' });
  await expect(rejected.getByRole('row')).toHaveCount(30);
  await expect(rejected.getByRole('row', { name: /^249\s*—\s*Falta el código del producto\.$/ })).toBeVisible();
  await expect(rejected.getByRole('row', { name: /^816\s*ACERO PARABOLICO\s*El código son palabras sin números/ })).toBeVisible();
  // The same file under another source name is no conflict, even for a description of short words
  // only (row 656, `PC 5/8"X8" CB C/T`).
  await expect(preview.getByText(/^Conflictos con otra fuente/)).toHaveCount(0);
  // Repeated codes are reported with both rows, not rejected.
  await expect(preview.getByText('Códigos repetidos con otra descripción: 4 (se conservó la primera fila)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Vista previa', exact: true })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  const guest = await openAsGuest(browser, baseURL);
  await search(guest, RESORTES_PART);
  await expect(guest.getByText('Mostrando 1 de 1 repuesto')).toBeVisible();
  await expect(guest.getByText(RESORTES_PART, { exact: true })).toBeVisible();
  await guest.context().close();
});

test('the debug page explains that ERP_SOURCE is not configured and refuses the sync', async ({ page }) => {
  await openPanel(page);
  await page.goto('/debug');
  await expect(page.getByRole('heading', { level: 1, name: 'Depuración' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'ERP_SOURCE no está configurado en el servidor.' })).toBeVisible();
  await page.getByRole('button', { name: 'Sincronizar Datos' }).click();
  await expect(toasts(page).getByText('ERP_SOURCE no está configurado en el servidor.')).toBeVisible();
  await page.getByRole('link', { name: 'Volver al Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeVisible();
});

test("every tab of the panel fits the screen's width with the real data: no sideways scrolling", async ({ page }) => {
  await openPanel(page);
  const tabs = [
    'Listas de Precios',
    'Gestión de Usuarios',
    'Gestión de Carruseles',
    'Unidades de Venta',
    'Multimedia',
    'Categorías',
    'Solicitudes',
    'Productos Relacionados',
    'Sinónimos',
    'Repuestos',
    'Historial',
  ];
  for (const name of tabs) {
    await openTab(page, name);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(panel.getByRole('status').filter({ hasText: 'Cargando' })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(1);
  }
});
