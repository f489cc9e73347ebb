import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { errorResponse, mockApi, renderWithApp } from '../../test/render.tsx';
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
  });
});
