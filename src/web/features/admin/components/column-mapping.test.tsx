/**
 * The upload dialog's column-mapping step (issue 17 item 1): detected columns with their first rows,
 * pre-filled targets (a cost column ignored with its reason), edits per column, a conflict that
 * stops the preview, the chosen mapping sent with "Vista previa" and "Aplicar importación", saving
 * by name and starting from a saved mapping.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ColumnsResponse, ImportMapping } from '../../../../shared/import-mappings.ts';
import { json, mockApi, pending, renderWithApp } from '../../../test/render.tsx';
import { buildJob, buildReport, jobSlot } from '../jobs-test-fixtures.ts';
import { ImportCatalogueButton } from './import-catalogue.tsx';

const COST_REASON = 'columna de costo: no se publica como lista de precios salvo que se la asigne explícitamente';

const AUTO: ColumnsResponse = {
  format: 'csv',
  records: 120,
  sampleRows: [2, 3],
  columns: [
    { name: 'Código', samples: ['AB-100', 'AB-101'], special: null },
    { name: 'Descripción', samples: ['Filtro de aceite', 'Filtro de aire'], special: null },
    { name: 'Precio Costo', samples: ['1000', '2000'], special: null },
    { name: 'Precio Lista', samples: ['1500', '2600'], special: null },
    { name: 'Depósito', samples: ['', ''], special: null },
  ],
  truncated: false,
  assignments: [
    { target: 'partNumber', column: 'Código' },
    { target: 'description', column: 'Descripción' },
    { target: 'priceList1', column: 'Precio Lista' },
    { target: 'ignore', column: 'Precio Costo' },
  ],
  ignored: [{ column: 'Precio Costo', reason: COST_REASON }],
  missing: [],
};

/** What the saved mapping "proveedor" makes of the same file. */
const FROM_SAVED: ColumnsResponse = {
  ...AUTO,
  assignments: [
    { target: 'partNumber', column: 'Código' },
    { target: 'description', column: 'Descripción' },
    { target: 'priceList2', column: 'Precio Costo' },
    { target: 'priceList1', column: 'Precio Lista' },
    { target: 'stock', column: 'Depósito' },
  ],
  ignored: [],
  missing: [{ target: 'brand', column: 'Marca' }],
};

const SAVED: ImportMapping[] = [
  { name: 'erp', assignments: [{ target: 'partNumber', column: 'c' }], updatedBy: 'staff', updatedAt: '2026-11-20T12:00:00.000Z' },
  { name: 'proveedor', assignments: FROM_SAVED.assignments, updatedBy: 'staff', updatedAt: '2026-11-21T12:00:00.000Z' },
];

function csv(): File {
  return new File(['Código;Descripción;Precio Costo;Precio Lista;Depósito\nAB-100;Filtro;1000;1500;\n'], 'lista.csv', { type: 'text/csv' });
}

/** The import dialog's routes; `savePending` leaves "Guardar mapeo" waiting on its answer. */
function setup({ savePending = false } = {}) {
  const slot = jobSlot();
  const calls = { columns: [] as URL[], uploads: [] as URL[], saved: [] as { url: URL; body: unknown }[] };
  mockApi({
    'GET /api/admin/jobs/current': slot.current,
    'GET /api/admin/import-mappings': { mappings: SAVED },
    'POST /api/admin/import/columns': (url: URL) => {
      calls.columns.push(url);
      return json(url.searchParams.get('mappingName') === 'proveedor' ? FROM_SAVED : AUTO);
    },
    'POST /api/admin/import': (url: URL) => {
      calls.uploads.push(url);
      const dryRun = url.searchParams.get('dryRun') === 'true';
      slot.job = buildJob({ id: calls.uploads.length, kind: 'upload', status: 'done', report: buildReport({ dryRun }) });
      return json({ job: slot.job }, 202);
    },
    'PUT /api/admin/import-mappings/proveedor%20nuevo': (url: URL, init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body));
      calls.saved.push({ url, body });
      if (savePending) return pending();
      return json({ name: 'proveedor nuevo', assignments: body.assignments, updatedBy: 'staff', updatedAt: '2026-11-25T12:00:00.000Z' });
    },
  });
  return calls;
}

const mappingOf = (url: URL | undefined) => JSON.parse(url?.searchParams.get('mapping') ?? 'null');

