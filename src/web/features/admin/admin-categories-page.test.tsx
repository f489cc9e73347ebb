import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, mockApi, renderWithApp } from '../../test/render.tsx';
import { AdminCategoriesPage } from './admin-categories-page.tsx';
import { adminCategoryTree } from './test-fixtures.ts';
import { callsTo } from './test-utils.ts';

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('AdminCategoriesPage (hide cascades, show does not)', () => {
  it('hides descendants when hiding, shows only the node when showing', async () => {
    const fetchMock = mockApi({
      'GET /api/categories/admin': adminCategoryTree(),
      'PUT /api/categories/visibility': { updated: 1 },
    });
    renderWithApp(<AdminCategoriesPage />, { path: '/adminkon2025/categorias' });
    expect(screen.getByRole('link', { name: 'Volver al Admin' })).toHaveAttribute('href', '/adminkon2025');
    await userEvent.click(await screen.findByRole('button', { name: 'Expandir todo' }));

    await userEvent.click(box('OM366'));
    expect(box('OM366')).toBeChecked();
    expect(box('Bombas')).not.toBeChecked();
    expect(screen.getByText('Tienes cambios sin guardar')).toBeInTheDocument();

    await userEvent.click(box('Repuestos'));
    for (const name of ['Repuestos', 'OM352', 'Filtros', 'Juntas', 'OM366', 'Bombas']) expect(box(name)).not.toBeChecked();
    expect(box('Herramientas')).toBeChecked();

    await userEvent.click(box('Repuestos'));
    expect(box('Repuestos')).toBeChecked();
    expect(box('OM352')).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/categories/visibility')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/categories/visibility')[0]?.body).toEqual({
      updates: [
        { categoryId: 2, isVisible: false },
        { categoryId: 3, isVisible: false },
        { categoryId: 4, isVisible: false },
      ],
    });
    await waitFor(() => expect(screen.queryByText('Tienes cambios sin guardar')).not.toBeInTheDocument());
  });

  it('shows a category with its descendants when "Incluir subcategorías al mostrar" is chosen', async () => {
    const fetchMock = mockApi({
      'GET /api/categories/admin': adminCategoryTree(),
      'PUT /api/categories/visibility': { updated: 2 },
    });
    renderWithApp(<AdminCategoriesPage />, { path: '/adminkon2025/categorias' });
    await userEvent.click(await screen.findByRole('button', { name: 'Expandir todo' }));
    const option = screen.getByRole('checkbox', { name: /Incluir subcategorías al mostrar/ });
    expect(option).not.toBeChecked();
    await userEvent.click(option);
    await userEvent.click(box('OM366'));
    expect(box('OM366')).toBeChecked();
    expect(box('Bombas')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/categories/visibility')[0]?.body).toEqual({
        updates: [
          { categoryId: 5, isVisible: true },
          { categoryId: 6, isVisible: true },
        ],
      }),
    );
  });

  it('keeps the changes and toasts when saving fails', async () => {
    mockApi({
      'GET /api/categories/admin': adminCategoryTree(),
      'PUT /api/categories/visibility': () => errorResponse(500, 'INTERNAL', 'x'),
    });
    renderWithApp(<AdminCategoriesPage />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Herramientas' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('No se pudieron guardar los cambios. Intenta nuevamente.')).toBeInTheDocument();
    expect(screen.getByText('Tienes cambios sin guardar')).toBeInTheDocument();
    expect(box('Herramientas')).not.toBeChecked();
  });

  it('toasts a load failure', async () => {
    mockApi({ 'GET /api/categories/admin': () => errorResponse(500, 'INTERNAL', 'x') });
    renderWithApp(<AdminCategoriesPage />);
    expect(await screen.findByText('Error al cargar categorías')).toBeInTheDocument();
  });
});
