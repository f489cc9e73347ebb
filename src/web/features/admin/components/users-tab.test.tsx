import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderWithApp } from '../../../test/render.tsx';
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

  it('shows the server message when the username is taken', async () => {
    api({
      'POST /api/admin/users': () => json({ error: { code: 'CONFLICT', message: 'Ya existe un usuario con ese nombre' } }, 409),
    });
    renderWithApp(<UsersTab />);
    await userEvent.type(screen.getByLabelText('Usuario'), 'taller');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave123');
    await userEvent.click(screen.getByRole('button', { name: 'Crear Usuario' }));
    expect(await screen.findByText('Ya existe un usuario con ese nombre')).toBeInTheDocument();
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

  it('approves a pending user with an optional client code', async () => {
    const fetchMock = api({ 'PATCH /api/users/2/approve': { ...pendiente, isApproved: true, clientCode: 'C-77' } });
    renderWithApp(<UsersTab />);
    const pendingTable = await screen.findByRole('table', { name: 'Usuarios pendientes' });
    await userEvent.type(within(pendingTable).getByLabelText('Código de cliente para nuevo'), ' C-77 ');
    await userEvent.click(within(pendingTable).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/users/2/approve')[0]?.body).toEqual({ clientCode: 'C-77' }));
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
    expect(await within(dialog).findByText('01/04/2025, 10:00')).toBeInTheDocument();
    expect(within(dialog).getByText('jefe')).toBeInTheDocument();
    expect(within(dialog).getByText(/— → C-1/)).toBeInTheDocument();
    const call = callsTo(fetchMock, 'GET', '/api/admin/audit')[0];
    expect(call?.url.searchParams.get('entity')).toBe('user');
    expect(call?.url.searchParams.get('entityId')).toBe('1');
  });
});
