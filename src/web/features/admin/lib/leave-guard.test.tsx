import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link } from 'wouter';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { AdminPanel } from '../admin-panel.tsx';
import { CategoriesTab } from '../components/categories-tab.tsx';
import { adminCategoryTree } from '../test-fixtures.ts';
import { LeaveGuardProvider } from './leave-guard.tsx';

const LEAVE = 'Hay cambios sin guardar en las categorías. Si sale ahora se perderán. ¿Salir sin guardar?';

function api() {
  return mockApi({ 'GET /api/categories/admin': adminCategoryTree(), 'GET /api/profiles': [], 'GET /api/admin/counts': {} });
}

async function makeAChange() {
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Herramientas' }));
  expect(screen.getByText(/Tienes cambios sin guardar/)).toBeInTheDocument();
}

describe('leaving unsaved category changes', () => {
  it('asks before switching the panel’s tab, and stays or leaves as answered', async () => {
    api();
    renderWithApp(<AdminPanel initialTab="categorias" />, { path: '/adminkon2025' });
    await makeAChange();

    await userEvent.click(screen.getByRole('tab', { name: 'Listas de Precios' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' });
    expect(dialog).toHaveTextContent(LEAVE);
    await userEvent.click(screen.getByRole('button', { name: 'Seguir editando' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Categorías' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('checkbox', { name: 'Herramientas' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('tab', { name: 'Listas de Precios' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    expect(screen.getByRole('tab', { name: 'Listas de Precios' })).toHaveAttribute('aria-selected', 'true');

    // Without changes a tab switch asks nothing.
    await userEvent.click(screen.getByRole('tab', { name: 'Categorías' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Listas de Precios' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Listas de Precios' })).toHaveAttribute('aria-selected', 'true');
  });

  it('asks before a link leaves the page, and lets the browser ask before a reload', async () => {
    api();
    const { location } = renderWithApp(
      <LeaveGuardProvider>
        {() => (
          <>
            <Link href="/debug">Depuración</Link>
            <CategoriesTab />
          </>
        )}
      </LeaveGuardProvider>,
      { path: '/adminkon2025' },
    );
    await makeAChange();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Depuración' }));
    expect(await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/adminkon2025');
    await userEvent.click(screen.getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/debug'));
  });

  it('asks when the back button is pressed, and stays on the page if told so', async () => {
    api();
    renderWithApp(<LeaveGuardProvider>{() => <CategoriesTab />}</LeaveGuardProvider>, { path: '/adminkon2025' });
    const guarded = () => Object.keys((window.history.state as object | null) ?? {}).includes('portalLeaveGuard');
    await makeAChange();
    // An extra entry of the same address catches the back button.
    expect(guarded()).toBe(true);
    window.history.replaceState(null, '', window.location.href);
    fireEvent.popState(window);
    expect(await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Seguir editando' }));
    expect(guarded()).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Herramientas' })).not.toBeChecked();
  });
});
