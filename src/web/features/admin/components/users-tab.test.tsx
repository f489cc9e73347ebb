import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInSession } from '../../../test/fixtures.ts';
import { advanceClock, errorResponse, installFakeClock, json, mockApi, pending, renderWithApp } from '../../../test/render.tsx';
import { buildAdminUser } from '../test-fixtures.ts';
import { callsTo } from '../test-utils.ts';
import { UsersTab } from './users-tab.tsx';

const taller = buildAdminUser({ id: 1, username: 'taller', clientCode: 'C-1' });
const pendiente = buildAdminUser({ id: 2, username: 'nuevo', isApproved: false });
const jefe = buildAdminUser({ id: 3, username: 'jefe', profileType: 'admin' });

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/users': [taller, pendiente, jefe],
    'GET /api/users/pending': [pendiente],
    ...extra,
  });
}

describe('UsersTab', () => {
  it('enables "Crear Usuario" only with both username and password, then creates', async () => {
    const fetchMock = api({
      'POST /api/admin/users': () => json(buildAdminUser({ id: 9, username: 'mayorista', profileType: 'distributor' }), 201),
    });
    renderWithApp(<UsersTab />);
    const create = screen.getByRole('button', { name: 'Crear Usuario' });
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Usuario'), 'mayorista');
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123');
    expect(create).toBeEnabled();
    await userEvent.clear(screen.getByLabelText('Usuario'));
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Usuario'), 'mayorista');
    await userEvent.selectOptions(screen.getByLabelText('Tipo de usuario'), 'distributor');
    await userEvent.click(create);

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/admin/users')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/admin/users')[0]?.body).toEqual({
      username: 'mayorista',
      password: 'clave123',
      profileType: 'distributor',
    });
    expect(await screen.findByText('Usuario creado')).toBeInTheDocument();
    expect(screen.getByLabelText('Usuario')).toHaveValue('');
  });

  it('says a taken username or e-mail on its field, keeping what was typed (keyed on the code and field)', async () => {
    let field = 'username';
    api({
      'POST /api/admin/users': () =>
        json(
          {
            error: {
              code: 'CONFLICT',
              message: field === 'username' ? 'Ya existe un usuario con ese nombre' : 'El email ya está en uso por otra cuenta',
              field,
            },
          },
          409,
        ),
    });
    renderWithApp(<UsersTab />);
    const username = screen.getByLabelText('Usuario');
    await userEvent.type(username, 'taller');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123');
    await userEvent.type(screen.getByLabelText('Email'), 'taller@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Crear Usuario' }));
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription('Ya existe un usuario con ese nombre');
    expect(username).toHaveFocus();
    expect(username).toHaveValue('taller');
    expect(screen.getByLabelText('Email')).toHaveValue('taller@example.com');
    // Said on the field, not in a toast as well.
    expect(screen.queryByText('Error')).not.toBeInTheDocument();

    field = 'email';
    await userEvent.clear(username);
    await userEvent.type(username, 'taller.nuevo');
    await userEvent.click(screen.getByRole('button', { name: 'Crear Usuario' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('El email ya está en uso por otra cuenta');
    expect(email).toHaveFocus();
    expect(username).not.toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveValue('taller.nuevo');
  });

  it('toasts any other refusal of the new user', async () => {
    api({ 'POST /api/admin/users': () => errorResponse(400, 'VALIDATION', 'La contraseña es demasiado común') });
    renderWithApp(<UsersTab />);
    await userEvent.type(screen.getByLabelText('Usuario'), 'nuevo.taller');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123');
    await userEvent.click(screen.getByRole('button', { name: 'Crear Usuario' }));
    expect(await screen.findByText('La contraseña es demasiado común')).toBeInTheDocument();
    expect(screen.getByLabelText('Usuario')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for confirmation with the exact text before deleting', async () => {
    const fetchMock = api({ 'DELETE /api/users/1': { message: 'Usuario eliminado' } });
    renderWithApp(<UsersTab />);
    const usersTable = await screen.findByRole('table', { name: 'Usuarios' });
    const row = within(usersTable).getByRole('row', { name: /taller/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Eliminar usuario' });
    expect(within(dialog).getByText('¿Estás seguro de que deseas eliminar al usuario taller?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/users/1')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/users/1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("does not offer to disable or delete the admin's own account (the server refuses it)", async () => {
    api({ 'GET /api/user/session': signedInSession('admin', { userId: 3, username: 'jefe' }) });
    renderWithApp(<UsersTab />);
    const usersTable = await screen.findByRole('table', { name: 'Usuarios' });
    const own = within(usersTable).getByRole('row', { name: /jefe/ });
    await waitFor(() => expect(within(own).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument());
    expect(within(own).queryByRole('button', { name: 'Deshabilitar' })).not.toBeInTheDocument();
    expect(within(own).getByText('Su cuenta')).toBeInTheDocument();
    const other = within(usersTable).getByRole('row', { name: /taller/ });
    expect(within(other).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Deshabilitar' })).toBeInTheDocument();
  });

  it('keeps the keyboard in place: after creating, changing a type and deleting', async () => {
    let users = [taller, pendiente, jefe];
    const fetchMock = api({
      'GET /api/users': () => json(users),
      'POST /api/admin/users': () => json(buildAdminUser({ id: 9, username: 'mayorista' }), 201),
      'PATCH /api/users/2/type': () => pending(),
      'DELETE /api/users/1': () => {
        users = users.filter((u) => u.id !== 1);
        return json({ message: 'Usuario eliminado' });
      },
    });
    renderWithApp(<UsersTab />);
    // Created: the focus goes back to "Usuario", for the next one.
    await userEvent.type(screen.getByLabelText('Usuario'), 'mayorista');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Rueda-Loca-77{Enter}');
    expect(await screen.findByText('Usuario creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Usuario')).toHaveFocus());
    // A type being saved keeps its select usable and focused.
    const type = await screen.findByLabelText('Tipo de nuevo');
    type.focus();
    await userEvent.selectOptions(type, 'distributor');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/2/type')).toHaveLength(1));
    expect(type).toBeEnabled();
    expect(type).toHaveFocus();
    // Deleted: the next account of the list takes the focus.
    const row = within(screen.getByRole('table', { name: 'Usuarios' })).getByRole('row', { name: /taller/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /taller/ })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('Tipo de nuevo')).toHaveFocus());
  });

  it('asks before an edit or a rejection reason typed and not sent is dropped', async () => {
    const fetchMock = api();
    renderWithApp(<UsersTab />);
    const row = within(await screen.findByRole('table', { name: 'Usuarios' })).getByRole('row', { name: /taller/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar usuario taller' });
    await userEvent.clear(within(edit).getByLabelText('Empresa'));
    await userEvent.type(within(edit).getByLabelText('Empresa'), 'Taller Sur');
    await userEvent.keyboard('{Escape}');
    let ask = await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' });
    expect(ask).toHaveTextContent('Hay cambios sin guardar en el usuario taller. Si sale ahora se perderán. ¿Salir sin guardar?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
    expect(within(edit).getByLabelText('Empresa')).toHaveValue('Taller Sur');
    await userEvent.click(within(edit).getByRole('button', { name: 'Cancelar' }));
    ask = await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PATCH', '/api/users/1')).toHaveLength(0);

    const pendingTable = screen.getByRole('table', { name: 'Usuarios pendientes' });
    await userEvent.click(within(pendingTable).getByRole('button', { name: 'Rechazar' }));
    const reject = await screen.findByRole('dialog', { name: 'Rechazar la solicitud de nuevo' });
    await userEvent.type(within(reject).getByLabelText('Motivo del rechazo'), 'Falta el CUIT de la empresa');
    await userEvent.keyboard('{Escape}');
    ask = await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' });
    expect(ask).toHaveTextContent('Hay cambios sin guardar en el usuario nuevo.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
    expect(within(reject).getByLabelText('Motivo del rechazo')).toHaveValue('Falta el CUIT de la empresa');
  });

  it('approves a pending user with an optional client code', async () => {
    const fetchMock = api({ 'PATCH /api/users/2/approve': { ...pendiente, isApproved: true, clientCode: 'C-77' } });
    renderWithApp(<UsersTab />);
    const pendingTable = await screen.findByRole('table', { name: 'Usuarios pendientes' });
    await userEvent.type(within(pendingTable).getByLabelText('Código de cliente para nuevo'), ' C-77 ');
    await userEvent.click(within(pendingTable).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/2/approve')[0]?.body).toEqual({ clientCode: 'C-77' }));
  });

  it('approves a pending user with Enter in its client code, as its "Aprobar" does', async () => {
    const fetchMock = api({ 'PATCH /api/users/2/approve': { ...pendiente, isApproved: true, clientCode: 'C-78' } });
    renderWithApp(<UsersTab />);
    const pendingTable = await screen.findByRole('table', { name: 'Usuarios pendientes' });
    const code = within(pendingTable).getByLabelText('Código de cliente para nuevo');
    // The same validation as the button: a code too long is said on the field and nothing is sent.
    await userEvent.type(code, `${'X'.repeat(41)}{Enter}`);
    await waitFor(() => expect(code).toHaveAccessibleDescription('El código de cliente admite hasta 40 caracteres'));
    expect(callsTo(fetchMock, 'PATCH', '/api/users/2/approve')).toHaveLength(0);

    await userEvent.clear(code);
    await userEvent.type(code, ' C-78 {Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/2/approve')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/users/2/approve')[0]?.body).toEqual({ clientCode: 'C-78' });
  });

  it('approves without a client code with Enter in the empty field', async () => {
    const fetchMock = api({ 'PATCH /api/users/2/approve': { ...pendiente, isApproved: true } });
    renderWithApp(<UsersTab />);
    const pendingTable = await screen.findByRole('table', { name: 'Usuarios pendientes' });
    await userEvent.type(within(pendingTable).getByLabelText('Código de cliente para nuevo'), '{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/2/approve')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/users/2/approve')[0]?.body).toEqual({});
  });

  it('hands the keyboard to the next request after an approval or a rejection, then to the emptied list', async () => {
    const otro = buildAdminUser({ id: 4, username: 'otro', isApproved: false });
    const left = new Set<number>();
    const fetchMock = api({
      'GET /api/users/pending': () => json([pendiente, otro].filter((u) => !left.has(u.id))),
      'PATCH /api/users/2/approve': () => {
        left.add(2);
        return json({ ...pendiente, isApproved: true, clientCode: 'C-80' });
      },
      'POST /api/users/4/reject': () => {
        left.add(4);
        return json({ message: 'Solicitud rechazada.' });
      },
    });
    renderWithApp(<UsersTab />);
    const pendingTable = await screen.findByRole('table', { name: 'Usuarios pendientes' });
    await userEvent.type(within(pendingTable).getByLabelText('Código de cliente para nuevo'), 'C-80{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/2/approve')).toHaveLength(1));
    // The approved request left: the next one's client code has the focus, ready for its code.
    await waitFor(() => expect(screen.getByLabelText('Código de cliente para otro')).toHaveFocus());

    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Rechazar' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar la solicitud de otro' });
    await userEvent.type(within(dialog).getByLabelText('Motivo del rechazo'), 'No es cliente nuestro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar solicitud' }));
    await screen.findByText('No hay usuarios pendientes de aprobación.');
    // None left: the emptied list holds the focus, not the page.
    await waitFor(() => expect(screen.getByText('No hay usuarios pendientes de aprobación.').closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('switches the type between client and distributor, not for admins', async () => {
    const fetchMock = api({ 'PATCH /api/users/1/type': { ...taller, profileType: 'distributor' } });
    renderWithApp(<UsersTab />);
    await userEvent.selectOptions(await screen.findByLabelText('Tipo de taller'), 'distributor');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/1/type')[0]?.body).toEqual({ profileType: 'distributor' }));
    expect(screen.queryByLabelText('Tipo de jefe')).not.toBeInTheDocument();
  });

  it('edits the client code in place', async () => {
    const fetchMock = api({ 'PATCH /api/users/1/client-code': { ...taller, clientCode: 'C-2' } });
    renderWithApp(<UsersTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Editar código de cliente de taller/ }));
    const input = screen.getByLabelText('Código de cliente de taller');
    await userEvent.clear(input);
    await userEvent.type(input, 'C-2{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/1/client-code')[0]?.body).toEqual({ clientCode: 'C-2' }));
  });

  it('edits user fields in a dialog', async () => {
    const fetchMock = api({ 'PATCH /api/users/1': { ...taller, company: 'Taller Sur' } });
    renderWithApp(<UsersTab />);
    const row = within(await screen.findByRole('table', { name: 'Usuarios' })).getByRole('row', { name: /taller/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario taller' });
    expect(within(dialog).getByLabelText('Usuario')).toHaveFocus();
    const company = within(dialog).getByLabelText('Empresa');
    await userEvent.clear(company);
    await userEvent.type(company, 'Taller Sur');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/1')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/users/1')[0]?.body).toMatchObject({
      username: 'taller',
      company: 'Taller Sur',
      clientCode: 'C-1',
      profileType: 'client',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a taken e-mail or client code on its field in the edit dialog, keeping it open', async () => {
    let refusal = { field: 'email', message: 'El email ya está en uso por otra cuenta' };
    api({ 'PATCH /api/users/1': () => json({ error: { code: 'CONFLICT', ...refusal } }, 409) });
    renderWithApp(<UsersTab />);
    const row = within(await screen.findByRole('table', { name: 'Usuarios' })).getByRole('row', { name: /taller/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario taller' });
    const email = within(dialog).getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'otro@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('El email ya está en uso por otra cuenta');
    expect(email).toHaveFocus();
    expect(email).toHaveValue('otro@example.com');
    expect(screen.queryByText('Error')).not.toBeInTheDocument();

    refusal = { field: 'clientCode', message: 'El código de cliente C-1 ya está asignado al usuario jefe' };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const code = within(dialog).getByLabelText('Código de cliente');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription('El código de cliente C-1 ya está asignado al usuario jefe');
    expect(code).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Editar usuario taller' })).toBeInTheDocument();
  });

  it("shows a user's history", async () => {
    const fetchMock = api({
      'GET /api/admin/audit': {
        total: 1,
        page: 1,
        limit: 50,
        entries: [
          {
            id: 5,
            createdAt: '2025-04-01T13:00:00.000Z',
            actorId: 3,
            actorUsername: 'jefe',
            action: 'user.client_code',
            entity: 'user',
            entityId: '1',
            before: { clientCode: null },
            after: { clientCode: 'C-1' },
          },
        ],
      },
    });
    renderWithApp(<UsersTab />);
    const row = within(await screen.findByRole('table', { name: 'Usuarios' })).getByRole('row', { name: /taller/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Historial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historial de taller' });
    // One card per change (no wide table: it reads at 390 px without scrolling sideways).
    const list = await within(dialog).findByRole('list', { name: 'Historial de cambios' });
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent(/01\/04\/2025, 10:00 · jefe/);
    expect(card).toHaveTextContent(/— → C-1/);
    const call = callsTo(fetchMock, 'GET', '/api/admin/audit')[0];
    expect(call?.url.searchParams.get('entity')).toBe('user');
    expect(call?.url.searchParams.get('entityId')).toBe('1');
  });
  it('creates with name and e-mail and sends the password link when asked', async () => {
    const created = buildAdminUser({ id: 9, username: 'ventas.sur', fullName: 'Ventas Sur', email: 'ventas@sur.com' });
    const fetchMock = api({
      'POST /api/admin/users': () => json(created, 201),
      'POST /api/users/9/password-link': { message: 'Se envió el enlace a ventas@sur.com. Vence en 60 minutos.' },
    });
    renderWithApp(<UsersTab />);
    const sendLink = screen.getByRole('checkbox', { name: 'Enviarle por email un enlace para que elija su contraseña' });
    expect(sendLink).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Usuario'), 'ventas.sur');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'provisoria-1');
    await userEvent.type(screen.getByLabelText('Nombre completo'), ' Ventas Sur ');
    await userEvent.type(screen.getByLabelText('Email'), 'no-es-email');
    await userEvent.click(screen.getByRole('button', { name: 'Crear Usuario' }));
    expect(await screen.findByText('El email no es válido')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/users')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ventas@sur.com');
    await userEvent.click(sendLink);
    await userEvent.click(screen.getByRole('button', { name: 'Crear Usuario' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/users/9/password-link')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/admin/users')[0]?.body).toEqual({
      username: 'ventas.sur',
      password: 'provisoria-1',
      profileType: 'client',
      fullName: 'Ventas Sur',
      email: 'ventas@sur.com',
    });
    expect(await screen.findByText('Se envió el enlace a ventas@sur.com. Vence en 60 minutos.')).toBeInTheDocument();
  });

  it('rejects a pending request with a reason, saying who will be told', async () => {
    const fetchMock = api({
      'POST /api/users/2/reject': { message: `Solicitud rechazada. Se avisó a ${pendiente.email}.` },
    });
    renderWithApp(<UsersTab />);
    const pendingTable = await screen.findByRole('table', { name: 'Usuarios pendientes' });
    await userEvent.click(within(pendingTable).getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar la solicitud de nuevo' });
    expect(
      within(dialog).getByText(
        `Se le enviará un email a ${pendiente.email} con el motivo. La solicitud se borra y podrá pedir acceso de nuevo.`,
      ),
    ).toBeInTheDocument();
    const reason = within(dialog).getByLabelText('Motivo del rechazo');
    expect(reason).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar solicitud' }));
    expect(await within(dialog).findByText('Indique el motivo del rechazo')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/users/2/reject')).toHaveLength(0);

    await userEvent.type(reason, '  No es cliente nuestro  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar solicitud' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/users/2/reject')[0]?.body).toEqual({ reason: 'No es cliente nuestro' }));
    expect(await screen.findByText(`Solicitud rechazada. Se avisó a ${pendiente.email}.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('disables after saying what it does, shows the state and last login, and enables again', async () => {
    let stored = { ...taller, lastLoginAt: '2025-06-01T12:00:00.000Z' };
    const fetchMock = api({
      'GET /api/users': () => json([stored, pendiente, jefe]),
      'PATCH /api/users/1/disabled': (_url: URL, init?: RequestInit) => {
        const { disabled } = JSON.parse(String(init?.body)) as { disabled: boolean };
        stored = { ...stored, disabledAt: disabled ? '2025-06-02T13:30:00.000Z' : null };
        return json(stored);
      },
    });
    renderWithApp(<UsersTab />);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    const row = () => within(table).getByRole('row', { name: /taller/ });
    expect(within(row()).getByText('01/06/2025, 09:00')).toBeInTheDocument();
    expect(within(row()).getByText('Activo')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /jefe/ })).getByText('Nunca')).toBeInTheDocument();

    await userEvent.click(within(row()).getByRole('button', { name: 'Deshabilitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deshabilitar usuario' });
    expect(within(dialog).getByText('¿Deshabilitar a taller?')).toBeInTheDocument();
    expect(within(dialog).getByText(/No podrá ingresar y se cerrarán sus sesiones abiertas/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deshabilitar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/1/disabled')[0]?.body).toEqual({ disabled: true }));
    expect(await screen.findByText('taller quedó deshabilitado')).toBeInTheDocument();
    expect(await within(row()).findByText('Deshabilitado desde 02/06/2025, 10:30')).toBeInTheDocument();
    expect(within(row()).getByRole('button', { name: 'Enviar enlace de contraseña' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(row()).getByText('Sin enlace de contraseña: el usuario está deshabilitado.')).toBeVisible();

    await userEvent.click(within(row()).getByRole('button', { name: 'Habilitar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/1/disabled')[1]?.body).toEqual({ disabled: false }));
    expect(await within(row()).findByText('Activo')).toBeInTheDocument();
  });

  it('offers disabling instead of deleting in the delete confirmation', async () => {
    const fetchMock = api({ 'PATCH /api/users/1/disabled': { ...taller, disabledAt: '2025-06-02T13:30:00.000Z' } });
    renderWithApp(<UsersTab />);
    const row = within(await screen.findByRole('table', { name: 'Usuarios' })).getByRole('row', { name: /taller/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar usuario' });
    expect(within(dialog).getByText(/Si solo quiere impedir que ingrese, deshabilítelo/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deshabilitar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/1/disabled')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE', '/api/users/1')).toHaveLength(0);
  });

  it('sends a password link, or says why it cannot', async () => {
    const sinEmail = buildAdminUser({ id: 4, username: 'sin.email', email: null });
    const fetchMock = api({
      'GET /api/users': [taller, sinEmail],
      'POST /api/users/1/password-link': () =>
        errorResponse(503, 'UNAVAILABLE', 'No se pudo enviar el email. Revise la configuración de correo (SMTP_URL) o intente más tarde.'),
    });
    renderWithApp(<UsersTab />);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    const noEmail = within(within(table).getByRole('row', { name: /sin\.email/ })).getByRole('button', {
      name: 'Enviar enlace de contraseña',
    });
    expect(noEmail).toHaveAttribute('aria-disabled', 'true');
    expect(noEmail).toHaveAccessibleDescription('Sin enlace de contraseña: no tiene email (agréguelo con "Editar").');
    await userEvent.click(noEmail);
    expect(callsTo(fetchMock, 'POST', '/api/users/4/password-link')).toHaveLength(0);
    await userEvent.click(
      within(within(table).getByRole('row', { name: /taller/ })).getByRole('button', { name: 'Enviar enlace de contraseña' }),
    );
    expect(await screen.findByText(/^No se pudo enviar el email\./)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/users/1/password-link')).toHaveLength(1);
  });

  it('says in visible text, not a tooltip, why the password link cannot be sent, on a focusable button', async () => {
    const sinEmail = buildAdminUser({ id: 4, username: 'sin.email', email: null });
    const fetchMock = api({ 'GET /api/users': [taller, sinEmail, pendiente] });
    renderWithApp(<UsersTab />);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    const cases = [
      ['sin\\.email', 'Sin enlace de contraseña: no tiene email (agréguelo con "Editar").'],
      ['nuevo', 'Sin enlace de contraseña: la solicitud está pendiente de aprobación.'],
    ] as const;
    for (const [name, reason] of cases) {
      const row = within(table).getByRole('row', { name: new RegExp(name) });
      const button = within(row).getByRole('button', { name: 'Enviar enlace de contraseña' });
      // Read by anyone: shown in the row, and the button's description for screen readers.
      expect(within(row).getByText(reason)).toBeVisible();
      expect(button).toHaveAccessibleDescription(reason);
      expect(button).not.toHaveAttribute('title');
      // Reached with the keyboard (a disabled button would be skipped), but it sends nothing.
      expect(button).toBeEnabled();
      expect(button).toHaveAttribute('aria-disabled', 'true');
      button.focus();
      expect(button).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(button).toHaveFocus();
    }
    expect(callsTo(fetchMock, 'POST', '/api/users/4/password-link')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', '/api/users/2/password-link')).toHaveLength(0);
    // An account that can have it shows no reason.
    const ok = within(table).getByRole('row', { name: /taller/ });
    expect(within(ok).queryByText(/^Sin enlace de contraseña/)).not.toBeInTheDocument();
    expect(within(ok).getByRole('button', { name: 'Enviar enlace de contraseña' })).not.toHaveAttribute('aria-disabled');
  });

  it('searches and filters on the server, and downloads the same list as Excel', async () => {
    const user = installFakeClock();
    const fetchMock = api({
      'GET /api/users': (url: URL) => {
        if (url.searchParams.get('state') === 'disabled') return json([]);
        return json(url.searchParams.get('search') === 'cordoba' ? [taller] : [taller, pendiente, jefe]);
      },
    });
    renderWithApp(<UsersTab />);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await user.type(screen.getByLabelText('Buscar usuario'), 'cordoba');
    await advanceClock(300);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Usuarios' })).getAllByRole('row')).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Tipo'), 'distributor');
    await user.selectOptions(screen.getByLabelText('Estado'), 'disabled');
    await waitFor(() => {
      const last = callsTo(fetchMock, 'GET', '/api/users').at(-1)?.url;
      expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({ search: 'cordoba', type: 'distributor', state: 'disabled' });
    });
    expect(screen.getByRole('link', { name: 'Descargar Excel' })).toHaveAttribute(
      'href',
      '/api/admin/users.xlsx?search=cordoba&type=distributor&state=disabled',
    );
    expect(await screen.findByText('Ningún usuario coincide con la búsqueda o los filtros.')).toBeInTheDocument();
  });

  it('labels every cell for the phone cards', async () => {
    api();
    renderWithApp(<UsersTab />);
    const row = within(await screen.findByRole('table', { name: 'Usuarios' })).getByRole('row', { name: /taller/ });
    const labels = [...row.querySelectorAll('td[data-label]')].map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual(['Nombre', 'Email', 'Empresa', 'Tipo', 'Código de cliente', 'Estado', 'Último ingreso', 'Alta']);
  });
});
