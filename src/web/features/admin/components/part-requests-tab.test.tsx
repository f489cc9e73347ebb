import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPartRequest } from '../../../../shared/admin-users.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { callsTo } from '../test-utils.ts';
import { PartRequestsTab } from './part-requests-tab.tsx';

const request: AdminPartRequest = {
  id: 7,
  username: 'taller',
  message: 'Necesito la junta OM352',
  status: 'pending',
  createdAt: '2025-05-02T18:05:00.000Z',
  fullName: 'Carlos Gómez',
  company: 'Taller Norte',
  phone: '011 15-4444-0000',
  email: 'carlos@taller.com',
};

describe('PartRequestsTab', () => {
  it('lists requests with the sender, the contact links and es-AR date, and sets the status', async () => {
    let stored = { ...request };
    const fetchMock = mockApi({
      'GET /api/part-requests': () => json([stored]),
      'PATCH /api/part-requests/7/status': () => {
        stored = { ...request, status: 'reviewed' };
        const { fullName: _n, company: _c, phone: _p, email: _e, ...plain } = stored;
        return json(plain);
      },
    });
    renderWithApp(<PartRequestsTab />);
    const row = (await screen.findByText('Necesito la junta OM352')).closest('tr') as HTMLElement;
    expect(within(row).getByText('02/05/2025, 15:05')).toBeInTheDocument();
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Carlos Gómeztaller · Taller Norte');
    expect(within(row).getByRole('link', { name: '011 15-4444-0000' })).toHaveAttribute('href', 'tel:0111544440000');
    const whatsapp = within(row).getByRole('link', { name: 'Responder por WhatsApp a Carlos Gómez' });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5491144440000\?text=Hola%20Carlos%20G%C3%B3mez/);
    expect(decodeURIComponent(new URL(whatsapp.getAttribute('href') ?? '').searchParams.get('text') ?? '')).toBe(
      'Hola Carlos Gómez, le escribimos por su solicitud: "Necesito la junta OM352"',
    );
    expect(within(row).getByRole('link', { name: 'carlos@taller.com' })).toHaveAttribute('href', 'mailto:carlos@taller.com');

    const select = within(row).getByLabelText('Estado de la solicitud de taller del 02/05/2025, 15:05');
    expect(select).toHaveDisplayValue('Pendiente');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Pendiente', 'Revisada', 'Completada']);
    await userEvent.selectOptions(select, 'reviewed');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/part-requests/7/status')[0]?.body).toEqual({ status: 'reviewed' }));
    await waitFor(() =>
      expect(within(row).getByLabelText('Estado de la solicitud de taller del 02/05/2025, 15:05')).toHaveDisplayValue('Revisada'),
    );
    // The sender's data stay after the status answer (which does not carry them).
    expect(within(row).getByRole('link', { name: 'carlos@taller.com' })).toBeInTheDocument();
  });

  it('filters by status on the server', async () => {
    const fetchMock = mockApi({
      'GET /api/part-requests': (url: URL) => json(url.searchParams.get('status') === 'completed' ? [] : [request]),
    });
    renderWithApp(<PartRequestsTab />);
    expect(await screen.findByText('Necesito la junta OM352')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Mostrar'), 'completed');
    expect(await screen.findByText('No hay solicitudes en estado "Completada".')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/part-requests').map((c) => c.url.searchParams.get('status'))).toEqual([null, 'completed']);
  });

  it('shows a sender without contact data, without links', async () => {
    mockApi({ 'GET /api/part-requests': [{ ...request, fullName: null, company: null, phone: null, email: null }] });
    renderWithApp(<PartRequestsTab />);
    const row = (await screen.findByText('Necesito la junta OM352')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sin datos de contacto')).toBeInTheDocument();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(row).getByRole('rowheader')).toHaveTextContent('taller');
  });

  it('asks for confirmation, showing the request, before deleting', async () => {
    const fetchMock = mockApi({
      'GET /api/part-requests': [request],
      'DELETE /api/part-requests/7': { message: 'Solicitud eliminada' },
    });
    renderWithApp(<PartRequestsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar solicitud' });
    expect(within(dialog).getByText('¿Eliminar la solicitud de Carlos Gómez? No se puede deshacer.')).toBeInTheDocument();
    expect(within(dialog).getByText('Necesito la junta OM352')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/part-requests/7')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/part-requests/7')).toHaveLength(1));
    expect(await screen.findByText('Solicitud eliminada')).toBeInTheDocument();
  });

  it('keeps the keyboard in the list: a request that leaves it hands the focus to the next one', async () => {
    const second: AdminPartRequest = { ...request, id: 8, message: 'Y dos filtros de aire', createdAt: '2025-05-01T12:00:00.000Z' };
    const third: AdminPartRequest = { ...request, id: 9, message: 'Bujías para Gol', createdAt: '2025-04-30T12:00:00.000Z' };
    let stored = [request, second, third];
    mockApi({
      'GET /api/part-requests': (url: URL) =>
        json(stored.filter((r) => !url.searchParams.get('status') || r.status === url.searchParams.get('status'))),
      'PATCH /api/part-requests/7/status': () => {
        stored = stored.map((r) => (r.id === 7 ? { ...r, status: 'reviewed' } : r));
        return json({ ...request, status: 'reviewed' });
      },
      'DELETE /api/part-requests/8': () => {
        stored = stored.filter((r) => r.id !== 8);
        return json({ message: 'Solicitud eliminada' });
      },
    });
    renderWithApp(<PartRequestsTab />);
    await screen.findByText('Necesito la junta OM352');
    await userEvent.selectOptions(screen.getByLabelText('Mostrar'), 'pending');
    // Each select names its request: the same sender may have sent several.
    const first = await screen.findByLabelText('Estado de la solicitud de taller del 02/05/2025, 15:05');
    first.focus();
    // The status select stays usable (and focused) while the change is saved.
    await userEvent.selectOptions(first, 'reviewed');
    expect(first).toBeEnabled();
    // Reviewed, it leaves the "Pendiente" list: the focus goes to the next request's status.
    await waitFor(() => expect(screen.queryByText('Necesito la junta OM352')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('Estado de la solicitud de taller del 01/05/2025, 09:00')).toHaveFocus());
    // Deleted, the same: the next one takes the focus.
    const row = screen.getByText('Y dos filtros de aire').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByText('Y dos filtros de aire')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('Estado de la solicitud de taller del 30/04/2025, 09:00')).toHaveFocus());
  });

  it('shows the spec toasts on failure', async () => {
    mockApi({
      'GET /api/part-requests': [request],
      'PATCH /api/part-requests/7/status': () => errorResponse(500, 'INTERNAL', 'x'),
      'DELETE /api/part-requests/7': () => errorResponse(500, 'INTERNAL', 'x'),
    });
    renderWithApp(<PartRequestsTab />);
    await userEvent.selectOptions(await screen.findByLabelText('Estado de la solicitud de taller del 02/05/2025, 15:05'), 'completed');
    expect(await screen.findByText('No se pudo actualizar el estado de la solicitud')).toBeInTheDocument();
    expect(screen.getByLabelText('Estado de la solicitud de taller del 02/05/2025, 15:05')).toHaveDisplayValue('Pendiente');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No se pudo eliminar la solicitud')).toBeInTheDocument();
  });
});
