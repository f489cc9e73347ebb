import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { categoryTree } from '../../../test/fixtures.ts';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { CategoryDrawer } from './category-drawer.tsx';

describe('CategoryDrawer', () => {
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
