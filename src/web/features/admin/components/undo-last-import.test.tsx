import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorResponse, installFakeClock, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { callsTo } from '../test-utils.ts';
import { UndoLastImport } from './undo-last-import.tsx';

let userEvent: UserEvent;
beforeEach(() => {
  userEvent = installFakeClock();
});

const RUN = {
  id: 4,
  createdAt: '2025-03-10T15:30:00.000Z',
  actor: 'staff',
  source: 'lista',
  summary: { inserted: 1, updated: 12, deactivated: 3 },
  undoneAt: null,
  changes: { updated: 12, inserted: 1, deactivated: 3 },
};

describe('UndoLastImport', () => {
  it('shows nothing when no import was recorded', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/import/last-run': { run: null } });
    renderWithApp(<UndoLastImport />);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/import/last-run')).toHaveLength(1));
    expect(screen.queryByText(/Última importación/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deshacer la última importación' })).not.toBeInTheDocument();
  });

  it('says what the undo will do, asks, undoes and reports it', async () => {
    let undone = false;
    const fetchMock = mockApi({
      'GET /api/admin/import/last-run': () => json({ run: undone ? { ...RUN, undoneAt: '2025-03-10T16:00:00.000Z' } : RUN }),
      'POST /api/admin/import/undo': () => {
        undone = true;
        return json({ runId: 4, restored: 12, deactivated: 1, reactivated: 3, skipped: 0 });
      },
    });
    const { client } = renderWithApp(<UndoLastImport />);
    client.setQueryData(['parts', 'list', { page: 1 }], { parts: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Deshacer la última importación' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Deshacer la última importación?' });
    expect(within(dialog).getByText('12 productos vuelven a sus datos anteriores.')).toBeInTheDocument();
    expect(within(dialog).getByText('1 producto nuevo se desactiva.')).toBeInTheDocument();
    expect(within(dialog).getByText('3 productos desactivados se reactivan.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/import/undo')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByText('Importación deshecha')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/import/undo')).toHaveLength(1);
    expect(await screen.findByText(/deshecha el/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deshacer la última importación' })).not.toBeInTheDocument();
    // The button is gone: the focus is on the line that says the run was undone, not on <body>.
    await waitFor(() => expect(screen.getByText(/deshecha el/)).toHaveFocus());
    expect(client.getQueryState(['parts', 'list', { page: 1 }])?.isInvalidated).toBe(true);
  });

  it('toasts the server message when there is nothing to undo any more', async () => {
    mockApi({
      'GET /api/admin/import/last-run': { run: RUN },
      'POST /api/admin/import/undo': () => errorResponse(404, 'NOT_FOUND', 'No hay una importación para deshacer.'),
    });
    renderWithApp(<UndoLastImport />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deshacer la última importación' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByText('No hay una importación para deshacer.')).toBeInTheDocument();
  });
});
