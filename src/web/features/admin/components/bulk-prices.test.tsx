import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BulkPriceResult } from '../../../../shared/price-changes.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { adminCategoryTree } from '../test-fixtures.ts';
import { callsTo } from '../test-utils.ts';
import { BulkPriceDialog, parseDecimal } from './bulk-prices.tsx';

const preview: BulkPriceResult = {
  applied: false,
  changeId: null,
  matched: 3,
  count: 2,
  added: 0,
  unchanged: 0,
  skippedNoPrice: 1,
  skippedOutOfRange: 0,
  sumBefore: '2234.56',
  sumAfter: '2458.02',
  share: 18.2,
  bigSteps: 0,
  largeChange: [],
  rows: [
    { id: 1, partNumber: 'BOS-1', description: 'Disco de freno ventilado', before: '1000.00', after: '1100.00' },
    { id: 2, partNumber: 'BOS-2', description: 'Pastillas delanteras', before: '1234.56', after: '1358.02' },
  ],
};

function api(
  answer: (body: Record<string, unknown>) => Response = (body) =>
    json({ ...preview, applied: body.apply === true, changeId: body.apply ? 5 : null }),
) {
  return mockApi({
    'GET /api/categories/admin': adminCategoryTree(),
    'GET /api/brands': [
      { brand: 'Bosch', count: 3 },
      { brand: 'Mann', count: 8 },
    ],
    'POST /api/admin/prices/bulk': (_url: URL, init: RequestInit | undefined) => answer(JSON.parse(String(init?.body))),
    'POST /api/admin/prices/bulk/undo': { restored: 2, conflicts: 0 },
  });
}

function open(defaults = { search: '', categoryId: null as number | null, brand: 'Bosch' }) {
  const onOpenChange = vi.fn();
  renderWithApp(<BulkPriceDialog open onOpenChange={onOpenChange} defaults={defaults} />);
  return { dialog: screen.getByRole('dialog', { name: 'Cambiar precios' }), onOpenChange };
}

