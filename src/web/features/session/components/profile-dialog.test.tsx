import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, pressBack, renderWithApp } from '../../../test/render.tsx';
import type { Session } from '../session-store.ts';
import { ProfileDialog } from './profile-dialog.tsx';

const client: Session = {
  isAuthenticated: true,
  userId: 7,
  username: 'taller',
  userType: 'client',
  email: 'taller@example.com',
  fullName: 'Taller Norte',
  clientCode: 'C-100',
};

/** The user menu's use: "Mi Perfil" opens the dialog. */
function Opener({ session }: { session: Session }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Mi Perfil
      </button>
      <ProfileDialog session={session} open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('ProfileDialog', () => {
  it("closes on a phone's back button, keeping the address, and returns the focus to its opener", async () => {
    mockApi({});
    window.history.pushState(null, '', '/?q=filtro');
    renderWithApp(<Opener session={client} />);
    const opener = screen.getByRole('button', { name: 'Mi Perfil' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Mi Perfil' });
    expect(within(dialog).getByLabelText('Nombre completo')).toHaveValue('Taller Norte');
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.search).toBe('?q=filtro');
    expect(window.history.state).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("a guest's profile closes on back too", async () => {
    mockApi({});
    window.history.pushState(null, '', '/');
    renderWithApp(<Opener session={{ ...client, isAuthenticated: false, userId: null, userType: 'guest', username: 'Invitado' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mi Perfil' }));
    await screen.findByRole('dialog', { name: 'Mi Perfil' });
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
