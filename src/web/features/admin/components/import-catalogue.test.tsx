import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../../shared/admin.ts';
import { advanceClock, errorResponse, json, mockApi, renderWithApp, installFakeClock } from '../../../test/render.tsx';
import { JOB_POLL_MS } from '../jobs-api.ts';
import { AdminPanel } from '../index.ts';
import { buildJob, buildReport, jobPhases, jobSlot } from '../jobs-test-fixtures.ts';
import { ImportCatalogueButton } from './import-catalogue.tsx';

let userEvent: UserEvent;
beforeEach(() => {
  userEvent = installFakeClock();
});

function xlsx(name = 'Inventario.xlsx', size?: number): File {
  const file = new File(['PK\u0003\u0004 contenido'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Importar catálogo' }));
  return screen.findByRole('dialog', { name: 'Importar catálogo' });
}

describe('Importar catálogo', () => {
  it('is a button in the admin panel header', async () => {
    const fetchMock = mockApi({ 'GET /api/profiles': [], 'GET /api/admin/jobs/current': { job: null } });
    renderWithApp(<AdminPanel />, { path: '/adminkon2025' });
    const jobReads = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/admin/jobs/current')).length;
    // The job is only read once the dialog opens.
    expect(jobReads()).toBe(0);
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText('Archivo');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.json,.csv,.xlsx');
    expect(within(dialog).getByRole('button', { name: 'Vista previa' })).toBeDisabled();
    await waitFor(() => expect(jobReads()).toBe(1));
  });

  it('refuses a file over 20 MB before sending it', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/jobs/current': { job: null } });
    renderWithApp(<ImportCatalogueButton />);
    const dialog = await openDialog();
    await userEvent.upload(within(dialog).getByLabelText('Archivo'), xlsx('grande.xlsx', MAX_UPLOAD_BYTES + 1024 * 1024));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('El archivo pesa 21 MB; el máximo permitido es 20 MB.');
    expect(within(dialog).getByLabelText('Archivo')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Vista previa' })).toBeDisabled();

    // A file of exactly 20 MB is fine.
    await userEvent.upload(within(dialog).getByLabelText('Archivo'), xlsx('justo.xlsx', MAX_UPLOAD_BYTES));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Vista previa' })).toBeEnabled();
    // Only the column-mapping step read the file; nothing was imported.
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://x').pathname === '/api/admin/import',
      ),
    ).toBe(false);
  });

  it('uploads the raw file, shows the progress and the report, and refreshes the catalogue', async () => {
    const phases = jobPhases({ kind: 'upload', id: 3 });
    const slot = jobSlot();
    let sent: { url: URL; init: RequestInit | undefined } | undefined;
    mockApi({
      'GET /api/admin/jobs/current': slot.current,
      'POST /api/admin/import': (url: URL, init: RequestInit | undefined) => {
        sent = { url, init };
        slot.job = phases[0] ?? null;
        return json({ job: slot.job }, 202);
      },
    });
    const { client } = renderWithApp(<ImportCatalogueButton />);
    client.setQueryData(['categories', 'public'], []);
    client.setQueryData(['admin', 'parts', { page: 1, search: '' }], { parts: [], total: 0, page: 1, limit: 50 });
    const dialog = await openDialog();
    const file = xlsx();
    await userEvent.upload(within(dialog).getByLabelText('Archivo'), file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vista previa' }));

    const progress = await within(dialog).findByRole('region', { name: 'Progreso de la importación' });
    expect(sent?.url.searchParams.get('filename')).toBe('Inventario.xlsx');
    expect(sent?.init?.body).toBe(file);
    expect(new Headers(sent?.init?.headers).get('content-type')).toBe('application/octet-stream');
    expect(within(progress).getByRole('status')).toHaveTextContent('Importación en curso: Leyendo');
    expect(within(dialog).getByLabelText('Archivo')).toBeDisabled();

    slot.job = phases[2] ?? null;
    await advanceClock(JOB_POLL_MS);
    await waitFor(() => expect(within(progress).getByRole('status')).toHaveTextContent('Escribiendo'));
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '30 de 120 filas escritas (25 %)');

    slot.job = phases[3] ?? null;
    await advanceClock(JOB_POLL_MS);
    const summary = await within(dialog).findByRole('region', { name: 'Resumen de la importación' });
    expect(summary).toHaveTextContent('XLSX, 120 filas.');
    expect(within(within(summary).getByRole('region', { name: 'Filas rechazadas' })).getAllByRole('row')).toHaveLength(3);
    await waitFor(() => expect(client.getQueryState(['categories', 'public'])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['admin', 'parts', { page: 1, search: '' }])?.isInvalidated).toBe(true);
    expect(within(dialog).getByLabelText('Archivo')).toBeEnabled();
  });

  it('moves the focus to the preview when it arrives, and only for a run started here', async () => {
    const slot = jobSlot();
    mockApi({
      'GET /api/admin/jobs/current': slot.current,
      'POST /api/admin/import': () => {
        slot.job = buildJob({ kind: 'upload', id: 4 });
        return json({ job: slot.job }, 202);
      },
    });
    renderWithApp(<ImportCatalogueButton />);
    let dialog = await openDialog();
    await userEvent.upload(within(dialog).getByLabelText('Archivo'), xlsx());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
    await within(dialog).findByRole('region', { name: 'Progreso de la importación' });
    slot.job = buildJob({ kind: 'upload', id: 4, status: 'done', report: buildReport({ dryRun: true }) });
    await advanceClock(JOB_POLL_MS);
    const heading = await within(dialog).findByRole('heading', { name: 'Vista previa de la importación' });
    await waitFor(() => expect(heading).toHaveFocus());

    // Reopened later, the dialog does not jump to an old preview.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog();
    expect(await within(dialog).findByRole('heading', { name: 'Vista previa de la importación' })).not.toHaveFocus();
  });

  it('offers "Aplicar" only under the preview of the file chosen: another file, or the dialog reopened, asks for a new preview', async () => {
    const slot = jobSlot();
    const applied: URL[] = [];
    mockApi({
      'GET /api/admin/jobs/current': slot.current,
      'POST /api/admin/import': (url: URL) => {
        if (url.searchParams.get('dryRun') === 'false') applied.push(url);
        slot.job = buildJob({ kind: 'upload', id: (slot.job?.id ?? 3) + 1, status: 'done', report: buildReport({ dryRun: true }) });
        return json({ job: slot.job }, 202);
      },
    });
    renderWithApp(<ImportCatalogueButton />);
    let dialog = await openDialog();
    await userEvent.upload(within(dialog).getByLabelText('Archivo'), xlsx('lunes.xlsx'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
    await within(dialog).findByRole('heading', { name: 'Vista previa de la importación' });
    expect(await within(dialog).findByRole('button', { name: 'Aplicar importación' })).toBeEnabled();

    // Another file chosen: the preview shown is not its own, so it cannot be applied from there.
    const stale = 'Esta vista previa es de un archivo anterior: elija el archivo y pida «Vista previa» para poder aplicarlo.';
    await userEvent.upload(within(dialog).getByLabelText('Archivo'), xlsx('martes.xlsx'));
    expect(within(dialog).getByRole('heading', { name: 'Vista previa de la importación' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Aplicar importación' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(stale)).toBeInTheDocument();
    // Its own preview replaces the old one (a single report) and can be applied.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
    expect(await within(dialog).findByRole('button', { name: 'Aplicar importación' })).toBeEnabled();
    expect(within(dialog).getAllByRole('heading', { name: 'Vista previa de la importación' })).toHaveLength(1);
    expect(within(dialog).queryByText(stale)).not.toBeInTheDocument();

    // Reopened, the dialog has no file: the old preview says why it offers no "Aplicar".
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog();
    await within(dialog).findByRole('heading', { name: 'Vista previa de la importación' });
    expect(within(dialog).getByText(stale)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Aplicar importación' })).not.toBeInTheDocument();
    expect(applied).toHaveLength(0);
  });

  it('sends the source named in «Fuente» with the preview and applies the one previewed', async () => {
    const slot = jobSlot();
    const sent: URL[] = [];
    mockApi({
      'GET /api/admin/jobs/current': slot.current,
      'POST /api/admin/import': (url: URL) => {
        sent.push(url);
        slot.job = buildJob({
          kind: 'upload',
          id: 10 + sent.length,
          status: 'done',
          report: buildReport({ dryRun: url.searchParams.get('dryRun') === 'true' }),
        });
        return json({ job: slot.job }, 202);
      },
    });
    renderWithApp(<ImportCatalogueButton />);
    const dialog = await openDialog();
    await userEvent.upload(within(dialog).getByLabelText('Archivo'), xlsx('products.json'));
    const source = within(dialog).getByRole('textbox', { name: 'Fuente (opcional)' });
    expect(source).toHaveAccessibleDescription('Nombre del proveedor. Vacío: se usa el nombre del archivo.');
    // Empty, no source is sent: the server names it after the file.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.searchParams.has('source')).toBe(false);

    await userEvent.type(source, '  DLC Motors ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.searchParams.get('source')).toBe('DLC Motors');
    // A change after the preview does not alter what is applied.
    await userEvent.clear(source);
    await userEvent.type(source, 'Otro');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Aplicar importación' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.searchParams.get('dryRun')).toBe('false');
    expect(sent[2]?.searchParams.get('source')).toBe('DLC Motors');
  });

  it('keeps following the import after the dialog is closed, and shows its report when reopened', async () => {
    const slot = jobSlot();
    mockApi({
      'GET /api/admin/jobs/current': slot.current,
      'POST /api/admin/import': () => {
        slot.job = buildJob({ kind: 'upload' });
        return json({ job: slot.job }, 202);
      },
    });
    const { client } = renderWithApp(<ImportCatalogueButton />);
    client.setQueryData(['parts', 'list', {}], { parts: [] });
    let dialog = await openDialog();
    await userEvent.upload(within(dialog).getByLabelText('Archivo'), xlsx('catalogo.csv'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
    await within(dialog).findByRole('region', { name: 'Progreso de la importación' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    slot.job = buildJob({ kind: 'upload', status: 'done', report: buildReport({ rejected: 0, rejections: [] }) });
    await advanceClock(JOB_POLL_MS);
    await waitFor(() => expect(client.getQueryState(['parts', 'list', {}])?.isInvalidated).toBe(true));
    dialog = await openDialog();
    expect(within(dialog).getByRole('region', { name: 'Resumen de la importación' })).toHaveTextContent('0 rechazados');
  });

  it('toasts the server message when a job is already running (409)', async () => {
    mockApi({
      'GET /api/admin/jobs/current': { job: null },
      'POST /api/admin/import': () => errorResponse(409, 'CONFLICT', 'Ya hay una importación o sincronización en curso.'),
    });
    renderWithApp(<ImportCatalogueButton />);
    const dialog = await openDialog();
    await userEvent.upload(within(dialog).getByLabelText('Archivo'), xlsx());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
    expect(await screen.findByText('Ya hay una importación o sincronización en curso.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Vista previa' })).toBeEnabled();
  });

  it('toasts the 413 message of the server', async () => {
    mockApi({
      'GET /api/admin/jobs/current': { job: null },
      'POST /api/admin/import': () => errorResponse(413, 'PAYLOAD_TOO_LARGE', 'La solicitud supera el tamaño máximo permitido.'),
    });
    renderWithApp(<ImportCatalogueButton />);
    const dialog = await openDialog();
    await userEvent.upload(within(dialog).getByLabelText('Archivo'), xlsx());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
    expect(await screen.findByText('La solicitud supera el tamaño máximo permitido.')).toBeInTheDocument();
  });

  it('shows a failed import in a red alert', async () => {
    const slot = jobSlot();
    mockApi({
      'GET /api/admin/jobs/current': slot.current,
      'POST /api/admin/import': () => {
        slot.job = buildJob({ kind: 'upload' });
        return json({ job: slot.job }, 202);
      },
    });
    renderWithApp(<ImportCatalogueButton />);
    const dialog = await openDialog();
    await userEvent.upload(within(dialog).getByLabelText('Archivo'), xlsx());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
    await within(dialog).findByRole('region', { name: 'Progreso de la importación' });
    slot.job = buildJob({ kind: 'upload', status: 'failed', error: 'No se pudo importar ninguna fila (fila 2: Falta el código).' });
    await advanceClock(JOB_POLL_MS);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('La importación falló; no se aplicó ningún cambio.');
    expect(alert).toHaveTextContent('No se pudo importar ninguna fila (fila 2: Falta el código).');
  });
});
