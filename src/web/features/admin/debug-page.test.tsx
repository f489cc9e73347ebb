import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, errorResponse, json, mockApi, renderWithApp, installFakeClock } from '../../test/render.tsx';
import { JOB_POLL_MS } from './jobs-api.ts';
import { DebugPage } from './index.ts';
import { buildJob, buildReport, jobPhases, jobSlot } from './jobs-test-fixtures.ts';
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
    mockApi({ 'GET /api/debug/raw-api': RAW, 'GET /api/admin/jobs': { runs: [] }, 'GET /api/admin/jobs/current': { job: null } });
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
      'GET /api/admin/jobs': { runs: [] },
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
      'GET /api/admin/jobs': { runs: [] },
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
    // Busy, not disabled, while the job runs: the pressed button keeps the keyboard's focus (a
    // disabled one drops it to the page), says so and ignores presses.
    const button = screen.getByRole('button', { name: 'Sincronizar Datos' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(callsTo(fetchMock, 'POST', '/api/debug/sync')).toHaveLength(1);

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
    expect(screen.getByRole('button', { name: 'Sincronizar Datos' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Sincronizar Datos' })).toHaveFocus();

    // Polling stops once the job has finished, and the catalogue queries are invalidated.
    const reads = slot.reads;
    await advanceClock(JOB_POLL_MS * 3);
    expect(slot.reads).toBe(reads);
    expect(client.getQueryState(['parts', 'list', { page: 1 }])?.isInvalidated).toBe(true);
  });

  it('previews the sync first, and applies a large change only after its second confirmation', async () => {
    const slot = jobSlot();
    const done = (report: Parameters<typeof buildReport>[0], id: number) =>
      buildJob({ id, status: 'done', progress: { phase: 'done', read: 30, written: 0, total: 30 }, report: buildReport(report) });
    const fetchMock = mockApi({
      'GET /api/debug/raw-api': RAW,
      'GET /api/admin/jobs': { runs: [] },
      'GET /api/admin/jobs/current': slot.current,
      'POST /api/debug/sync': (url: URL) => {
        const dryRun = url.searchParams.get('dryRun') === 'true';
        slot.job = dryRun
          ? done(
              {
                dryRun: true,
                inserted: 0,
                updated: 2,
                unchanged: 0,
                deactivated: 28,
                rejected: 0,
                rejections: [],
                largeChange: ['Desactivaría 28 de 30 productos activos (93,3 %, más del 10 %).'],
                categoriesEmptied: ['FRENOS'],
                priceChanges: {
                  parts: 1,
                  lists: [{ list: 1, up: 1, down: 0, added: 0, removed: 0, meanPercent: 10 }],
                  largest: [{ partNumber: 'AB-1', list: 1, before: '1000.00', after: '1100.00', percent: 10 }],
                },
              },
              8,
            )
          : done({ dryRun: false, deactivated: 28, rejections: [], rejected: 0 }, 9);
        return json({ job: slot.job }, 202);
      },
    });
    renderWithApp(<DebugPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sincronizar Datos' }));
    expect(callsTo(fetchMock, 'POST', '/api/debug/sync')[0]?.url.searchParams.get('dryRun')).toBe('true');
    const preview = await screen.findByRole('region', { name: 'Vista previa de la sincronización' });
    expect(preview).toHaveTextContent('Cambios de precio: 1 producto');
    expect(within(preview).getByRole('region', { name: 'Mayores cambios de precio' })).toHaveTextContent('AB-1');
    expect(preview).toHaveTextContent('Categorías que quedan sin productos activos: 1');
    expect(screen.getByText('Es una vista previa: todavía no se aplicó ningún cambio.')).toBeInTheDocument();
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent('Desactivaría 28 de 30 productos activos');
    const apply = screen.getByRole('button', { name: 'Aplicar sincronización' });
    expect(apply).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Revisé la vista previa y quiero aplicar este cambio grande' }));
    await userEvent.click(apply);
    const applied = callsTo(fetchMock, 'POST', '/api/debug/sync')[1]?.url.searchParams;
    expect(applied?.get('dryRun')).toBe('false');
    expect(applied?.get('confirmLarge')).toBe('true');
    expect(await screen.findByRole('region', { name: 'Resumen de la sincronización' })).toHaveTextContent('28 desactivados');
    expect(screen.queryByRole('button', { name: 'Aplicar sincronización' })).not.toBeInTheDocument();
    // "Aplicar sincronización" left with its preview: the focus went to "Sincronizar Datos", not the page.
    expect(screen.getByRole('button', { name: 'Sincronizar Datos' })).toHaveFocus();
  });

  it('moves the focus from "Aplicar sincronización" to "Sincronizar Datos", busy, while the applied sync runs', async () => {
    const slot = jobSlot();
    const fetchMock = mockApi({
      'GET /api/debug/raw-api': RAW,
      'GET /api/admin/jobs': { runs: [] },
      'GET /api/admin/jobs/current': slot.current,
      'POST /api/debug/sync': (url: URL) => {
        slot.job =
          url.searchParams.get('dryRun') === 'true'
            ? buildJob({
                id: 8,
                status: 'done',
                progress: { phase: 'done', read: 30, written: 0, total: 30 },
                report: buildReport({ dryRun: true, rejections: [], rejected: 0 }),
              })
            : buildJob({ id: 9 });
        return json({ job: slot.job }, 202);
      },
    });
    renderWithApp(<DebugPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sincronizar Datos' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Aplicar sincronización' }));
    await screen.findByRole('region', { name: 'Progreso de la sincronización' });
    expect(screen.queryByRole('button', { name: 'Aplicar sincronización' })).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Sincronizar Datos' });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.keyboard('{Enter}');
    expect(callsTo(fetchMock, 'POST', '/api/debug/sync')).toHaveLength(2);
  });

  it('shows a failed sync in a red alert', async () => {
    const slot = jobSlot();
    mockApi({
      'GET /api/debug/raw-api': RAW,
      'GET /api/admin/jobs': { runs: [] },
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
      'GET /api/admin/jobs': { runs: [] },
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
    mockApi({ 'GET /api/debug/raw-api': RAW, 'GET /api/admin/jobs': { runs: [] }, 'GET /api/admin/jobs/current': slot.current });
    renderWithApp(<DebugPage />);
    const progress = await screen.findByRole('region', { name: 'Progreso de la importación' });
    expect(within(progress).getByRole('status')).toHaveTextContent('Importación en curso: Escribiendo');
    expect(screen.getByRole('button', { name: 'Sincronizar Datos' })).toHaveAttribute('aria-disabled', 'true');
    slot.job = buildJob({ kind: 'upload', status: 'done', progress: { phase: 'done', read: 50, written: 10, total: 50 }, report: null });
    await advanceClock(JOB_POLL_MS);
    expect(await screen.findByRole('region', { name: 'Resumen de la importación' })).toBeInTheDocument();
  });

  it('says why a job whose rows are all written is still running: the search indexes', async () => {
    const slot = jobSlot(buildJob({ kind: 'upload', progress: { phase: 'indexing', read: 50, written: 50, total: 50 } }));
    mockApi({ 'GET /api/debug/raw-api': RAW, 'GET /api/admin/jobs': { runs: [] }, 'GET /api/admin/jobs/current': slot.current });
    renderWithApp(<DebugPage />);
    const progress = await screen.findByRole('region', { name: 'Progreso de la importación' });
    expect(within(progress).getByRole('status')).toHaveTextContent('Importación en curso: Indexando');
    expect(within(progress).getByText('Indexando', { selector: '[aria-current="step"]' })).toBeInTheDocument();
    expect(within(progress).getByText('Escribiendo', { selector: 'li' })).not.toHaveAttribute('aria-current');
    expect(within(progress).getByText(/Se están actualizando los índices de búsqueda/)).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Filas escritas' })).toHaveAttribute('aria-valuenow', '50');
  });

  it('does not show the last finished job of an earlier visit', async () => {
    mockApi({
      'GET /api/debug/raw-api': RAW,
      'GET /api/admin/jobs': { runs: [] },
      'GET /api/admin/jobs/current': { job: buildJob({ status: 'done', progress: { phase: 'done', read: 1, written: 1, total: 1 } }) },
    });
    renderWithApp(<DebugPage />);
    expect(await screen.findByText('No hay una sincronización en curso.')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Datos crudos del ERP' });
    expect(screen.queryByRole('region', { name: /Resumen/ })).not.toBeInTheDocument();
  });
});