describe('bulk price change', () => {
  it('reads percentages and factors typed with a comma or a point', () => {
    expect(parseDecimal('8')).toBe(8);
    expect(parseDecimal(' -5 ')).toBe(-5);
    expect(parseDecimal('+2,5')).toBe(2.5);
    expect(parseDecimal('1.21')).toBe(1.21);
    expect(parseDecimal('−3')).toBe(-3);
    expect(parseDecimal('diez')).toBeNull();
    expect(parseDecimal('1,2,3')).toBeNull();
  });

  it("previews the list's brand +10 %, applies it, and offers the undo", async () => {
    const fetchMock = api();
    const { dialog } = open();
    expect(within(dialog).getByLabelText('Repuestos')).toHaveValue('brand');
    expect(within(dialog).getByLabelText('Marca')).toHaveValue('Bosch');
    await userEvent.type(within(dialog).getByLabelText('Porcentaje'), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver vista previa' }));

    const section = await within(dialog).findByRole('region', { name: 'Vista previa' });
    expect(callsTo(fetchMock, 'POST', '/api/admin/prices/bulk')[0]?.body).toEqual({
      filter: { brand: 'Bosch' },
      priceList: 1,
      percent: 10,
      rounding: 'cents',
      apply: false,
    });
    expect(section).toHaveTextContent('2 precios cambian en la Lista 1.');
    expect(section).toHaveTextContent('3 repuestos coinciden con el filtro.');
    expect(section).toHaveTextContent('1 repuesto no tiene precio en la Lista 1: no se toca.');
    expect(section).toHaveTextContent(/Suma de los precios que cambian: \$\s2\.234,56 → \$\s2\.458,02 \(\+10,0 %\)/);
    const rows = within(within(section).getByRole('table', { name: 'Vista previa de precios' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/BOS-1.*\$\s1\.000,00.*\$\s1\.100,00.*\+10,0 %/);
    expect(rows[2]).toHaveTextContent(/BOS-2.*\$\s1\.234,56.*\$\s1\.358,02/);

    await userEvent.click(within(section).getByRole('button', { name: 'Aplicar a 2 precios' }));
    expect(await within(dialog).findByText(/Listo: 2 precios de la Lista 1 cambiaron/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/prices/bulk')[1]?.body).toMatchObject({ apply: true, confirmLarge: false, percent: 10 });
    expect(await screen.findByText('Precios actualizados')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Deshacer' }));
    expect(await within(dialog).findByText(/Cambio deshecho/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/prices/bulk/undo')[0]?.body).toEqual({ changeId: 5 });
    expect(screen.getByText('2 precios volvieron a su valor anterior.')).toBeInTheDocument();
  });

  it('sets a list from another times a factor for a category', async () => {
    const fetchMock = api();
    const { dialog } = open({ search: '', categoryId: 3, brand: '' });
    expect(within(dialog).getByLabelText('Repuestos')).toHaveValue('category');
    await waitFor(() => expect(within(dialog).getByLabelText('Categoría')).toHaveValue('3'));
    await userEvent.selectOptions(within(dialog).getByLabelText('Lista a cambiar'), '3');
    await userEvent.selectOptions(within(dialog).getByLabelText('Cambio'), 'factor');
    await userEvent.selectOptions(within(dialog).getByLabelText('Lista de origen'), '1');
    await userEvent.type(within(dialog).getByLabelText('Factor'), '1,21');
    await userEvent.selectOptions(within(dialog).getByLabelText('Redondeo'), 'tens');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver vista previa' }));
    await within(dialog).findByRole('region', { name: 'Vista previa' });
    expect(callsTo(fetchMock, 'POST', '/api/admin/prices/bulk')[0]?.body).toEqual({
      filter: { categoryId: 3 },
      priceList: 3,
      fromList: 1,
      factor: 1.21,
      rounding: 'tens',
      apply: false,
    });
  });

  it('says what is wrong in Spanish before asking the server', async () => {
    const fetchMock = api();
    const { dialog } = open({ search: '', categoryId: null, brand: '' });
    const preview = within(dialog).getByRole('button', { name: 'Ver vista previa' });
    await userEvent.click(preview);
    expect(within(dialog).getByLabelText('Marca')).toHaveAccessibleDescription('Escriba la marca');
    expect(within(dialog).getByLabelText('Porcentaje')).toHaveAccessibleDescription(/Escriba un número \(ej\. 8 o -5\)/);
    await userEvent.type(within(dialog).getByLabelText('Marca'), 'Bosch');
    await userEvent.type(within(dialog).getByLabelText('Porcentaje'), '0');
    await userEvent.click(preview);
    expect(await within(dialog).findByText('El porcentaje no puede ser 0')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Porcentaje'));
    await userEvent.type(within(dialog).getByLabelText('Porcentaje'), '-100');
    await userEvent.click(preview);
    expect(await within(dialog).findByText('El porcentaje debe ser mayor que -100')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Cambio'), 'factor');
    await userEvent.type(within(dialog).getByLabelText('Factor'), '0');
    await userEvent.click(preview);
    expect(await within(dialog).findByText('El factor debe ser mayor que 0')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Repuestos'), 'category');
    await userEvent.click(preview);
    expect(await within(dialog).findByText('Elija una categoría')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/prices/bulk')).toHaveLength(0);
  });

  it("shows the server's message when the preview is refused", async () => {
    api(() => errorResponse(400, 'VALIDATION', 'Ningún repuesto coincide con el filtro elegido'));
    const { dialog } = open({ search: '', categoryId: null, brand: 'Nadie' });
    await userEvent.type(within(dialog).getByLabelText('Porcentaje'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver vista previa' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ningún repuesto coincide con el filtro elegido');
    expect(within(dialog).queryByRole('region', { name: 'Vista previa' })).not.toBeInTheDocument();
  });

  it('asks for a checked confirmation before a large change, and a new preview after an edit', async () => {
    const large = { ...preview, count: 11, share: 100, largeChange: ['Cambia 11 de 11 precios de la Lista 1 (100 %, más del 30 %).'] };
    const fetchMock = api((body) => json({ ...large, applied: body.apply === true, changeId: body.apply ? 6 : null }));
    const { dialog } = open({ search: '', categoryId: null, brand: '' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Repuestos'), 'all');
    await userEvent.type(within(dialog).getByLabelText('Porcentaje'), '8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver vista previa' }));
    const section = await within(dialog).findByRole('region', { name: 'Vista previa' });
    expect(within(section).getByRole('alert')).toHaveTextContent('Cambia 11 de 11 precios de la Lista 1 (100 %, más del 30 %).');
    const apply = within(section).getByRole('button', { name: 'Aplicar a 11 precios' });
    expect(apply).toBeDisabled();
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Revisé la vista previa y quiero aplicar este cambio grande' }));
    expect(apply).toBeEnabled();

    // Changing the rule drops the preview: it must be asked again.
    await userEvent.type(within(dialog).getByLabelText('Porcentaje'), '5');
    expect(within(dialog).queryByRole('region', { name: 'Vista previa' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver vista previa' }));
    const again = await within(dialog).findByRole('region', { name: 'Vista previa' });
    expect(callsTo(fetchMock, 'POST', '/api/admin/prices/bulk')[1]?.body).toEqual({
      filter: { all: true },
      priceList: 1,
      percent: 85,
      rounding: 'cents',
      apply: false,
    });
    await userEvent.click(within(again).getByRole('checkbox', { name: /cambio grande/ }));
    await userEvent.click(within(again).getByRole('button', { name: 'Aplicar a 11 precios' }));
    await within(dialog).findByText(/Listo: 11 precios/);
    expect(callsTo(fetchMock, 'POST', '/api/admin/prices/bulk')[2]?.body).toMatchObject({ apply: true, confirmLarge: true });
  });

  it('asks before dropping what was typed (Escape, "Cancelar", ✕), and closes at once when nothing was', async () => {
    api();
    const { dialog, onOpenChange } = open();
    // Nothing typed: Escape closes at once.
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog', { name: 'Hay cambios sin guardar' })).not.toBeInTheDocument();
    onOpenChange.mockClear();

    const percent = within(dialog).getByLabelText('Porcentaje');
    await userEvent.type(percent, '12');
    for (const close of [
      () => userEvent.keyboard('{Escape}'),
      () => userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' })),
      () => userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' })),
    ]) {
      await close();
      const ask = await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' });
      expect(ask).toHaveTextContent('Lo escrito en "Cambiar precios" se perderá: ningún precio cambió todavía. ¿Salir sin guardar?');
      await userEvent.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hay cambios sin guardar' })).not.toBeInTheDocument());
      expect(onOpenChange).not.toHaveBeenCalled();
      expect(within(dialog).getByLabelText('Porcentaje')).toHaveValue('12');
    }

    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Salir sin guardar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes at once after applying: nothing is left unsaved', async () => {
    api();
    const { dialog, onOpenChange } = open();
    await userEvent.type(within(dialog).getByLabelText('Porcentaje'), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver vista previa' }));
    const section = await within(dialog).findByRole('region', { name: 'Vista previa' });
    await userEvent.click(within(section).getByRole('button', { name: 'Aplicar a 2 precios' }));
    await within(dialog).findByText(/Listo: 2 precios/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver a la lista' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog', { name: 'Hay cambios sin guardar' })).not.toBeInTheDocument();
  });
});
