import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CategoryNode } from '../../../../shared/api.ts';
import { categoryTree, categoryNode as node } from '../../../test/fixtures.ts';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
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
});
