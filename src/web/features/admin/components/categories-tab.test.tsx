import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, mockApi, renderWithApp } from '../../../test/render.tsx';
import { adminCategoryTree } from '../test-fixtures.ts';
import { callsTo } from '../test-utils.ts';
import { CategoriesTab } from './categories-tab.tsx';

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('CategoriesTab (cascade both ways)', () => {
  it('hiding and showing a category does the same to all descendants, saved on "Guardar Cambios"', async () => {
    const fetchMock = mockApi({
      'GET /api/categories/admin': adminCategoryTree(),
      'PUT /api/categories/visibility': { updated: 2 },
    });
    renderWithApp(<CategoriesTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Expandir todo' }));
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText('Tienes cambios sin guardar')).not.toBeInTheDocument();

    await userEvent.click(box('OM352'));
    for (const name of ['OM352', 'Filtros', 'Juntas']) expect(box(name)).not.toBeChecked();
    expect(box('Repuestos')).toBeChecked();
    expect(screen.getByText('Tienes cambios sin guardar')).toBeInTheDocument();

    await userEvent.click(box('OM352'));
    for (const name of ['OM352', 'Filtros', 'Juntas']) expect(box(name)).toBeChecked();
    expect(screen.queryByText('Tienes cambios sin guardar')).not.toBeInTheDocument();

    await userEvent.click(box('OM366'));
    expect(box('OM366')).toBeChecked();
    expect(box('Bombas')).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/categories/visibility')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/categories/visibility')[0]?.body).toEqual({
      updates: [
        { categoryId: 5, isVisible: true },
        { categoryId: 6, isVisible: true },
      ],
    });
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();
  });

  it('searches inside the tree, ignoring case and accents, and keeps the save bar in view', async () => {
    mockApi({ 'GET /api/categories/admin': adminCategoryTree() });
    renderWithApp(<CategoriesTab />);
    const tree = await screen.findByRole('list', { name: 'Visibilidad de categorías' });
    const bar = screen.getByRole('region', { name: 'Guardar cambios de categorías' });
    expect(bar).toHaveClass('sticky', 'bottom-0');

    await userEvent.type(screen.getByLabelText('Buscar en el árbol'), 'JÚNTAS');
    expect(screen.getByText('1 categoría coincide con la búsqueda.')).toBeInTheDocument();
    // The match and the branch that leads to it, open; nothing else.
    for (const name of ['Repuestos', 'OM352', 'Juntas']) expect(box(name)).toBeInTheDocument();
    for (const name of ['Filtros', 'OM366', 'Bombas', 'Herramientas']) expect(screen.queryByRole('checkbox', { name })).toBeNull();
    await userEvent.click(box('Juntas'));
    expect(within(bar).getByText(/Tienes cambios sin guardar/)).toHaveTextContent('Tienes cambios sin guardar (1 categoría)');
    await userEvent.click(within(bar).getByRole('button', { name: 'Descartar' }));
    expect(box('Juntas')).toBeChecked();

    await userEvent.clear(screen.getByLabelText('Buscar en el árbol'));
    await userEvent.type(screen.getByLabelText('Buscar en el árbol'), 'om3');
    expect(screen.getByText('2 categorías coinciden con la búsqueda.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Buscar en el árbol'), 'xyz');
    expect(screen.getByText('Ninguna categoría coincide con la búsqueda.')).toBeInTheDocument();
    expect(within(tree).queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('keeps the keyboard on "Guardar Cambios" after "Descartar" and after saving', async () => {
    mockApi({
      'GET /api/categories/admin': adminCategoryTree(),
      'PUT /api/categories/visibility': { updated: 1 },
    });
    renderWithApp(<CategoriesTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Expandir todo' }));
    const save = screen.getByRole('button', { name: 'Guardar Cambios' });

    await userEvent.click(box('Juntas'));
    await userEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(screen.queryByRole('button', { name: 'Descartar' })).not.toBeInTheDocument();
    expect(save).toHaveFocus();

    await userEvent.click(box('Juntas'));
    await userEvent.click(save);
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    expect(save).not.toBeDisabled();
    expect(save).toHaveFocus();
  });

  it('links to the category administration page', async () => {
    mockApi({ 'GET /api/categories/admin': adminCategoryTree() });
    renderWithApp(<CategoriesTab />);
    expect(screen.getByRole('link', { name: /Administración de categorías/ })).toHaveAttribute('href', '/adminkon2025/categorias');
  });

  it('toasts a load failure', async () => {
    mockApi({ 'GET /api/categories/admin': () => errorResponse(500, 'INTERNAL', 'x') });
    renderWithApp(<CategoriesTab />);
    expect(await screen.findByText('Error al cargar categorías')).toBeInTheDocument();
  });
});
