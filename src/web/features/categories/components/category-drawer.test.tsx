import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CategoryNode } from '../../../../shared/api.ts';
import { categoryTree, categoryNode as node } from '../../../test/fixtures.ts';
import { mockApi, pressBack, renderWithApp } from '../../../test/render.tsx';
import { CategoryDrawer } from './category-drawer.tsx';

/** 241 level-1 groups, the last with a level-2 entry: far below the drawer's first screen. */
const longTree: CategoryNode[] = [
  ...Array.from({ length: 240 }, (_, i) => node(100 + i, `GRUPO ${String(i + 1).padStart(3, '0')}`, 1, null)),
  node(1, 'ZZ-MOTOR', 1, null, [node(2, 'MERCEDES BENZ', 2, 1)]),
];

describe('CategoryDrawer', () => {
  it('opens with the selected level-2 entry scrolled into view and its group expanded', async () => {
    mockApi({ 'GET /api/categories/public': longTree });
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    try {
      renderWithApp(<CategoryDrawer selectedId={2} onSelect={vi.fn()} />);
      await userEvent.click(screen.getByRole('button', { name: 'Categorías' }));
      const drawer = await screen.findByRole('dialog', { name: 'Categorías' });
      const selected = await within(drawer).findByRole('button', { name: /MERCEDES BENZ/ });
      expect(selected).toHaveAttribute('aria-current', 'true');
      expect(within(drawer).getByRole('button', { name: 'Contraer ZZ-MOTOR' })).toHaveAttribute('aria-expanded', 'true');
      await waitFor(() => expect(scroll.mock.contexts).toContain(selected));
      // Once per opening: toggling a group afterwards does not pull the list back.
      const calls = scroll.mock.calls.length;
      await userEvent.click(within(drawer).getByRole('button', { name: 'Contraer ZZ-MOTOR' }));
      expect(scroll.mock.calls).toHaveLength(calls);
    } finally {
      scroll.mockRestore();
    }
  });

  it('sends the focus back to "Categorías" when the drawer closes with Escape or Cerrar', async () => {
    mockApi({ 'GET /api/categories/public': categoryTree });
    renderWithApp(<CategoryDrawer selectedId={0} onSelect={vi.fn()} />);
    const opener = screen.getByRole('button', { name: 'Categorías' });

    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Categorías' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Categorías' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("closes on a phone's back button and keeps the address", async () => {
    mockApi({ 'GET /api/categories/public': categoryTree });
    window.history.replaceState(null, '', '/?q=filtro');
    const onSelect = vi.fn();
    renderWithApp(<CategoryDrawer selectedId={0} onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'Categorías' }));
    await screen.findByRole('dialog', { name: 'Categorías' });
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.search).toBe('?q=filtro');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('a choice takes the place of the drawer in the history: back from it returns to the list as it was', async () => {
    mockApi({ 'GET /api/categories/public': categoryTree });
    // A fresh entry: nothing ahead of it to count.
    window.history.pushState(null, '', '/?q=filtro');
    const before = window.history.length;
    // As the catalogue does: a category is an address of its own, pushed.
    const onSelect = vi.fn((id: number) => window.history.pushState(null, '', `/?categoria=${id}`));
    renderWithApp(<CategoryDrawer selectedId={0} onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'Categorías' }));
    const drawer = await screen.findByRole('dialog', { name: 'Categorías' });
    await userEvent.click(await within(drawer).findByRole('button', { name: /^Repuestos/i }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.location.search).toBe('?categoria=1');
    // One entry more than before the drawer opened: the drawer's own is gone.
    expect(window.history.length).toBe(before + 1);
    await pressBack();
    expect(window.location.search).toBe('?q=filtro');
    expect(window.history.state).toBeNull();
  });
});
