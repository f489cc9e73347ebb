import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { callsTo } from '../test-utils.ts';
import { PriceListsTab } from './price-lists-tab.tsx';

const profiles = [
  { profileType: 'guest', priceList: 4 },
  { profileType: 'client', priceList: 1 },
  { profileType: 'distributor', priceList: 2 },
];

describe('PriceListsTab', () => {
  it('shows each profile list and saves the chosen one', async () => {
    const stored = profiles.map((p) => ({ ...p }));
    const fetchMock = mockApi({
      'GET /api/profiles': () => json(stored),
      'POST /api/profiles/client/price-list': (_url: URL, init: RequestInit | undefined) => {
        const saved = { profileType: 'client', priceList: JSON.parse(String(init?.body)).priceList };
        stored[1] = saved;
        return json(saved);
      },
    });
    renderWithApp(<PriceListsTab />);
    const guest = await screen.findByLabelText('Lista de precios para Invitado');
    expect(guest).toHaveValue('4');
    expect(screen.getByLabelText('Lista de precios para Distribuidor')).toHaveValue('2');
    const client = screen.getByLabelText('Lista de precios para Cliente');
    expect(client).toHaveValue('1');
    expect(client.querySelectorAll('option')).toHaveLength(10);

    await userEvent.selectOptions(client, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar lista de Cliente' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/profiles/client/price-list')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/profiles/client/price-list')[0]?.body).toEqual({ priceList: 5 });
    expect(await screen.findByText('Lista de precios actualizada')).toBeInTheDocument();
    expect(screen.getByLabelText('Lista de precios para Cliente')).toHaveValue('5');
  });

  it("asks before a profile gets another profile's list: guests would see wholesale prices", async () => {
    const fetchMock = mockApi({
      'GET /api/profiles': profiles,
      'POST /api/profiles/guest/price-list': { profileType: 'guest', priceList: 2 },
    });
    renderWithApp(<PriceListsTab />);
    await userEvent.selectOptions(await screen.findByLabelText('Lista de precios para Invitado'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar lista de Invitado' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Usar la Lista 2 para Invitado?' });
    expect(dialog).toHaveTextContent(
      'Distribuidor ya ve la Lista 2: Invitado verá los mismos precios que Distribuidor. Los invitados no inician sesión: esos precios quedan a la vista de cualquier visitante.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/profiles/guest/price-list')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Guardar lista de Invitado' }));
    dialog = await screen.findByRole('dialog', { name: '¿Usar la Lista 2 para Invitado?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usar la Lista 2' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/profiles/guest/price-list')[0]?.body).toEqual({ priceList: 2 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an error toast when saving fails', async () => {
    mockApi({
      'GET /api/profiles': profiles,
      'POST /api/profiles/guest/price-list': () => errorResponse(500, 'INTERNAL', 'Error interno del servidor'),
    });
    renderWithApp(<PriceListsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar lista de Invitado' }));
    expect(await screen.findByText('Error interno del servidor')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
