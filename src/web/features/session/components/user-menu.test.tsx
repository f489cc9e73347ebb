import { TEXTS } from '../../../../shared/auth.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anonymousSession, signedInSession } from '../../../test/fixtures.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { readGuestChoice, startGuestSession, useSession } from '../session-store.ts';
import { UserMenu } from './user-menu.tsx';

/** The header's use of the menu: the current session, once known. */
function Menu() {
  const session = useSession();
  return session ? <UserMenu session={session} /> : null;
}

function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method);
}

async function openProfile(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Mi Perfil' });
}

describe('UserMenu', () => {
  it('shows the guest profile with Cerrar only, and logs out with no server call', async () => {
    startGuestSession();
    const fetchMock = mockApi({ 'GET /api/user/session': anonymousSession });
    const { location } = renderWithApp(<Menu />, { path: '/product/4' });
    const dialog = await openProfile(/Mi Perfil: Invitado, Invitado/);
    expect(within(dialog).getByText('Usuario')).toBeInTheDocument();
    expect(within(dialog).getByText('Tipo de usuario')).toBeInTheDocument();
    expect(within(dialog).queryByText('Número de cliente')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(readGuestChoice()).toBe(false));
    expect(callsTo(fetchMock, 'POST', '/api/auth/logout')).toHaveLength(0);
    expect(location.history.at(-1)).toBe('/');
  });

  it('logs a client out on the server and returns to the start screen', async () => {
    const fetchMock = mockApi({
      'GET /api/user/session': signedInSession('client'),
      'POST /api/auth/logout': { message: 'Sesión cerrada' },
    });
    const { location, client } = renderWithApp(<Menu />, { path: '/catalog-all/featured' });
    await userEvent.click(await screen.findByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/auth/logout')).toHaveLength(1));
    await waitFor(() => expect(client.getQueryData(['session'])).toMatchObject({ isAuthenticated: false }));
    expect(location.history.at(-1)).toBe('/');
    expect(screen.queryByRole('button', { name: 'Salir' })).not.toBeInTheDocument();
  });

  it('links signed-in clients and distributors to Mis pedidos, not guests or admins', async () => {
    mockApi({ 'GET /api/user/session': signedInSession('client') });
    const client = renderWithApp(<Menu />, { path: '/' });
    const link = await screen.findByRole('link', { name: 'Mis pedidos' });
    expect(link).toHaveAttribute('href', '/mis-pedidos');
    await userEvent.click(link);
    expect(client.location.history.at(-1)).toBe('/mis-pedidos');
    client.unmount();
    mockApi({ 'GET /api/user/session': signedInSession('distributor') });
    const distributor = renderWithApp(<Menu />);
    expect(await screen.findByRole('link', { name: 'Mis pedidos' })).toBeInTheDocument();
    distributor.unmount();
    mockApi({ 'GET /api/user/session': signedInSession('admin') });
    const admin = renderWithApp(<Menu />);
    expect(await screen.findByRole('button', { name: 'Salir' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mis pedidos' })).not.toBeInTheDocument();
    admin.unmount();
    startGuestSession();
    mockApi({ 'GET /api/user/session': anonymousSession });
    renderWithApp(<Menu />);
    expect(await screen.findByRole('button', { name: 'Salir' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mis pedidos' })).not.toBeInTheDocument();
  });

  it('labels the badge for distributors and admins', async () => {
    mockApi({ 'GET /api/user/session': signedInSession('distributor', { username: 'mayorista' }) });
    const first = renderWithApp(<Menu />);
    expect(await screen.findByRole('button', { name: 'Mi Perfil: mayorista, Distribuidor' })).toBeInTheDocument();
    first.unmount();
    mockApi({ 'GET /api/user/session': signedInSession('admin', { username: 'jefe' }) });
    renderWithApp(<Menu />);
    expect(await screen.findByRole('button', { name: 'Mi Perfil: jefe, Administrador' })).toBeInTheDocument();
  });
});

describe('ProfileDialog for a signed-in user', () => {
  it('shows the client number and the editable fields', async () => {
    mockApi({ 'GET /api/user/session': signedInSession('client', { clientCode: 'C-77' }) });
    renderWithApp(<Menu />);
    const dialog = await openProfile(/Mi Perfil: taller, Cliente/);
    expect(within(dialog).getByText('C-77')).toBeInTheDocument();
    expect(within(dialog).getByText('Cliente')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nombre completo')).toHaveValue('Taller Sur');
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    const current = within(dialog).getByLabelText('Contraseña actual');
    expect(current).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mostrar contraseña actual' }));
    expect(current).toHaveAttribute('type', 'text');
  });

  it('validates the password change before calling the server', async () => {
    const fetchMock = mockApi({ 'GET /api/user/session': signedInSession('client') });
    renderWithApp(<Menu />);
    const dialog = await openProfile(/Mi Perfil/);
    await userEvent.type(within(dialog).getByLabelText('Nueva contraseña'), 'abc');
    await userEvent.type(within(dialog).getByLabelText('Confirmar nueva contraseña'), 'abd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText('Debe ingresar su contraseña actual para cambiarla')).toBeInTheDocument();
    expect(within(dialog).getByText('La nueva contraseña debe tener al menos 6 caracteres')).toBeInTheDocument();
    expect(within(dialog).getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Contraseña actual')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'PUT', '/api/user/profile')).toHaveLength(0);
  });

  it('keeps the name required before calling the server', async () => {
    const fetchMock = mockApi({ 'GET /api/user/session': signedInSession('client') });
    renderWithApp(<Menu />);
    const dialog = await openProfile(/Mi Perfil/);
    await userEvent.clear(within(dialog).getByLabelText('Nombre completo'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nombre completo')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'PUT', '/api/user/profile')).toHaveLength(0);
  });

  it('saves, refreshes the session and closes', async () => {
    let saved = false;
    const fetchMock = mockApi({
      'GET /api/user/session': () => json(signedInSession('client', saved ? { fullName: 'Taller Norte' } : {})),
      'PUT /api/user/profile': () => {
        saved = true;
        return json(signedInSession('client', { fullName: 'Taller Norte' }));
      },
    });
    renderWithApp(<Menu />);
    const dialog = await openProfile(/Mi Perfil/);
    const name = within(dialog).getByLabelText('Nombre completo');
    await userEvent.clear(name);
    await userEvent.type(name, 'Taller Norte');
    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'vieja123');
    await userEvent.type(within(dialog).getByLabelText('Nueva contraseña'), 'nueva123');
    await userEvent.type(within(dialog).getByLabelText('Confirmar nueva contraseña'), 'nueva123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Perfil actualizado')).toBeInTheDocument();
    expect(screen.getByText('Tu información ha sido actualizada correctamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mi Perfil' })).not.toBeInTheDocument());
    const [put] = callsTo(fetchMock, 'PUT', '/api/user/profile');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      fullName: 'Taller Norte',
      email: 'taller@example.com',
      currentPassword: 'vieja123',
      newPassword: 'nueva123',
    });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user/session').length).toBeGreaterThanOrEqual(2));
  });

  it('shows the server refusal and stays open', async () => {
    mockApi({
      'GET /api/user/session': signedInSession('client'),
      'PUT /api/user/profile': () => errorResponse(400, 'VALIDATION', 'La contraseña actual es incorrecta'),
    });
    renderWithApp(<Menu />);
    const dialog = await openProfile(/Mi Perfil/);
    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'equivocada');
    await userEvent.type(within(dialog).getByLabelText('Nueva contraseña'), 'nueva123');
    await userEvent.type(within(dialog).getByLabelText('Confirmar nueva contraseña'), 'nueva123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La contraseña actual es incorrecta');
    expect(screen.getAllByText('La contraseña actual es incorrecta').length).toBeGreaterThan(1); // and the toast
    expect(screen.getByRole('dialog', { name: 'Mi Perfil' })).toBeInTheDocument();
  });

  it('asks for the current password before changing the e-mail, and sends it', async () => {
    const fetchMock = mockApi({
      'GET /api/user/session': signedInSession('client'),
      'PUT /api/user/profile': () => json(signedInSession('client', { email: 'nuevo@example.com' })),
    });
    renderWithApp(<Menu />);
    const dialog = await openProfile(/Mi Perfil/);
    const email = within(dialog).getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'nuevo@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText(TEXTS.emailChangeNeedsPassword)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/user/profile')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'vieja123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Perfil actualizado')).toBeInTheDocument();
    const [put] = callsTo(fetchMock, 'PUT', '/api/user/profile');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ fullName: 'Taller Sur', email: 'nuevo@example.com', currentPassword: 'vieja123' });
  });

  it('falls back to the generic profile failure text', async () => {
    mockApi({
      'GET /api/user/session': signedInSession('client'),
      'PUT /api/user/profile': () => new Response('boom', { status: 500 }),
    });
    renderWithApp(<Menu />);
    const dialog = await openProfile(/Mi Perfil/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo actualizar el perfil');
  });
});

/** The header's use of the menu below 640 px, with one action of its own. */
function PhoneMenu() {
  const session = useSession();
  return session ? (
    <UserMenu
      session={session}
      phone
      menuItems={
        <button type="button" onClick={() => {}}>
          Descargar Excel
        </button>
      }
    />
  ) : null;
}

describe('UserMenu on a phone', () => {
  it('keeps the name and type visible and moves the actions into "Más opciones"', async () => {
    mockApi({ 'GET /api/user/session': signedInSession('client', { username: 'taller' }) });
    renderWithApp(<PhoneMenu />);
    const badge = await screen.findByRole('button', { name: 'Mi Perfil: taller, Cliente' });
    expect(badge).toHaveTextContent('taller');
    expect(badge).toHaveTextContent('Cliente');
    const more = screen.getByRole('button', { name: 'Más opciones' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Salir' })).not.toBeInTheDocument();
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Descargar Excel' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Mis pedidos' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Salir' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Salir' })).not.toBeInTheDocument();
  });
});
