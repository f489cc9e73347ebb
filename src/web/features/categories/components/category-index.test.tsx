import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CategoryNode } from '../../../../shared/api.ts';
import { categoryNode as node } from '../../../test/fixtures.ts';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { filterCategories } from '../filter-categories.ts';
import { CategoryIndex } from './category-index.tsx';

/** 246 level-1 groups like a real catalogue, with near-duplicate names and one deep branch. */
const tree: CategoryNode[] = [
  node(1, 'REPUESTOS', 1, null, [node(2, 'MERCEDES BENZ', 2, 1, [node(3, 'CIGÜEÑALES', 3, 2)])]),
  node(4, 'CIGUEÑAL Y BIELAS', 1, null),
  node(5, 'Cigueñales', 1, null),
  ...Array.from({ length: 243 }, (_, i) => node(100 + i, `GRUPO ${String(i + 1).padStart(3, '0')}`, 1, null)),
];

describe('filterCategories', () => {
  it('matches every word ignoring case and accents, in tree order, with the path', () => {
    const { matches, total } = filterCategories(tree, 'ciguen');
    expect(total).toBe(3);
    expect(matches.map((m) => [m.node.name, m.path])).toEqual([
      ['CIGÜEÑALES', ['REPUESTOS', 'MERCEDES BENZ']],
      ['CIGUEÑAL Y BIELAS', []],
      ['Cigueñales', []],
    ]);
    expect(filterCategories(tree, 'bielas CIGUEÑAL').matches.map((m) => m.node.id)).toEqual([4]);
    expect(filterCategories(tree, '   ').total).toBe(0);
  });

  it('caps the list and still counts every match', () => {
    const { matches, total } = filterCategories(tree, 'grupo', 50);
    expect(matches).toHaveLength(50);
    expect(total).toBe(243);
  });
});

describe('CategoryIndex filter', () => {
  it('narrows the 246 groups as one types and brings the tree back when cleared', async () => {
    mockApi({ 'GET /api/categories/public': tree });
    const onSelect = vi.fn();
    renderWithApp(<CategoryIndex selectedId={0} onSelect={onSelect} />);
    const nav = await screen.findByRole('navigation', { name: 'ÍNDICE DE REPUESTOS' });
    expect(await within(nav).findByRole('button', { name: /GRUPO 243/ })).toBeInTheDocument();

    const box = within(nav).getByRole('searchbox', { name: 'Filtrar categorías' });
    await userEvent.type(box, 'ciguen');
    const list = await within(nav).findByRole('list', { name: 'Categorías encontradas' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(3);
    const first = items[0] as HTMLElement;
    expect(first).toHaveTextContent('REPUESTOS › MERCEDES BENZ');
    expect(first).toHaveTextContent('CIGÜEÑALES');
    expect(within(nav).queryByRole('button', { name: /GRUPO 001/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 categorías encontradas');

    await userEvent.click(first);
    expect(onSelect).toHaveBeenCalledWith(3);

    await userEvent.type(box, 'xyz');
    expect(await within(nav).findByText('No hay categorías que coincidan.')).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('button', { name: 'Borrar filtro de categorías' }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(within(nav).getByRole('button', { name: /GRUPO 001/ })).toBeInTheDocument());
    expect(within(nav).queryByRole('list', { name: 'Categorías encontradas' })).not.toBeInTheDocument();
  });
});
