import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../../shared/auth.ts';
import { errorResponse, json, mockApi, pressBack, renderWithApp } from '../../../test/render.tsx';
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

  it('links a distributor who gave the right password to "Acceso de Distribuidor"; a wrong password gets no link', async () => {
    let answer = json({ error: { code: 'FORBIDDEN', message: TEXTS.wrongDoorDistributor, field: 'userType' } }, 403);
    const fetchMock = mockApi({ 'POST /api/auth/login': () => answer });
    window.history.pushState(null, '', '/');
    renderWithApp(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar como Cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acceso de Cliente' });
    await userEvent.type(within(dialog).getByLabelText('Usuario o Email'), 'mayorista');
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 'clave123{Enter}');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Esta cuenta es de distribuidor: ingrese en Acceso de Distribuidor.');
    expect(within(alert).getByRole('link', { name: 'Ir a Acceso de Distribuidor' })).toHaveAttribute('href', '/distribuidores');
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ userType: 'client' });

    // The generic failure (a wrong password, the wrong door without the right one) links nowhere.
    answer = errorResponse(401, 'UNAUTHENTICATED', TEXTS.loginFailed);
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 'x{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(TEXTS.loginFailed));
    expect(within(dialog).queryByRole('link', { name: 'Ir a Acceso de Distribuidor' })).not.toBeInTheDocument();
  });
});
