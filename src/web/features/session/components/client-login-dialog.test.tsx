import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, pressBack, renderWithApp } from '../../../test/render.tsx';
import { ClientLoginDialog } from './client-login-dialog.tsx';

/** The start screen's use: a card that opens the dialog. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ingresar como Cliente
      </button>
      <ClientLoginDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('ClientLoginDialog', () => {
  it("closes on a phone's back button, keeping the address, and opens again empty", async () => {
    mockApi({});
    window.history.pushState(null, '', '/login');
    renderWithApp(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar como Cliente' }));
    let dialog = await screen.findByRole('dialog', { name: 'Acceso de Cliente' });
    await userEvent.type(within(dialog).getByLabelText('Usuario o Email'), 'taller');
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/login');
    expect(window.history.state).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar como Cliente' }));
    dialog = await screen.findByRole('dialog', { name: 'Acceso de Cliente' });
    expect(within(dialog).getByLabelText('Usuario o Email')).toHaveValue('');
  });
});
