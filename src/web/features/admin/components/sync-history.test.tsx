import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorResponse, installFakeClock, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { type JobHistoryRun, jobKeys } from '../jobs-api.ts';
import { callsTo } from '../test-utils.ts';
import { SyncHistory } from './sync-history.tsx';

let userEvent: UserEvent;
beforeEach(() => {
  userEvent = installFakeClock();
});

const counts = (inserted: number, updated: number, unchanged: number, deactivated: number, rejected: number) => ({
  inserted,
  updated,
  unchanged,
  deactivated,
  rejected,
});

const RUNS: JobHistoryRun[] = [
  {
    jobId: 9,
    kind: 'sync',
    trigger: 'manual',
    actor: 'staff',
    startedAt: '2025-03-10T18:00:00.000Z',
    finishedAt: '2025-03-10T18:00:05.000Z',
    result: 'preview',
    error: null,
    counts: counts(0, 12, 1988, 3, 1),
  },
  {
    jobId: 8,
    kind: 'sync',
    trigger: 'scheduled',
    actor: 'programada',
    startedAt: '2025-03-10T06:00:00.000Z',
    finishedAt: '2025-03-10T06:00:02.000Z',
    result: 'failed',
    error: 'Desactivaría 1.800 de 2.000 productos activos (90 %, más del 10 %).',
    counts: null,
  },
  {
    jobId: null,
    kind: 'sync',
    trigger: 'scheduled',
    actor: 'programada',
    startedAt: '2025-03-09T06:00:00.000Z',
    finishedAt: '2025-03-09T06:00:00.000Z',
    result: 'skipped',
    error: 'No se ejecutó: una importación iniciada por ana a las 09/03/2025, 02:59 seguía en curso.',
    counts: null,
  },
  {
    jobId: 7,
    kind: 'upload',
    trigger: 'manual',
    actor: 'ana',
    startedAt: '2025-03-09T05:59:00.000Z',
    finishedAt: '2025-03-09T06:01:00.000Z',
    result: 'ok',
    error: null,
    counts: counts(1500, 0, 0, 0, 2),
    file: 'lista-precios-lunes.xlsx',
  },
];

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent);

describe('SyncHistory', () => {
  it('lists past runs newest first with start, end, trigger, result and counts', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/jobs': { runs: RUNS } });
    renderWithApp(<SyncHistory />);
    const table = await screen.findByRole('table', { name: 'Historial de sincronizaciones' });
    expect(callsTo(fetchMock, 'GET', '/api/admin/jobs')[0]?.url.searchParams.get('limit')).toBe('20');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    // Argentine time (UTC−3).
    expect(cells(rows[0]!)).toEqual([
      '10/03/2025, 15:00',
      '10/03/2025, 15:00',
      'Sincronización',
      '—',
      'Manual (staff)',
      'Vista previa',
      '0',
      '12',
      '1.988',
      '3',
      '1',
    ]);
    expect(cells(rows[1]!).slice(4, 7)).toEqual([
      'Programada',
      'FallóDesactivaría 1.800 de 2.000 productos activos (90 %, más del 10 %).',
      '—',
    ]);
    expect(within(rows[2]!).getByText('Omitida')).toBeInTheDocument();
    expect(within(rows[2]!).getByText(/seguía en curso/)).toBeInTheDocument();
    expect(cells(rows[3]!).slice(2, 7)).toEqual(['Importación', 'lista-precios-lunes.xlsx', 'Manual (ana)', 'Aplicada', '1.500']);
    // On a phone each run is a card: every cell but the start (its title) says what it is.
    expect(Array.from(rows[3]!.querySelectorAll('td'), (c) => c.getAttribute('data-label'))).toEqual([
      'Fin',
      'Tipo',
      'Archivo',
      'Origen',
      'Resultado',
      'Nuevos',
      'Actualizados',
      'Sin cambios',
      'Desactivados',
      'Rechazados',
    ]);
  });

  it('says when there is no run yet, and shows the server message on an error with a retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/jobs': () =>
        fail ? errorResponse(503, 'UNAVAILABLE', 'El servicio no está disponible; intente en unos segundos.') : json({ runs: [] }),
    });
    renderWithApp(<SyncHistory />);
    expect(await screen.findByText('El servicio no está disponible; intente en unos segundos.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(await screen.findByText('Todavía no hubo importaciones ni sincronizaciones.')).toBeInTheDocument();
  });

  it('reads the list again when the current job finishes', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      'GET /api/admin/jobs': () => {
        calls += 1;
        return json({ runs: calls === 1 ? RUNS.slice(1) : RUNS });
      },
    });
    const { client } = renderWithApp(<SyncHistory />);
    await screen.findByText('Aplicada');
    expect(screen.queryByText('Vista previa')).not.toBeInTheDocument();
    const job = {
      id: 9,
      kind: 'sync' as const,
      status: 'running' as const,
      progress: { phase: 'writing' as const, read: 10, written: 5, total: 10 },
      report: null,
      error: null,
      startedAt: '2025-03-10T18:00:00.000Z',
      finishedAt: null,
      actor: 'staff',
    };
    client.setQueryData(jobKeys.current(), { job });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/jobs')).toHaveLength(2));
    client.setQueryData(jobKeys.current(), { job: { ...job, status: 'done' } });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/jobs')).toHaveLength(3));
    expect(await screen.findByText('Vista previa')).toBeInTheDocument();
  });
});
