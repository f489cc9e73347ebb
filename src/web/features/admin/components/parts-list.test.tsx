import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LastPriceChange } from '../../../../shared/price-changes.ts';
import { advanceClock, installFakeClock, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { adminCategoryTree, adminPartsPage, buildAdminPart } from '../test-fixtures.ts';
import { callsTo } from '../test-utils.ts';
import { PartsTab } from './parts-tab.tsx';

const filtro = buildAdminPart({ id: 1, partNumber: 'PN-1', description: 'Filtro de aceite', brand: 'Mann', imageUrl: 'pn-1.jpg' });
const junta = {
  ...buildAdminPart({ id: 2, partNumber: 'PN-2', description: 'Junta de tapa', brand: 'Taranto', isActive: false }),
  stockQuantity: 4,
  handEditedFields: ['priceList1'],
};

const lastChange: NonNullable<LastPriceChange> = {
  id: 9,
  createdAt: '2025-04-01T13:00:00.000Z',
  actor: 'jefa',
  priceList: 1,
  summary: 'Marca Mann · Lista 1 +8 %, redondeo a pesos enteros',
  count: 12,
  undoneAt: null,
};

function api(change: LastPriceChange = null) {
  return mockApi({
    'GET /api/admin/parts': (url: URL) =>
      json(
        url.searchParams.get('status') === 'inactive'
          ? adminPartsPage([junta])
          : url.searchParams.get('brand') === 'Nadie'
            ? adminPartsPage([])
            : adminPartsPage([filtro, junta]),
      ),
    'GET /api/categories/admin': adminCategoryTree(),
    'GET /api/brands': [{ brand: 'Mann', count: 1 }],
    'GET /api/admin/prices/bulk/last': { change },
    'POST /api/admin/prices/bulk/undo': { restored: 11, conflicts: 1 },
  });
}

const lastListCall = (fetchMock: ReturnType<typeof api>) => callsTo(fetchMock, 'GET', '/api/admin/parts').at(-1)?.url.searchParams;

describe('parts list', () => {
  it('lists every part with the chosen price list, stock and marks', async () => {
    api();
    renderWithApp(<PartsTab />);
    const table = await screen.findByRole('table', { name: 'Repuestos' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Código', 'Descripción', 'Marca', 'Lista 1', 'Stock', 'Estado', 'Acciones']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/PN-1.*Filtro de aceite.*Mann.*\$\s1\.000,00.*En Stock.*Activo/);
    expect(first).not.toHaveTextContent('Sin foto');
    expect(second).toHaveTextContent(/PN-2.*4 u\. · En Stock.*Inactivo.*Sin foto.*Editado a mano/);
    expect(within(second as HTMLElement).getByRole('button', { name: 'Editar PN-2' })).toBeInTheDocument();
    expect(screen.getByText('Mostrando 2 de 2 repuestos')).toBeInTheDocument();
  });

  it('sends the filters, shows the chosen list and exports the same selection', async () => {
    const fetchMock = api();
    renderWithApp(<PartsTab />);
    await screen.findByRole('table', { name: 'Repuestos' });
    await waitFor(() => expect(screen.getByLabelText('Categoría')).toHaveTextContent('Filtros'));
    await userEvent.selectOptions(screen.getByLabelText('Categoría'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'inactive');
    await userEvent.selectOptions(screen.getByLabelText('Precio de'), '2');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sin foto' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sin precio en la lista' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Editados a mano' }));
    await waitFor(() => expect(lastListCall(fetchMock)?.get('handEdited')).toBe('true'));
    const params = lastListCall(fetchMock);
    expect(Object.fromEntries(params ?? [])).toEqual({
      categoryId: '2',
      status: 'inactive',
      priceList: '2',
      withoutPhoto: 'true',
      withoutPrice: 'true',
      handEdited: 'true',
      page: '1',
      limit: '50',
    });
    const table = await screen.findByRole('table', { name: 'Repuestos' });
    expect(within(table).getByRole('columnheader', { name: 'Lista 2' })).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/PN-2.*\$\s900,00/);
    const link = screen.getByRole('link', { name: 'Exportar Excel' });
    expect(link).toHaveAttribute('download');
    expect(new URL(link.getAttribute('href') ?? '', 'http://localhost').pathname).toBe('/api/admin/parts/export.xlsx');
    expect(Object.fromEntries(new URL(link.getAttribute('href') ?? '', 'http://localhost').searchParams)).toEqual({
      categoryId: '2',
      status: 'inactive',
      priceList: '2',
      withoutPhoto: 'true',
      withoutPrice: 'true',
      handEdited: 'true',
    });
  });

  it('searches and filters by brand 500 ms after typing stops, and clears the filters', async () => {
    const user = installFakeClock();
    const fetchMock = api();
    renderWithApp(<PartsTab />);
    await screen.findByRole('table', { name: 'Repuestos' });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar repuestos' }), 'junta');
    await advanceClock(500);
    await waitFor(() => expect(lastListCall(fetchMock)?.get('search')).toBe('junta'));
    await user.type(screen.getByLabelText('Marca'), 'Nadie');
    await advanceClock(250);
    expect(lastListCall(fetchMock)?.get('brand')).toBeNull();
    await advanceClock(250);
    await waitFor(() => expect(lastListCall(fetchMock)?.get('brand')).toBe('Nadie'));
    expect(lastListCall(fetchMock)?.get('search')).toBe('junta');
    expect(await screen.findByText('Ningún repuesto coincide con los filtros.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(screen.getByLabelText('Marca')).toHaveValue('');
    await advanceClock(500);
    expect(await screen.findByRole('table', { name: 'Repuestos' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).not.toBeInTheDocument();
  });

  it("opens 'Cambiar precios' with the list's brand", async () => {
    const user = installFakeClock();
    api();
    renderWithApp(<PartsTab />);
    await screen.findByRole('table', { name: 'Repuestos' });
    await user.type(screen.getByLabelText('Marca'), 'Mann');
    await advanceClock(500);
    await user.click(screen.getByRole('button', { name: 'Cambiar precios' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar precios' });
    expect(within(dialog).getByLabelText('Repuestos')).toHaveValue('brand');
    expect(within(dialog).getByLabelText('Marca')).toHaveValue('Mann');
  });

  it('undoes the last price change after saying what it does', async () => {
    const fetchMock = api(lastChange);
    renderWithApp(<PartsTab />);
    expect(
      await screen.findByText(/Último cambio de precios: Marca Mann · Lista 1 \+8 %, redondeo a pesos enteros \(12 precios\), de jefa/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Deshacer el cambio de precios?' });
    expect(dialog).toHaveTextContent('12 precios vuelven a su valor anterior. Los que cambiaron después quedan como están.');
    expect(callsTo(fetchMock, 'POST', '/api/admin/prices/bulk/undo')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/admin/prices/bulk/undo')[0]?.body).toEqual({ changeId: 9 }));
    expect(await screen.findByText('11 precios volvieron a su valor anterior. 1 cambió después y quedó como estaba.')).toBeInTheDocument();
  });

  it('offers no undo once the last change was undone', async () => {
    api({ ...lastChange, undoneAt: '2025-04-01T14:00:00.000Z' });
    renderWithApp(<PartsTab />);
    await screen.findByRole('table', { name: 'Repuestos' });
    expect(screen.queryByText(/Último cambio de precios/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deshacer' })).not.toBeInTheDocument();
  });
});
