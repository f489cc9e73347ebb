import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../../shared/auth.ts';
import { config, loginAnswer } from '../../../test/fixtures.ts';
import { errorResponse, json, mockApi, pending, renderWithApp } from '../../../test/render.tsx';
import { SESSION_KEY } from '../session-store.ts';
import { DistributorLogin } from './distributor-login.tsx';

describe('DistributorLogin', () => {
  it('submits on Enter as a distributor and shows the busy label', async () => {
    const fetchMock = mockApi({ 'GET /api/config': config, 'POST /api/auth/login': () => pending() });
    renderWithApp(<DistributorLogin />);
    expect(screen.getByRole('heading', { name: 'Acceso de Distribuidor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acceder al Portal' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Olvidó su contraseña' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByText(/contacte a su proveedor/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Usuario'), 'mayorista');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123{Enter}');
    // Busy, not disabled (docs/product.md §13.4): another Enter sends nothing more.
    expect(await screen.findByRole('button', { name: 'Autenticando...' })).toHaveAttribute('aria-busy', 'true');
    await userEvent.type(screen.getByLabelText('Contraseña'), '{Enter}');
    const logins = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/login');
    expect(logins).toHaveLength(1);
    const call = logins[0];
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: 'mayorista', password: 'clave123', userType: 'distributor' });
  });

  it('stores the server session on success', async () => {
    mockApi({ 'GET /api/config': config, 'POST /api/auth/login': () => json(loginAnswer('distributor', { username: 'mayorista' })) });
    const { client } = renderWithApp(<DistributorLogin />);
    await userEvent.type(screen.getByLabelText('Usuario'), 'mayorista');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123{Enter}');
    await waitFor(() =>
      expect(client.getQueryData(SESSION_KEY)).toMatchObject({ isAuthenticated: true, userType: 'distributor', username: 'mayorista' }),
    );
  });

  it('shows the generic failure in an alert', async () => {
    mockApi({
      'GET /api/config': config,
      'POST /api/auth/login': () => errorResponse(401, 'UNAUTHENTICATED', 'Usuario o contraseña incorrectos'),
    });
    renderWithApp(<DistributorLogin />);
    await userEvent.type(screen.getByLabelText('Usuario'), 'mayorista');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'mala{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos');
  });

  it('links a client who gave the right password to "Acceso de Cliente"', async () => {
    mockApi({
      'GET /api/config': config,
      'POST /api/auth/login': () => json({ error: { code: 'FORBIDDEN', message: TEXTS.wrongDoorClient, field: 'userType' } }, 403),
    });
    renderWithApp(<DistributorLogin />);
    await userEvent.type(screen.getByLabelText('Usuario'), 'taller');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Esta cuenta es de cliente: ingrese en Acceso de Cliente, desde la pantalla de inicio.');
    expect(within(alert).getByRole('link', { name: 'Ir a Acceso de Cliente' })).toHaveAttribute('href', '/login');
  });
});
