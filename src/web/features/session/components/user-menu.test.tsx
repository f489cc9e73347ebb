import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { getSession, startGuestSession } from '../session-store.ts';
import { UserMenu } from './user-menu.tsx';

describe('UserMenu', () => {
  it('shows the guest profile and logs out', async () => {
    startGuestSession();
    const session = getSession();
    if (!session) throw new Error('no session');
    renderWithApp(<UserMenu session={session} />);
    await userEvent.click(screen.getByRole('button', { name: /Mi Perfil: Invitado, Invitado/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mi Perfil' });
    expect(within(dialog).getByText('Usuario')).toBeInTheDocument();
    expect(within(dialog).getByText('Tipo de usuario')).toBeInTheDocument();
    expect(within(dialog).queryByText('Número de cliente')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salir' }));
    expect(getSession()).toBeNull();
  });
});
