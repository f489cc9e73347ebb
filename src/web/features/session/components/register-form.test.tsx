import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PHONE_TEXTS } from '../../../../shared/phone.ts';
import { config } from '../../../test/fixtures.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { RegisterForm } from './register-form.tsx';

const registerCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/register');

async function fill(values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await userEvent.type(screen.getByLabelText(label), value);
  }
}

const valid = {
  'Nombre completo': 'Taller Sur',
  Email: 'taller@example.com',
  Usuario: 'tallersur',
  Contraseña: 'secreto1',
  'Confirmar contraseña': 'secreto1',
};

describe('RegisterForm', () => {
  it('shows the screen texts and the email input type', () => {
    mockApi({ 'GET /api/config': config });
    renderWithApp(<RegisterForm />);
    expect(screen.getByRole('heading', { name: 'Solicitud de Acceso' })).toBeInTheDocument();
    expect(screen.getByText('Registro de Usuario')).toBeInTheDocument();
    expect(screen.getByText('Su solicitud será procesada en 24-48 horas hábiles')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Teléfono')).toBeInTheDocument();
    expect(screen.getByLabelText('Empresa')).toBeInTheDocument();
  });

  it('requires the mandatory fields and sends nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/config': config });
    renderWithApp(<RegisterForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Solicitud' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El email no es válido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña debe tener al menos 6 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Confirme la contraseña')).toBeInTheDocument();
    expect(screen.getByLabelText('Usuario')).toHaveAttribute('aria-invalid', 'true');
    expect(registerCalls(fetchMock)).toHaveLength(0);
  });

  it('rejects a short password and a mismatched confirmation', async () => {
    const fetchMock = mockApi({ 'GET /api/config': config });
    renderWithApp(<RegisterForm />);
    await fill({ ...valid, Contraseña: '12345', 'Confirmar contraseña': '12346' });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Solicitud' }));
    expect(await screen.findByText('La contraseña debe tener al menos 6 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(registerCalls(fetchMock)).toHaveLength(0);
  });

  it('refuses a phone without a number at the field and sends nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/config': config });
    renderWithApp(<RegisterForm />);
    await fill({ ...valid, Teléfono: 'no tengo' });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Solicitud' }));
    expect(await screen.findByText(PHONE_TEXTS.invalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('aria-invalid', 'true');
    expect(registerCalls(fetchMock)).toHaveLength(0);
  });

  it('sends the request without the confirmation and returns to the start screen', async () => {
    const fetchMock = mockApi({ 'GET /api/config': config, 'POST /api/auth/register': () => json({ message: 'ok' }, 201) });
    const { location } = renderWithApp(<RegisterForm />, { path: '/registro' });
    await fill({ ...valid, Empresa: 'Sur SRL' });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Solicitud' }));
    expect(await screen.findByText('Registro exitoso')).toBeInTheDocument();
    expect(screen.getByText('Su solicitud ha sido enviada. Recibirá una notificación cuando sea aprobada.')).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(JSON.parse(String(registerCalls(fetchMock)[0]?.[1]?.body))).toEqual({
      username: 'tallersur',
      password: 'secreto1',
      fullName: 'Taller Sur',
      email: 'taller@example.com',
      company: 'Sur SRL',
    });
  });

  it('shows the server message, or the fallback, under "Error en el registro"', async () => {
    mockApi({
      'GET /api/config': config,
      'POST /api/auth/register': () => errorResponse(400, 'VALIDATION', 'El usuario solo admite letras, números y . _ @ + -'),
    });
    const first = renderWithApp(<RegisterForm />);
    await fill(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Solicitud' }));
    expect(await screen.findByText('Error en el registro')).toBeInTheDocument();
    expect(screen.getByText('El usuario solo admite letras, números y . _ @ + -')).toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /api/config': config, 'POST /api/auth/register': () => new Response('', { status: 500 }) });
    renderWithApp(<RegisterForm />);
    await fill(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Solicitud' }));
    expect(await screen.findByText('No se pudo completar el registro')).toBeInTheDocument();
  });

  it('shows the connection error when the network fails', async () => {
    mockApi({
      'GET /api/config': config,
      'POST /api/auth/register': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithApp(<RegisterForm />);
    await fill(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Solicitud' }));
    expect(await screen.findByText('Error de conexión. Intente nuevamente.')).toBeInTheDocument();
  });
});
