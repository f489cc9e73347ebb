import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { config } from '../../../test/fixtures.ts';
import { json, mockApi, pending, renderWithApp } from '../../../test/render.tsx';
import { getSession } from '../session-store.ts';
import { DistributorLogin } from './distributor-login.tsx';

describe('DistributorLogin', () => {
  it('submits on Enter as a distributor and shows the busy label', async () => {
    const fetchMock = mockApi({ 'GET /api/config': config, 'POST /api/auth/login': () => pending() });
    renderWithApp(<DistributorLogin />);
    expect(screen.getByRole('heading', { name: 'Acceso de Distribuidor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acceder al Portal' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Usuario'), 'mayorista');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123{Enter}');
    expect(await screen.findByRole('button', { name: 'Autenticando...' })).toBeDisabled();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ userType: 'distributor' });
  });

  it('stores a distributor session on success', async () => {
    mockApi({ 'GET /api/config': config, 'POST /api/auth/login': () => json({ user: { id: 3 } }) });
    renderWithApp(<DistributorLogin />);
    await userEvent.type(screen.getByLabelText('Usuario'), 'mayorista');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123{Enter}');
    await waitFor(() => expect(getSession()).toMatchObject({ userType: 'distributor', username: 'mayorista' }));
  });
});
