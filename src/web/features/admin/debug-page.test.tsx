import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, errorResponse, json, mockApi, renderWithApp, installFakeClock } from '../../test/render.tsx';
import { JOB_POLL_MS } from './jobs-api.ts';
import { DebugPage } from './index.ts';
import { buildJob, jobPhases, jobSlot } from './jobs-test-fixtures.ts';
import { callsTo } from './test-utils.ts';

let userEvent: UserEvent;
beforeEach(() => {
  userEvent = installFakeClock();
});

const prices = (first: string | null) => [first, null, null, null, null, null, null, null, null, '99.00'];

const RAW = {
  source: 'erp.example.com',
  total: 2500,
  records: [
    {
      row: 2,
      code: '0011843925',
      description: 'ELEMENTO F/ACEITE OM352',
      categories: ['REPUESTOS', 'OM352', 'FILTROS'],
      priceLists: prices('1500.00'),
      stock: '12',
      image: 'elemento.jpg',
      rejection: null,
    },
    {
      row: 3,
      code: '',
      description: 'SIN CODIGO',
      categories: ['REPUESTOS', '', ''],
      priceLists: prices(null),
      stock: '',
      image: '',
      rejection: 'Falta el código',
    },
  ],
};

describe('DebugPage', () => {
  it('shows the raw records with the columns of docs/product.md §10.4 and marks the rows the importer would reject', async () => {
    mockApi({ 'GET /api/debug/raw-api': RAW, 'GET /api/admin/jobs/current': { job: null } });
    renderWithApp(<DebugPage />, { path: '/debug' });
    expect(screen.getByRole('link', { name: 'Volver al Admin' })).toHaveAttribute('href', '/adminkon2025');
    expect(screen.getByRole('button', { name: 'Sincronizar Datos' })).toBeEnabled();

    const table = await screen.findByRole('table', { name: 'Datos crudos del ERP' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Fila',
      'Código',
      'Descripción',
      'Categoría 1',
      'Categoría 2',
      'Categoría 3',
      ...Array.from({ length: 10 }, (_, i) => `Lista ${i + 1}`),
      'Stock',
      'Imagen',
      'Rechazo',
    ]);
    expect(screen.getByText(/Primeros 2 de 2\.500 registros de erp\.example\.com/)).toBeInTheDocument();
    const good = within(table).getByRole('row', { name: /0011843925/ });
    expect(within(good).getByText('1500.00')).toBeInTheDocument();
    expect(within(good).getByText('FILTROS')).toBeInTheDocument();
    expect(within(good).getByText('elemento.jpg')).toBeInTheDocument();
    const bad = within(table).getByRole('row', { name: /SIN CODIGO/ });
    expect(bad).toHaveTextContent('Rechazada: Falta el código');
    expect(screen.getByText(/1 fila sería rechazada/)).toBeInTheDocument();
  });

  it('shows the server message when ERP_SOURCE is not configured', async () => {
    mockApi({
      'GET /api/debug/raw-api': () => errorResponse(400, 'VALIDATION', 'ERP_SOURCE no está configurado en el servidor.'),
      'GET /api/admin/jobs/current': { job: null },
    });
    renderWithApp(<DebugPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('ERP_SOURCE no está configurado en el servidor.');
  });

  it('"Sincronizar Datos" shows the live progress through every phase, then the report with the rejected rows', async () => {
    const phases = jobPhases({ kind: 'sync' });
    const slot = jobSlot();
    const fetchMock = mockApi({
      'GET /api/debug/raw-api': RAW,
      'GET /api/admin/jobs/current': slot.current,
      'POST /api/debug/sync': () => {
        slot.job = phases[0] ?? null;
        return json({ job: slot.job }, 202);
      },
    });
    const { client } = renderWithApp(<DebugPage />);
    client.setQueryData(['parts', 'list', { page: 1 }], { parts: [] });
    expect(await screen.findByText('No hay una sincronización en curso.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sincronizar Datos' }));
    expect(callsTo(fetchMock, 'POST', '/api/debug/sync')[0]?.body).toBeUndefined();
    const progress = await screen.findByRole('region', { name: 'Progreso de la sincronización' });
    expect(within(progress).getByRole('status')).toHaveTextContent('Sincronización en curso: Leyendo');
    expect(within(progress).getByRole('progressbar', { name: 'Filas escritas' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('button', { name: 'Sincronizar Datos' })).toBeDisabled();

    slot.job = phases[1] ?? null;
    await advanceClock(JOB_POLL_MS);
    await waitFor(() => expect(within(progress).getByRole('status')).toHaveTextContent('Validando'));
    expect(progress).toHaveTextContent('Filas leídas:120');

    slot.job = phases[2] ?? null;
    await advanceClock(JOB_POLL_MS);
    await waitFor(() => expect(within(progress).getByRole('status')).toHaveTextContent('Escribiendo'));
    const bar = within(progress).getByRole('progressbar', { name: 'Filas escritas' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(bar).toHaveAttribute('aria-valuemax', '120');
    expect(progress).toHaveTextContent('Filas escritas:30 de 120');
    expect(within(progress).getByText('Escribiendo', { selector: '[aria-current="step"]' })).toBeInTheDocument();

    slot.job = phases[3] ?? null;
    await advanceClock(JOB_POLL_MS);
    const summary = await screen.findByRole('region', { name: 'Resumen de la sincronización' });
    for (const text of ['5 insertados', '10 actualizados', '103 sin cambios', '1 desactivado', '2 rechazados']) {
      expect(within(summary).getByText((_, el) => el?.tagName === 'LI' && el.textContent === text)).toBeInTheDocument();
    }
    const rejected = within(summary).getByRole('region', { name: 'Filas rechazadas' });
    expect(
      within(rejected)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FilaCódigoMotivo', '14AB-1Falta la descripción', '88—Falta el código']);
    expect(screen.getByRole('button', { name: 'Sincronizar Datos' })).toBeEnabled();

    // Polling stops once the job has finished, and the catalogue queries are invalidated.
    const reads = slot.reads;
    await advanceClock(JOB_POLL_MS * 3);
    expect(slot.reads).toBe(reads);
    expect(client.getQueryState(['parts', 'list', { page: 1 }])?.isInvalidated).toBe(true);
  });

  it('shows a failed sync in a red alert', async () => {
    const slot = jobSlot();
    mockApi({
      'GET /api/debug/raw-api': RAW,
      'GET /api/admin/jobs/current': slot.current,
      'POST /api/debug/sync': () => {
        slot.job = buildJob();
        return json({ job: slot.job }, 202);
      },
    });
    renderWithApp(<DebugPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sincronizar Datos' }));
    await screen.findByRole('region', { name: 'Progreso de la sincronización' });
    slot.job = buildJob({
      status: 'failed',
      error: 'Se rechazaron 900 de 2500 filas (más del 20 %): no se aplicó ningún cambio.',
      finishedAt: '2025-03-10T15:31:00.000Z',
    });
    await advanceClock(JOB_POLL_MS);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('La sincronización falló');
    expect(alert).toHaveTextContent('Se rechazaron 900 de 2500 filas (más del 20 %)');
  });

  it('toasts the server message when a job is already running (409)', async () => {
    mockApi({
      'GET /api/debug/raw-api': RAW,
      'GET /api/admin/jobs/current': { job: null },
      'POST /api/debug/sync': () => errorResponse(409, 'CONFLICT', 'Ya hay una importación o sincronización en curso.'),
    });
    renderWithApp(<DebugPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sincronizar Datos' }));
    expect(await screen.findByText('Ya hay una importación o sincronización en curso.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('follows a job that was already running when the page opened', async () => {
    const slot = jobSlot(buildJob({ kind: 'upload', progress: { phase: 'writing', read: 50, written: 10, total: 50 } }));
    mockApi({ 'GET /api/debug/raw-api': RAW, 'GET /api/admin/jobs/current': slot.current });
    renderWithApp(<DebugPage />);
    const progress = await screen.findByRole('region', { name: 'Progreso de la importación' });
    expect(within(progress).getByRole('status')).toHaveTextContent('Importación en curso: Escribiendo');
    expect(screen.getByRole('button', { name: 'Sincronizar Datos' })).toBeDisabled();
    slot.job = buildJob({ kind: 'upload', status: 'done', progress: { phase: 'done', read: 50, written: 10, total: 50 }, report: null });
    await advanceClock(JOB_POLL_MS);
    expect(await screen.findByRole('region', { name: 'Resumen de la importación' })).toBeInTheDocument();
  });

  it('does not show the last finished job of an earlier visit', async () => {
    mockApi({
      'GET /api/debug/raw-api': RAW,
      'GET /api/admin/jobs/current': { job: buildJob({ status: 'done', progress: { phase: 'done', read: 1, written: 1, total: 1 } }) },
    });
    renderWithApp(<DebugPage />);
    expect(await screen.findByText('No hay una sincronización en curso.')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Datos crudos del ERP' });
    expect(screen.queryByRole('region', { name: /Resumen/ })).not.toBeInTheDocument();
  });
});
