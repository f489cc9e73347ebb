import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { errorResponse, json, mockApi, renderWithApp } from '../../test/render.tsx';
import { buildAdminUser } from './test-fixtures.ts';
import { callsTo } from './test-utils.ts';
import { AdminPanel } from './index.ts';

describe('AdminPanel', () => {
  it('has the title, the back link and every tab in order', async () => {
    mockApi({ 'GET /api/profiles': [], 'GET /api/part-requests': [] });
    renderWithApp(<AdminPanel />, { path: '/adminkon2025' });
    expect(screen.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al Catálogo' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Listas de Precios',
      'Gestión de Usuarios',
      'Gestión de Carruseles',
      'Unidades de Venta',
      'Multimedia',
      'Categorías',
      'Solicitudes',
      'Productos Relacionados',
      'Pedidos',
      'Sinónimos',
      'Repuestos',
      'Historial',
    ]);
    expect(screen.getByRole('tab', { name: 'Listas de Precios' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText('Lista de precios para Invitado')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Solicitudes' }));
    expect(screen.getByRole('tab', { name: 'Solicitudes' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No hay solicitudes.')).toBeInTheDocument();
  });

  it('moves between tabs with the keyboard', async () => {
    mockApi({ 'GET /api/profiles': [], 'GET /api/users': [], 'GET /api/users/pending': [] });
    renderWithApp(<AdminPanel />);
    screen.getByRole('tab', { name: 'Listas de Precios' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Gestión de Usuarios' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Gestión de Usuarios' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Crear Usuario' })).toBeDisabled();
  });
});

describe('AdminPanel inside a nested route', () => {
  it('keeps its links absolute and explains an expired session', async () => {
    mockApi({
      'GET /api/profiles': () => errorResponse(401, 'UNAUTHENTICATED', 'Debe iniciar sesión'),
      'GET /api/categories/admin': [],
    });
    renderWithApp(
      <Route path="/adminkon2025" nest>
        <AdminPanel />
      </Route>,
      { path: '/adminkon2025' },
    );
    expect(screen.getByRole('link', { name: 'Volver al Catálogo' })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Su sesión de administrador expiró. Vuelva a ingresar.');
    await userEvent.click(screen.getByRole('tab', { name: 'Categorías' }));
    expect(screen.getByRole('link', { name: /Administración de categorías/ })).toHaveAttribute('href', '/adminkon2025/categorias');
    // The debug page and its import history, from the header (issue 21 item 11).
    expect(screen.getByRole('link', { name: 'Depuración' })).toHaveAttribute('href', '/debug');
    expect(screen.getByRole('link', { name: 'Historial de importaciones' })).toHaveAttribute('href', '/debug#historial-importaciones');
  });
});

describe('AdminPanel pending badges', () => {
  it('shows the pending counts on their tabs, opens the tab a mail links to, and follows an approval', async () => {
    let pendingUsers = 2;
    const fetchMock = mockApi({
      'GET /api/admin/counts': () => json({ pendingUsers, pendingRequests: 1, newOrders: 0 }),
      'GET /api/users': [buildAdminUser({ id: 5, username: 'nuevo', isApproved: false })],
      'GET /api/users/pending': [buildAdminUser({ id: 5, username: 'nuevo', isApproved: false })],
      'PATCH /api/users/5/approve': () => {
        pendingUsers = 1;
        return json(buildAdminUser({ id: 5, username: 'nuevo' }));
      },
    });
    renderWithApp(<AdminPanel />, { path: '/adminkon2025?tab=usuarios' });
    const users = screen.getByRole('tab', { name: /Gestión de Usuarios/ });
    expect(users).toHaveAttribute('aria-selected', 'true');
    expect(await within(users).findByText('2')).toBeInTheDocument();
    expect(users).toHaveTextContent('Gestión de Usuarios2 pendientes de aprobación');
    expect(screen.getByRole('tab', { name: /Solicitudes/ })).toHaveTextContent('Solicitudes1 pendientes');
    expect(screen.getByRole('tab', { name: 'Pedidos' })).toHaveTextContent(/^Pedidos$/);

    await userEvent.click(
      within(await screen.findByRole('table', { name: 'Usuarios pendientes' })).getByRole('button', { name: 'Aprobar' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/5/approve')).toHaveLength(1));
    await waitFor(() => expect(users).toHaveTextContent('Gestión de Usuarios1 pendientes de aprobación'));
    expect(callsTo(fetchMock, 'GET', '/api/admin/counts').length).toBeGreaterThanOrEqual(2);
  });
});
