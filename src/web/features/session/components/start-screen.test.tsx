import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { config, loginAnswer } from '../../../test/fixtures.ts';
import { errorResponse, json, mockApi, pending, renderWithApp } from '../../../test/render.tsx';
import { readGuestChoice, SESSION_KEY } from '../session-store.ts';
import { StartScreen } from './start-screen.tsx';

describe('StartScreen', () => {
  it('starts a guest session with no server call', async () => {
    const fetchMock = mockApi({ 'GET /api/config': config });
    renderWithApp(<StartScreen />);
    await userEvent.click(screen.getByRole('button', { name: /Ingresar como Invitado/ }));
    expect(readGuestChoice()).toBe(true);
    expect(fetchMock.mock.calls.every(([url]) => String(url) === '/api/config')).toBe(true);
  });

  it('shows the chat links, registration and brand', async () => {
    mockApi({ 'GET /api/config': config });
    renderWithApp(<StartScreen />);
    expect(await screen.findByRole('heading', { name: 'Repuestos Demo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /WhatsApp Administración/ })).toHaveAttribute('href', 'https://wa.me/5491100000001');
    expect(screen.getByRole('link', { name: /WhatsApp Ventas/ })).toHaveAttribute('href', 'https://wa.me/5491100000002');
    expect(screen.getByText('¿No tiene cuenta?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registrarse' })).toHaveAttribute('href', '/registro');
  });

  it('opens "Acceso de Cliente" with its disabled rules and busy label', async () => {
    const fetchMock = mockApi({ 'GET /api/config': config, 'POST /api/auth/login': () => pending() });
    renderWithApp(<StartScreen />);
    await userEvent.click(screen.getByRole('button', { name: /Ingresar como Cliente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Acceso de Cliente' });
    // Ready to type: the first field has the focus, not "Cerrar".
    await waitFor(() => expect(within(dialog).getByLabelText('Usuario o Email')).toHaveFocus());
    const submit = within(dialog).getByRole('button', { name: 'Ingresar' });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: '¿Olvidó su contraseña?' })).toHaveAttribute('href', '/forgot-password');
    await userEvent.type(within(dialog).getByLabelText('Usuario o Email'), 'taller');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 'secreto1');
    expect(submit).toBeEnabled();
    submit.focus();
    await userEvent.keyboard('{Enter}');
    // Busy, not disabled: the keyboard's focus stays on it, and pressing again sends nothing more.
    const busy = await within(dialog).findByRole('button', { name: 'Ingresando...' });
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.keyboard('{Enter}');
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), '{Enter}');
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/login')).toHaveLength(1);
  });

  it('logs a client in and closes the dialog', async () => {
    const fetchMock = mockApi({
      'GET /api/config': config,
      'POST /api/auth/login': () => json(loginAnswer('client', { clientCode: 'C-7' })),
    });
    const { client } = renderWithApp(<StartScreen loginOpen />);
    const dialog = await screen.findByRole('dialog', { name: 'Acceso de Cliente' });
    await userEvent.type(within(dialog).getByLabelText('Usuario o Email'), 'taller');
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 'secreto1{Enter}');
    await waitFor(() => expect(client.getQueryData(SESSION_KEY)).toMatchObject({ userType: 'client', userId: 7, clientCode: 'C-7' }));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: 'taller', password: 'secreto1', userType: 'client' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with both fields and the Spanish error when the login fails', async () => {
    mockApi({
      'GET /api/config': config,
      'POST /api/auth/login': () => errorResponse(401, 'UNAUTHENTICATED', 'Usuario o contraseña incorrectos'),
    });
    const { client } = renderWithApp(<StartScreen loginOpen />);
    const dialog = await screen.findByRole('dialog', { name: 'Acceso de Cliente' });
    await userEvent.type(within(dialog).getByLabelText('Usuario o Email'), 'taller');
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 'equivocada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ingresar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos');
    expect(client.getQueryData(SESSION_KEY)).toBeUndefined();
    expect(screen.getByRole('dialog', { name: 'Acceso de Cliente' })).toBe(dialog);
    expect(within(dialog).getByLabelText('Usuario o Email')).toHaveValue('taller');
    expect(within(dialog).getByLabelText('Contraseña')).toHaveValue('equivocada');
    expect(within(dialog).getByRole('button', { name: 'Ingresar' })).toBeEnabled();
  });

  it('shows the pending-approval message of a 403', async () => {
    mockApi({
      'GET /api/config': config,
      'POST /api/auth/login': () => errorResponse(403, 'FORBIDDEN', 'Su solicitud de acceso está pendiente de aprobación.'),
    });
    renderWithApp(<StartScreen loginOpen />);
    const dialog = await screen.findByRole('dialog', { name: 'Acceso de Cliente' });
    await userEvent.type(within(dialog).getByLabelText('Usuario o Email'), 'nuevo');
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 'secreto1{Enter}');
    expect(await screen.findByText('Su solicitud de acceso está pendiente de aprobación.')).toBeInTheDocument();
  });
});
