import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, json, mockApi, pending, renderWithApp } from '../../../test/render.tsx';
import { RESET_REDIRECT_MS, ResetPasswordView } from './reset-password-view.tsx';

const valid = { valid: true, message: 'Token válido' };
const resetCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/reset-password');

describe('ResetPasswordView', () => {
  it('shows "Token Inválido" without a token and calls nothing', async () => {
    const fetchMock = mockApi({});
    renderWithApp(<ResetPasswordView />, { path: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'Token Inválido' })).toBeInTheDocument();
    expect(screen.getByText(/Token no proporcionado/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toHaveAttribute('href', '/forgot-password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('validates the token first', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/validate-reset-token/abc': () => pending() });
    renderWithApp(<ResetPasswordView />, { path: '/reset-password?token=abc' });
    expect(screen.getByRole('status')).toHaveTextContent('Validando enlace...');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/validate-reset-token/abc');
  });

  it('shows "Token Expirado" for an invalid or expired token', async () => {
    mockApi({ 'GET /api/auth/validate-reset-token/viejo': { valid: false, message: 'Token inválido o expirado' } });
    renderWithApp(<ResetPasswordView />, { path: '/reset-password?token=viejo' });
    expect(await screen.findByRole('heading', { name: 'Token Expirado' })).toBeInTheDocument();
    expect(screen.getByText(/Token inválido o expirado/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toBeInTheDocument();
  });

  it('treats a failed validation call as expired', async () => {
    mockApi({ 'GET /api/auth/validate-reset-token/x': () => new Response('', { status: 500 }) });
    renderWithApp(<ResetPasswordView />, { path: '/reset-password?token=x' });
    expect(await screen.findByRole('heading', { name: 'Token Expirado' })).toBeInTheDocument();
  });

  it('keeps submit disabled until the passwords are long enough and match', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/validate-reset-token/abc': valid });
    renderWithApp(<ResetPasswordView />, { path: '/reset-password?token=abc' });
    const password = await screen.findByLabelText('Nueva contraseña');
    expect(password).toHaveAttribute('placeholder', 'Mínimo 6 caracteres');
    const submit = screen.getByRole('button', { name: 'Restablecer Contraseña' });
    expect(submit).toBeDisabled();
    await userEvent.type(password, 'abc');
    expect(screen.getByText('La contraseña debe tener al menos 6 caracteres')).toBeInTheDocument();
    await userEvent.type(password, 'def');
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'abcdeX');
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Confirmar contraseña'));
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'abcdef');
    expect(screen.queryByText('Las contraseñas no coinciden')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
    expect(resetCalls(fetchMock)).toHaveLength(0);
  });

  it('resets, then goes to /login after 3 seconds', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/validate-reset-token/abc': valid,
      'POST /api/auth/reset-password': () => json({ message: 'Contraseña restablecida' }),
    });
    const { location } = renderWithApp(<ResetPasswordView />, { path: '/reset-password?token=abc' });
    await userEvent.type(await screen.findByLabelText('Nueva contraseña'), 'nueva123');
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'nueva123');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Restablecer Contraseña' }));
    expect(await screen.findByRole('heading', { name: 'Contraseña Restablecida' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Iniciar Sesión' })).toHaveAttribute('href', '/login');
    expect(JSON.parse(String(resetCalls(fetchMock)[0]?.[1]?.body))).toEqual({ token: 'abc', newPassword: 'nueva123' });
    expect(location.history.at(-1)).not.toBe('/login');
    await act(async () => {
      vi.advanceTimersByTime(RESET_REDIRECT_MS);
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
  });

  it('shows the reset failure', async () => {
    mockApi({
      'GET /api/auth/validate-reset-token/abc': valid,
      'POST /api/auth/reset-password': () => new Response('', { status: 500 }),
    });
    const first = renderWithApp(<ResetPasswordView />, { path: '/reset-password?token=abc' });
    await userEvent.type(await screen.findByLabelText('Nueva contraseña'), 'nueva123');
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'nueva123{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al restablecer la contraseña');
    first.unmount();

    mockApi({
      'GET /api/auth/validate-reset-token/abc': valid,
      'POST /api/auth/reset-password': () => errorResponse(400, 'VALIDATION', 'Token inválido o expirado'),
    });
    renderWithApp(<ResetPasswordView />, { path: '/reset-password?token=abc' });
    await userEvent.type(await screen.findByLabelText('Nueva contraseña'), 'nueva123');
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'nueva123{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Token inválido o expirado');
  });
});
