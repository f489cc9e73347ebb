import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { advanceClock, errorResponse, json, mockApi, renderWithApp, installFakeClock } from '../../../test/render.tsx';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../texts.ts';
import { adminPartsPage, buildAdminPart } from '../test-fixtures.ts';
import { callsTo } from '../test-utils.ts';
import { SalesUnitsTab } from './sales-units-tab.tsx';

const part = buildAdminPart({ id: 1, partNumber: 'PN-1', salesUnit: '1 unidad' });

function api(patch?: (init: RequestInit | undefined) => Response) {
  return mockApi({
    'GET /api/admin/parts': (url: URL) =>
      json(adminPartsPage(url.searchParams.get('search') === 'zzz' ? [] : [part], url.searchParams.get('search') ? 1 : 120)),
    'PATCH /api/admin/parts/1/sales-unit': (_url: URL, init: RequestInit | undefined) =>
      patch ? patch(init) : json({ ...part, salesUnit: JSON.parse(String(init?.body)).salesUnit }),
  });
}

const editButton = () => screen.findByRole('button', { name: /Editar unidad de venta de PN-1/ });

describe('SalesUnitsTab', () => {
  it('loads page 1 with limit 50 and pages beyond', async () => {
    const fetchMock = api();
    renderWithApp(<SalesUnitsTab />);
    await editButton();
    const first = callsTo(fetchMock, 'GET', '/api/admin/parts')[0]?.url.searchParams;
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('50');
    expect(screen.getByText('Mostrando 1 de 120 repuestos')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/parts').at(-1)?.url.searchParams.get('page')).toBe('3'));
  });

  it('searches 500 ms after typing stops, from page 1', async () => {
    const fetchMock = api();
    renderWithApp(<SalesUnitsTab />);
    await editButton();
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/parts')).toHaveLength(2));
    const user = installFakeClock();
    await user.type(screen.getByLabelText('Buscar repuestos'), 'zzz');
    // Nothing is sent while typing, nor just before the delay ends.
    await advanceClock(ADMIN_SEARCH_DEBOUNCE_MS - 50);
    expect(callsTo(fetchMock, 'GET', '/api/admin/parts')).toHaveLength(2);
    await advanceClock(50);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/parts')).toHaveLength(3));
    const last = callsTo(fetchMock, 'GET', '/api/admin/parts').at(-1)?.url.searchParams;
    expect(last?.get('search')).toBe('zzz');
    expect(last?.get('page')).toBe('1');
    expect(await screen.findByText('No se encontraron productos')).toBeInTheDocument();
  });

  it('saves on Enter (trimmed)', async () => {
    const fetchMock = api();
    renderWithApp(<SalesUnitsTab />);
    await userEvent.click(await editButton());
    const input = screen.getByLabelText('Unidad de venta de PN-1');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('1 unidad');
    await userEvent.clear(input);
    await userEvent.type(input, '  Caja x 10 {Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/admin/parts/1/sales-unit')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/admin/parts/1/sales-unit')[0]?.body).toEqual({ salesUnit: 'Caja x 10' });
    const button = await screen.findByRole('button', { name: /Caja x 10/ });
    expect(button).toHaveFocus();
    expect(screen.queryByLabelText('Unidad de venta de PN-1')).not.toBeInTheDocument();
  });

  it('cancels on Escape without saving', async () => {
    const fetchMock = api();
    renderWithApp(<SalesUnitsTab />);
    await userEvent.click(await editButton());
    await userEvent.type(screen.getByLabelText('Unidad de venta de PN-1'), ' más{Escape}');
    expect(screen.queryByLabelText('Unidad de venta de PN-1')).not.toBeInTheDocument();
    expect(await editButton()).toHaveTextContent('1 unidad');
    expect(await editButton()).toHaveFocus();
    expect(callsTo(fetchMock, 'PATCH', '/api/admin/parts/1/sales-unit')).toHaveLength(0);
  });

  it('refuses an empty value with the spec text', async () => {
    const fetchMock = api();
    renderWithApp(<SalesUnitsTab />);
    await userEvent.click(await editButton());
    const input = screen.getByLabelText('Unidad de venta de PN-1');
    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('La unidad de venta no puede estar vacía');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'PATCH', '/api/admin/parts/1/sales-unit')).toHaveLength(0);
  });

  it("says the server's refusal of the value on the field, not in a toast, and keeps the focus there", async () => {
    const message = 'La unidad de venta admite hasta 60 caracteres';
    api(() => json({ error: { code: 'VALIDATION', message, field: 'salesUnit' } }, 400));
    renderWithApp(<SalesUnitsTab />);
    await userEvent.click(await editButton());
    const input = screen.getByLabelText('Unidad de venta de PN-1');
    await userEvent.type(input, ' Par{Enter}');
    const said = await screen.findByText(message);
    expect(said).toHaveAttribute('role', 'alert');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', said.id);
    expect(input).toHaveFocus();
    expect(input).toHaveValue('1 unidad Par');
    expect(screen.queryByText('Error al actualizar la unidad de venta')).not.toBeInTheDocument();
    // Typing again clears the mark.
    await userEvent.type(input, 'es');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('shows the failure toast and keeps the editor open', async () => {
    api(() => errorResponse(500, 'INTERNAL', 'Error interno'));
    renderWithApp(<SalesUnitsTab />);
    await userEvent.click(await editButton());
    await userEvent.type(screen.getByLabelText('Unidad de venta de PN-1'), 'Par{Enter}');
    expect(await screen.findByText('Error al actualizar la unidad de venta')).toBeInTheDocument();
    expect(screen.getByLabelText('Unidad de venta de PN-1')).toBeInTheDocument();
  });
});
