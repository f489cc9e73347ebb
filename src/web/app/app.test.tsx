import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startGuestSession } from '../features/session/session-store.ts';
import { buildPart, config } from '../test/fixtures.ts';
import { mockApi, pending, renderWithApp } from '../test/render.tsx';
import { AppRoutes } from './app.tsx';

describe('AppRoutes', () => {
  it('shows the start screen at / without a session', async () => {
    mockApi({ 'GET /api/config': config });
    renderWithApp(<AppRoutes />);
    expect(await screen.findByRole('button', { name: /Ingresar como Invitado/ })).toBeInTheDocument();
  });

  it('opens the client dialog at /login', async () => {
    mockApi({ 'GET /api/config': config });
    renderWithApp(<AppRoutes />, { path: '/login' });
    expect(await screen.findByRole('dialog', { name: 'Acceso de Cliente' })).toBeInTheDocument();
  });

  it('shows "Page Not Found" for unknown paths', async () => {
    mockApi({});
    renderWithApp(<AppRoutes />, { path: '/no-existe' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows the distributor login at /distribuidores', async () => {
    mockApi({ 'GET /api/config': config });
    renderWithApp(<AppRoutes />, { path: '/distribuidores' });
    expect(await screen.findByRole('heading', { name: 'Acceso de Distribuidor' })).toBeInTheDocument();
  });

  it('shows the registration placeholder', async () => {
    mockApi({ 'GET /api/config': config });
    renderWithApp(<AppRoutes />, { path: '/registro' });
    expect(await screen.findByRole('heading', { name: 'Solicitud de Acceso' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toBeInTheDocument();
  });

  it('renders /category/{type} blank without a session', async () => {
    mockApi({ 'GET /api/config': config });
    const { container } = renderWithApp(<AppRoutes />, { path: '/category/featured' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('main')).toBeNull();
  });

  it('renders /category/{type} with sort and count for a session', async () => {
    startGuestSession();
    mockApi({
      'GET /api/config': config,
      'GET /api/products/featured': [buildPart({ partNumber: 'B' }), buildPart({ partNumber: 'A' })],
    });
    renderWithApp(<AppRoutes />, { path: '/category/featured' });
    expect(await screen.findByRole('heading', { name: 'Productos Destacados', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('2 productos encontrados')).toBeInTheDocument();
    expect(screen.getByLabelText('Ordenar por')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
  });

  it('shows loading, title and empty state on /catalog-all/{type}', async () => {
    startGuestSession();
    mockApi({ 'GET /api/config': config, 'GET /api/products/new-arrivals': () => pending(), 'GET /api/products/on-sale': [] });
    const first = renderWithApp(<AppRoutes />, { path: '/catalog-all/new-arrivals' });
    expect(await screen.findByRole('heading', { name: 'Todos los Nuevos Ingresos' })).toBeInTheDocument();
    expect(screen.getByText('Cargando productos...')).toBeInTheDocument();
    first.unmount();
    renderWithApp(<AppRoutes />, { path: '/catalog-all/on-sale' });
    expect(await screen.findByRole('heading', { name: 'Todos los Productos Rebajados' })).toBeInTheDocument();
    expect(await screen.findByText('No hay productos en esta categoría')).toBeInTheDocument();
  });

  it('lists every product on /catalog-all/anything', async () => {
    startGuestSession();
    mockApi({ 'GET /api/config': config, 'GET /api/parts': { parts: [buildPart()], total: 1, page: 1, limit: 60 } });
    renderWithApp(<AppRoutes />, { path: '/catalog-all/todo' });
    expect(await screen.findByRole('heading', { name: 'Todos los Productos' })).toBeInTheDocument();
    expect(await screen.findByText('1 productos encontrados')).toBeInTheDocument();
  });
});
