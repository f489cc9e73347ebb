import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { callsTo } from '../test-utils.ts';
import { PartRequestsTab } from './part-requests-tab.tsx';

const request = { id: 7, username: 'taller', message: 'Necesito la junta OM352', status: 'pending', createdAt: '2025-05-02T18:05:00.000Z' };

describe('PartRequestsTab', () => {
  it('lists requests with es-AR date, sets status and deletes', async () => {
    let stored = { ...request };
    const fetchMock = mockApi({
      'GET /api/part-requests': () => json([stored]),
      'PATCH /api/part-requests/7/status': () => {
        stored = { ...request, status: 'reviewed' };
        return json(stored);
      },
      'DELETE /api/part-requests/7': { message: 'Solicitud eliminada' },
    });
    renderWithApp(<PartRequestsTab />);
    const row = (await screen.findByText('Necesito la junta OM352')).closest('tr')!;
    expect(within(row).getByText('02/05/2025, 15:05')).toBeInTheDocument();
    const select = within(row).getByLabelText('Estado de la solicitud de taller');
    expect(select).toHaveDisplayValue('Pendiente');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Pendiente', 'Revisada', 'Completada']);
    await userEvent.selectOptions(select, 'reviewed');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/part-requests/7/status')[0]?.body).toEqual({ status: 'reviewed' }));
    await waitFor(() => expect(within(row).getByLabelText('Estado de la solicitud de taller')).toHaveDisplayValue('Revisada'));

    await userEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/part-requests/7')).toHaveLength(1));
  });

  it('shows the spec toasts on failure', async () => {
    mockApi({
      'GET /api/part-requests': [request],
      'PATCH /api/part-requests/7/status': () => errorResponse(500, 'INTERNAL', 'x'),
      'DELETE /api/part-requests/7': () => errorResponse(500, 'INTERNAL', 'x'),
    });
    renderWithApp(<PartRequestsTab />);
    await userEvent.selectOptions(await screen.findByLabelText('Estado de la solicitud de taller'), 'completed');
    expect(await screen.findByText('No se pudo actualizar el estado de la solicitud')).toBeInTheDocument();
    expect(screen.getByLabelText('Estado de la solicitud de taller')).toHaveDisplayValue('Pendiente');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No se pudo eliminar la solicitud')).toBeInTheDocument();
  });
});
