import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { adminPartsPage, buildAdminPart, buildDraft, carouselEntry } from '../test-fixtures.ts';
import { callsTo } from '../test-utils.ts';
import { CarouselsTab } from './carousels-tab.tsx';

const rebajado = buildAdminPart({ id: 1, partNumber: 'PN-1' });
const destacado = buildAdminPart({ id: 2, partNumber: 'PN-2' });
const candidato = buildAdminPart({ id: 3, partNumber: 'PN-3' });

const draft = buildDraft({
  featured: [carouselEntry(destacado)],
  'on-sale': [carouselEntry(rebajado, { discountPercentage: 10 })],
});

function api(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/admin/carousels': draft,
    'GET /api/carousel/products-with-discounts/on-sale': [],
    'GET /api/admin/parts': adminPartsPage([candidato]),
    ...routes,
  });
}

describe('CarouselsTab', () => {
  it('validates the discount (0-100) before sending it', async () => {
    const fetchMock = api({
      'PUT /api/products/carousel/1': () =>
        json({ ...draft, 'on-sale': [carouselEntry(rebajado, { discountPercentage: 25 })], hasUnpublishedChanges: true }),
    });
    renderWithApp(<CarouselsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: /Productos Rebajados/ }));
    const input = await screen.findByLabelText('Descuento (%) de PN-1');
    expect(input).toHaveValue(10);

    for (const bad of ['150', '-5']) {
      await userEvent.clear(input);
      await userEvent.type(input, bad);
      await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
      expect(screen.getByRole('alert')).toHaveTextContent('El descuento debe ser un número de 0 a 100');
    }
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/products/carousel/1')).toHaveLength(0);

    await userEvent.type(input, '25{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/products/carousel/1')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/products/carousel/1')[0]?.body).toEqual({
      category: 'on-sale',
      action: 'update-discount',
      discountPercentage: 25,
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The new draft has unpublished changes: the indicator and the save button say so.
    expect(await screen.findByText(/Hay cambios sin guardar/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toBeEnabled();
  });

  it('toasts a failed discount update', async () => {
    api({ 'PUT /api/products/carousel/1': () => errorResponse(500, 'INTERNAL', 'x') });
    renderWithApp(<CarouselsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: /Productos Rebajados/ }));
    const input = await screen.findByLabelText('Descuento (%) de PN-1');
    await userEvent.clear(input);
    await userEvent.type(input, '30{Enter}');
    expect(await screen.findByText('No se pudo actualizar el descuento')).toBeInTheDocument();
    expect(input).toHaveValue(10);
  });

  it('adds from the first 50 candidates not in the collection, removes, and publishes', async () => {
    const fetchMock = api({
      'PUT /api/products/carousel/3': () =>
        json({ ...draft, featured: [carouselEntry(destacado), carouselEntry(candidato, { position: 1 })], hasUnpublishedChanges: true }),
      'PUT /api/products/carousel/2': () => errorResponse(500, 'INTERNAL', 'x'),
      'POST /api/carousel/save': { message: 'Cambios guardados' },
    });
    renderWithApp(<CarouselsTab />);
    expect(await screen.findByText(/Los carruseles publicados están al día/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toBeDisabled();

    const candidates = await screen.findByRole('table', { name: 'Productos para agregar a Productos Destacados' });
    const params = callsTo(fetchMock, 'GET', '/api/admin/parts')[0]?.url.searchParams;
    expect(params?.get('limit')).toBe('50');
    expect(params?.get('excludeCollection')).toBe('featured');
    await userEvent.click(within(candidates).getByRole('button', { name: 'Agregar' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/products/carousel/3')[0]?.body).toEqual({ category: 'featured', action: 'add' }),
    );
    const members = screen.getByRole('table', { name: 'Productos en Productos Destacados' });
    expect(await within(members).findByText('PN-3')).toBeInTheDocument();

    await userEvent.click(within(within(members).getByRole('row', { name: /PN-2/ })).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText('No se pudo actualizar el producto')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/carousel/save')).toHaveLength(1));
  });

  it('toasts a failed publish', async () => {
    api({
      'GET /api/admin/carousels': { ...draft, hasUnpublishedChanges: true },
      'POST /api/carousel/save': () => errorResponse(500, 'INTERNAL', 'x'),
    });
    renderWithApp(<CarouselsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('No se pudieron guardar los cambios')).toBeInTheDocument();
  });
});