describe('Importar catálogo: columnas', () => {
  it('shows each column with its first rows and the automatic target, a cost column ignored with the reason', async () => {
    const user = userEvent.setup();
    const calls = setup();
    renderWithApp(<ImportCatalogueButton />);
    await user.click(screen.getByRole('button', { name: 'Importar catálogo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar catálogo' });
    const file = csv();
    await user.upload(within(dialog).getByLabelText('Archivo'), file);

    const columns = await within(dialog).findByRole('list', { name: 'Destino de cada columna' });
    expect(calls.columns[0]?.searchParams.get('mappingName')).toBeNull();
    expect(within(dialog).getByText('120 filas, 5 columnas (ejemplos de las filas 2, 3).')).toBeInTheDocument();
    const code = within(columns).getByRole('combobox', { name: 'Columna «Código»' });
    expect(code).toHaveValue('partNumber');
    expect(code).toHaveAccessibleDescription('Ejemplos: AB-100 · AB-101');
    expect(within(code).getByRole('option', { selected: true })).toHaveTextContent('Código');
    const cost = within(columns).getByRole('combobox', { name: 'Columna «Precio Costo»' });
    expect(cost).toHaveValue('ignore');
    expect(within(cost).getByRole('option', { selected: true })).toHaveTextContent('Ignorar (no importar)');
    expect(cost).toHaveAccessibleDescription(`Ejemplos: 1000 · 2000 No se importa: ${COST_REASON}.`);
    expect(within(columns).getByRole('combobox', { name: 'Columna «Precio Lista»' })).toHaveValue('priceList1');
    const empty = within(columns).getByRole('combobox', { name: 'Columna «Depósito»' });
    expect(empty).toHaveValue('ignore');
    expect(empty).toHaveAccessibleDescription('Sin valores en las primeras filas.');
    // Every target is offered, with its Spanish label.
    const labels = within(cost)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Código', 'Descripción', 'Categoría 1', 'Lista de precios 1', 'Lista de precios 10']));

    // Keyboard: the selects are reached with Tab, in the columns' order.
    code.focus();
    await user.tab();
    expect(within(columns).getByRole('combobox', { name: 'Columna «Descripción»' })).toHaveFocus();

    // Two columns for one field stop the preview until it is fixed.
    await user.selectOptions(within(columns).getByRole('combobox', { name: 'Columna «Descripción»' }), 'partNumber');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('«Código» está asignado a más de una columna.');
    expect(within(dialog).getByRole('button', { name: 'Vista previa' })).toBeDisabled();
    await user.selectOptions(within(columns).getByRole('combobox', { name: 'Columna «Descripción»' }), 'description');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    // Mapped explicitly, the cost column becomes list 2; "Vista previa" and then "Aplicar" send it.
    await user.selectOptions(cost, 'priceList2');
    await user.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
    await waitFor(() => expect(calls.uploads).toHaveLength(1));
    const expected = [
      { target: 'partNumber', column: 'Código' },
      { target: 'description', column: 'Descripción' },
      { target: 'priceList2', column: 'Precio Costo' },
      { target: 'priceList1', column: 'Precio Lista' },
      { target: 'ignore', column: 'Depósito' },
    ];
    expect(calls.uploads[0]?.searchParams.get('dryRun')).toBe('true');
    expect(mappingOf(calls.uploads[0])).toEqual(expected);
    // A change after the preview does not alter what is applied: the previewed mapping is.
    await user.selectOptions(within(columns).getByRole('combobox', { name: 'Columna «Depósito»' }), 'stock');
    await user.click(await within(dialog).findByRole('button', { name: 'Aplicar importación' }));
    await waitFor(() => expect(calls.uploads).toHaveLength(2));
    expect(calls.uploads[1]?.searchParams.get('dryRun')).toBe('false');
    expect(mappingOf(calls.uploads[1])).toEqual(expected);
  });

  it('stops the preview of a file whose columns give no code until one is chosen, saying why', async () => {
    const user = userEvent.setup();
    const unknown: ColumnsResponse = {
      ...AUTO,
      columns: [
        { name: 'Articulo', samples: ['A1', 'A2'], special: null },
        { name: 'Detalle', samples: ['Cosa', 'Otra'], special: null },
      ],
      assignments: [],
      ignored: [],
    };
    mockApi({
      'GET /api/admin/jobs/current': jobSlot().current,
      'GET /api/admin/import-mappings': { mappings: [] },
      'POST /api/admin/import/columns': () => json(unknown),
    });
    renderWithApp(<ImportCatalogueButton />);
    await user.click(screen.getByRole('button', { name: 'Importar catálogo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar catálogo' });
    await user.upload(within(dialog).getByLabelText('Archivo'), csv());
    const columns = await within(dialog).findByRole('list', { name: 'Destino de cada columna' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ninguna columna está asignada a «Código»: elija la que trae el código para ver la vista previa.',
    );
    expect(within(dialog).getByRole('button', { name: 'Vista previa' })).toBeDisabled();
    // A mapping without a code may still be saved, to finish it later.
    expect(within(dialog).getByRole('button', { name: 'Guardar mapeo' })).toBeEnabled();
    await user.selectOptions(within(columns).getByRole('combobox', { name: 'Columna «Articulo»' }), 'partNumber');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Vista previa' })).toBeEnabled();
  });

  it('saves the mapping by name and starts from a saved one', async () => {
    const user = userEvent.setup();
    const calls = setup();
    renderWithApp(<ImportCatalogueButton />);
    await user.click(screen.getByRole('button', { name: 'Importar catálogo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar catálogo' });
    await user.upload(within(dialog).getByLabelText('Archivo'), csv());
    const columns = await within(dialog).findByRole('list', { name: 'Destino de cada columna' });

    const picker = within(dialog).getByRole('combobox', { name: 'Mapeo guardado' });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Automático (por nombre de columna)', 'erp (sincronización ERP)', 'proveedor']),
    );

    // A bad name is refused before anything is sent; Enter in the field saves, never submits the upload.
    const name = within(dialog).getByRole('textbox', { name: 'Guardar mapeo como…' });
    await user.type(name, '<x>{Enter}');
    expect(name).toHaveAccessibleDescription(/El nombre del mapeo admite letras/);
    expect(calls.saved).toHaveLength(0);
    expect(calls.uploads).toHaveLength(0);
    await user.clear(name);
    await user.type(name, 'proveedor nuevo');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar mapeo' }));
    expect(await within(dialog).findByText('Mapeo «proveedor nuevo» guardado.')).toBeInTheDocument();
    expect(calls.saved[0]?.body).toEqual({
      assignments: [
        { target: 'partNumber', column: 'Código' },
        { target: 'description', column: 'Descripción' },
        { target: 'ignore', column: 'Precio Costo' },
        { target: 'priceList1', column: 'Precio Lista' },
        { target: 'ignore', column: 'Depósito' },
      ],
    });

    // Picking a saved mapping reads the columns again through it and pre-fills its targets.
    await user.selectOptions(picker, 'proveedor');
    await waitFor(() => expect(within(columns).getByRole('combobox', { name: 'Columna «Depósito»' })).toHaveValue('stock'));
    expect(calls.columns.at(-1)?.searchParams.get('mappingName')).toBe('proveedor');
    expect(within(columns).getByRole('combobox', { name: 'Columna «Precio Costo»' })).toHaveValue('priceList2');
    expect(within(dialog).getByText('El mapeo «proveedor» nombra columnas que este archivo no tiene: Marca.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Guardar mapeo como…' })).toHaveValue('proveedor');
  });
  it('keeps "Guardar mapeo" focused and busy while it saves; neither a press nor Enter saves twice (§13.4)', async () => {
    const user = userEvent.setup();
    const calls = setup({ savePending: true });
    renderWithApp(<ImportCatalogueButton />);
    await user.click(screen.getByRole('button', { name: 'Importar catálogo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar catálogo' });
    await user.upload(within(dialog).getByLabelText('Archivo'), csv());
    await within(dialog).findByRole('list', { name: 'Destino de cada columna' });
    const name = within(dialog).getByRole('textbox', { name: 'Guardar mapeo como…' });
    await user.type(name, 'proveedor nuevo');
    const save = within(dialog).getByRole('button', { name: 'Guardar mapeo' });
    save.focus();
    await user.keyboard('{Enter}');
    const busy = await within(dialog).findByRole('button', { name: 'Guardando...' });
    expect(busy).toBe(save);
    expect(busy).toHaveFocus();
    expect(busy).not.toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    await user.click(busy);
    await user.type(name, '{Enter}');
    expect(calls.saved).toHaveLength(1);
    expect(calls.uploads).toHaveLength(0);
  });

  it('counts one row and one column in the singular, and ends a server message before its own', async () => {
    const user = userEvent.setup();
    const slot = jobSlot();
    let fail = false;
    mockApi({
      'GET /api/admin/jobs/current': slot.current,
      'GET /api/admin/import-mappings': { mappings: [] },
      'POST /api/admin/import/columns': () =>
        fail
          ? json({ error: { code: 'IMPORT_FAILED', message: 'El CSV no es válido en la línea 3' } }, 422)
          : json({ ...AUTO, records: 1, sampleRows: [2], columns: AUTO.columns.slice(0, 1), assignments: [], ignored: [] }),
    });
    renderWithApp(<ImportCatalogueButton />);
    await user.click(screen.getByRole('button', { name: 'Importar catálogo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar catálogo' });
    await user.upload(within(dialog).getByLabelText('Archivo'), csv());
    expect(await within(dialog).findByText('1 fila, 1 columna (ejemplo de la fila 2).')).toBeInTheDocument();
    fail = true;
    await user.upload(within(dialog).getByLabelText('Archivo'), new File(['x'], 'otro.csv', { type: 'text/csv' }));
    expect(
      await within(dialog).findByText('El CSV no es válido en la línea 3. La vista previa asignará las columnas por su nombre.'),
    ).toBeInTheDocument();
  });
});
