import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

const SENT = 'Si la cuenta existe, recibirás un email con instrucciones para restablecer tu contraseña.';

describe('ForgotPasswordForm', () => {
  it('is disabled while blank and sends the trimmed value', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/forgot-password': () => json({ message: SENT }) });
    renderWithApp(<ForgotPasswordForm />);
    const submit = screen.getByRole('button', { name: 'Enviar Instrucciones' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Usuario o Email'), '   ');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Usuario o Email'), 'taller ');
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Solicitud Enviada' })).toBeInTheDocument();
    expect(screen.getByText(SENT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Iniciar Sesión' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('heading', { name: 'Modo desarrollo' })).not.toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/forgot-password');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ usernameOrEmail: 'taller' });
  });

  it('shows the development box with the reset link when the answer has a token', async () => {
    mockApi({ 'POST /api/auth/forgot-password': () => json({ message: SENT, resetToken: 'abc+123' }) });
    renderWithApp(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Usuario o Email'), 'taller{Enter}');
    expect(await screen.findByRole('heading', { name: 'Modo desarrollo' })).toBeInTheDocument();
    expect(screen.getByText('abc+123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Restablecer contraseña/ })).toHaveAttribute('href', '/reset-password?token=abc%2B123');
  });

  it('shows the failure in a red alert', async () => {
    mockApi({ 'POST /api/auth/forgot-password': () => new Response('', { status: 500 }) });
    const first = renderWithApp(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Usuario o Email'), 'taller{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al procesar la solicitud');
    first.unmount();
    mockApi({ 'POST /api/auth/forgot-password': () => errorResponse(429, 'RATE_LIMITED', 'Demasiados intentos. Intente más tarde.') });
    renderWithApp(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Usuario o Email'), 'taller{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos');
  });
});
