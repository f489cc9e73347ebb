import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISCOUNT_FULL_MESSAGE } from '../../../../shared/carousels.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { adminPartsPage, buildAdminPart, buildDraft, carouselEntry } from '../test-fixtures.ts';
import { callsTo } from '../test-utils.ts';
import { CarouselsTab } from './carousels-tab.tsx';

const rebajado = buildAdminPart({ id: 1, partNumber: 'PN-1' });
const destacado = buildAdminPart({ id: 2, partNumber: 'PN-2' });
const candidato = buildAdminPart({ id: 3, partNumber: 'PN-3' });
const otro = buildAdminPart({ id: 4, partNumber: 'PN-4' });

const draft = buildDraft({
  featured: [carouselEntry(destacado), carouselEntry(otro, { position: 1 })],
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

const order = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

describe('CarouselsTab', () => {
  it('validates the discount before sending it, refusing 100 % with its own sentence', async () => {
    const fetchMock = api({
      'PUT /api/products/carousel/1': () =>
        json({ ...draft, 'on-sale': [carouselEntry(rebajado, { discountPercentage: 25 })], hasUnpublishedChanges: true }),
    });
    renderWithApp(<CarouselsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: /Productos Rebajados/ }));
    const input = await screen.findByLabelText('Descuento (%) de PN-1');
    expect(input).toHaveValue(10);
    const apply = screen.getByRole('button', { name: 'Aplicar descuento de PN-1' });

    for (const [bad, message] of [
      ['150', 'El descuento debe ser un número de 0 a 99,99.'],
      ['-5', 'El descuento debe ser un número de 0 a 99,99.'],
      ['100', DISCOUNT_FULL_MESSAGE],
    ] as const) {
      await userEvent.clear(input);
      await userEvent.type(input, bad);
      await userEvent.click(apply);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    }
    await userEvent.clear(input);
    await userEvent.click(apply);
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
    expect(await screen.findByText(/Hay cambios sin guardar/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).not.toHaveAttribute('aria-disabled');
  });

  it('keeps the keyboard in place: the next "Quitar" or "Agregar" takes the focus', async () => {
    const cuarto = buildAdminPart({ id: 5, partNumber: 'PN-5' });
    let featured = [carouselEntry(destacado), carouselEntry(otro, { position: 1 })];
    let candidates = [candidato, cuarto];
    const answer = () => json({ ...draft, featured, hasUnpublishedChanges: true });
    api({
      'GET /api/admin/carousels': () => json({ ...draft, featured }),
      'GET /api/admin/parts': () => json(adminPartsPage(candidates)),
      'PUT /api/products/carousel/2': () => {
        featured = featured.filter((e) => e.partId !== 2).map((e, position) => ({ ...e, position }));
        candidates = [destacado, ...candidates];
        return answer();
      },
      'PUT /api/products/carousel/3': () => {
        featured = [...featured, carouselEntry(candidato, { position: featured.length })];
        candidates = candidates.filter((p) => p.id !== 3);
        return answer();
      },
    });
    renderWithApp(<CarouselsTab />);
    const entries = await screen.findByRole('list', { name: 'Productos en Productos Destacados' });
    await userEvent.click(within(entries).getByRole('button', { name: 'Quitar PN-2' }));
    await waitFor(() => expect(within(entries).queryByRole('button', { name: 'Quitar PN-2' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(entries).getByRole('button', { name: 'Quitar PN-4' })).toHaveFocus());

    const addList = await screen.findByRole('list', { name: 'Productos para agregar a Productos Destacados' });
    await userEvent.click(await within(addList).findByRole('button', { name: 'Agregar PN-3' }));
    await waitFor(() => expect(within(addList).queryByRole('button', { name: 'Agregar PN-3' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(addList).getByRole('button', { name: 'Agregar PN-5' })).toHaveFocus());
  });

  it('undoes "Quitar" in Productos Rebajados: the entry comes back in its place with its discount and days', async () => {
    const first = carouselEntry(rebajado, { discountPercentage: 12.5, startsOn: '2025-06-01', endsOn: '2025-06-30' });
    let onSale = [first, carouselEntry(otro, { position: 1 })];
    let published = true;
    const answer = () => json({ ...draft, 'on-sale': onSale, hasUnpublishedChanges: !published });
    const fetchMock = api({
      'GET /api/admin/carousels': answer,
      'PUT /api/products/carousel/1': (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { action: string; discountPercentage?: number; startsOn?: string; endsOn?: string };
        if (body.action === 'remove') {
          onSale = onSale.filter((e) => e.partId !== 1);
          published = false;
        } else {
          // As the server adds: last, with what the request brings.
          const { discountPercentage = 0, startsOn = null, endsOn = null } = body;
          onSale = [...onSale, carouselEntry(rebajado, { position: 9, discountPercentage, startsOn, endsOn })];
        }
        return answer();
      },
      'PUT /api/admin/carousels/on-sale/order': (_url: URL, init?: RequestInit) => {
        const { partIds } = JSON.parse(String(init?.body)) as { partIds: number[] };
        onSale = partIds.map((id, position) => ({ ...(onSale.find((e) => e.partId === id) as typeof first), position }));
        published = true;
        return answer();
      },
    });
    renderWithApp(<CarouselsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: /Productos Rebajados/ }));
    const entries = await screen.findByRole('list', { name: 'Productos en Productos Rebajados' });
    await userEvent.click(within(entries).getByRole('button', { name: 'Quitar PN-1' }));
    const row = (await screen.findByText(/Se quitó/)).closest('[role="status"]') as HTMLElement;
    expect(row).toHaveTextContent('Se quitó PN-1 de Productos Rebajados.');
    await waitFor(() => expect(within(entries).getByRole('button', { name: 'Quitar PN-4' })).toHaveFocus());

    await userEvent.click(within(row).getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(within(entries).getByRole('button', { name: 'Quitar PN-1' })).toHaveFocus());
    await waitFor(() => expect(order(entries)).toEqual(['1. PN-1', '2. PN-4']));
    const adds = callsTo(fetchMock, 'PUT', '/api/products/carousel/1').map((c) => c.body);
    expect(adds).toEqual([
      { category: 'on-sale', action: 'remove' },
      { category: 'on-sale', action: 'add', discountPercentage: 12.5, startsOn: '2025-06-01', endsOn: '2025-06-30' },
    ]);
    expect(callsTo(fetchMock, 'PUT', '/api/admin/carousels/on-sale/order')[0]?.body).toEqual({ partIds: [1, 4] });
    expect(screen.getByLabelText('Descuento (%) de PN-1')).toHaveValue(12.5);
    expect(screen.getByLabelText('Desde', { selector: '[aria-label="Fechas de la oferta de PN-1"] input' })).toHaveValue('2025-06-01');
    expect(screen.queryByText(/Se quitó/)).not.toBeInTheDocument();
    expect(await screen.findByText(/Los carruseles publicados están al día/)).toBeInTheDocument();
  });

  it('puts the last entry back without reordering, and keeps the offer when that is refused', async () => {
    let featured = [carouselEntry(destacado), carouselEntry(otro, { position: 1 })];
    let refuse = true;
    const answer = () => json({ ...draft, featured });
    const fetchMock = api({
      'GET /api/admin/carousels': answer,
      'PUT /api/products/carousel/4': (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { action: string };
        if (body.action === 'remove') featured = featured.filter((e) => e.partId !== 4);
        else if (refuse) return errorResponse(409, 'CONFLICT', 'El producto ya está en ese carrusel');
        else featured = [...featured, carouselEntry(otro, { position: 1 })];
        return answer();
      },
    });
    renderWithApp(<CarouselsTab />);
    const entries = await screen.findByRole('list', { name: 'Productos en Productos Destacados' });
    await userEvent.click(within(entries).getByRole('button', { name: 'Quitar PN-4' }));
    const undo = await screen.findByRole('button', { name: 'Deshacer' });
    undo.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(/No se pudo actualizar el producto/)).toBeInTheDocument();
    expect(undo).toHaveFocus();
    expect(undo).not.toHaveAttribute('aria-busy');

    refuse = false;
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(entries).getByRole('button', { name: 'Quitar PN-4' })).toHaveFocus());
    expect(order(entries)).toEqual(['1. PN-2', '2. PN-4']);
    expect(callsTo(fetchMock, 'PUT', '/api/products/carousel/4').at(-1)?.body).toEqual({ category: 'featured', action: 'add' });
    expect(callsTo(fetchMock, 'PUT', '/api/admin/carousels/featured/order')).toHaveLength(0);
  });

  it('toasts a failed discount update, with the server’s reason when it refused the request', async () => {
    let answer = errorResponse(500, 'INTERNAL', 'x');
    api({ 'PUT /api/products/carousel/1': () => answer });
    renderWithApp(<CarouselsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: /Productos Rebajados/ }));
    const input = await screen.findByLabelText('Descuento (%) de PN-1');
    await userEvent.clear(input);
    await userEvent.type(input, '30{Enter}');
    expect(await screen.findByText('No se pudo actualizar el descuento')).toBeInTheDocument();
    expect(input).toHaveValue(10);

    answer = errorResponse(404, 'NOT_FOUND', 'El producto no está en ese carrusel');
    await userEvent.clear(input);
    await userEvent.type(input, '40{Enter}');
    expect(await screen.findByText('No se pudo actualizar el descuento. El producto no está en ese carrusel')).toBeInTheDocument();
  });

  it('sets, checks and shows the days of an offer', async () => {
    const dated = carouselEntry(rebajado, { discountPercentage: 10, startsOn: '2025-07-01', endsOn: '2025-07-31' });
    const fetchMock = api({
      'PUT /api/products/carousel/1': () => json({ ...draft, 'on-sale': [dated], hasUnpublishedChanges: true }),
    });
    renderWithApp(<CarouselsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: /Productos Rebajados/ }));
    const form = await screen.findByRole('form', { name: 'Fechas de la oferta de PN-1' });
    expect(within(form).getByText('Vigente')).toBeInTheDocument();
    expect(within(form).getByText('Sin fechas: se muestra siempre')).toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Guardar fechas de PN-1' });
    expect(save).toHaveAttribute('aria-disabled', 'true');

    fireEvent.change(within(form).getByLabelText('Desde'), { target: { value: '2025-07-31' } });
    fireEvent.change(within(form).getByLabelText('Hasta'), { target: { value: '2025-07-01' } });
    await userEvent.click(save);
    expect(within(form).getByRole('alert')).toHaveTextContent('La fecha de fin de la oferta no puede ser anterior a la de inicio.');
    expect(callsTo(fetchMock, 'PUT', '/api/products/carousel/1')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Desde'), { target: { value: '2025-07-01' } });
    fireEvent.change(within(form).getByLabelText('Hasta'), { target: { value: '2025-07-31' } });
    await userEvent.click(save);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/products/carousel/1')[0]?.body).toEqual({
        category: 'on-sale',
        action: 'update-dates',
        startsOn: '2025-07-01',
        endsOn: '2025-07-31',
      }),
    );
    // Today is 2025-06-15 in the fixture's draft: the offer is scheduled.
    const updated = await screen.findByRole('form', { name: 'Fechas de la oferta de PN-1' });
    expect(await within(updated).findByText('Programada')).toBeInTheDocument();
    expect(within(updated).getByText('Del 01/07/2025 al 31/07/2025')).toBeInTheDocument();
  });

  it('reorders with the arrow buttons at once, and puts the order back when the server refuses', async () => {
    let answer = json({
      ...draft,
      featured: [carouselEntry(otro), carouselEntry(destacado, { position: 1 })],
      hasUnpublishedChanges: true,
    });
    const fetchMock = api({ 'PUT /api/admin/carousels/featured/order': () => answer });
    renderWithApp(<CarouselsTab />);
    const members = await screen.findByRole('list', { name: 'Productos en Productos Destacados' });
    expect(order(members)).toEqual(['1. PN-2', '2. PN-4']);
    expect(screen.getByRole('button', { name: 'Subir PN-2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mover PN-2 (posición 1 de 2)' })).toHaveAttribute('aria-roledescription', 'sortable');

    await userEvent.click(screen.getByRole('button', { name: 'Bajar PN-2' }));
    await waitFor(() => expect(order(members)).toEqual(['1. PN-4', '2. PN-2']));
    expect(callsTo(fetchMock, 'PUT', '/api/admin/carousels/featured/order')[0]?.body).toEqual({ partIds: [4, 2] });
    expect(await screen.findByText(/Hay cambios sin guardar/)).toBeInTheDocument();

    answer = errorResponse(400, 'VALIDATION', 'El orden no coincide con los productos del carrusel.');
    await userEvent.click(screen.getByRole('button', { name: 'Subir PN-2' }));
    expect(
      await screen.findByText('No se pudo cambiar el orden. El orden no coincide con los productos del carrusel.'),
    ).toBeInTheDocument();
    expect(order(members)).toEqual(['1. PN-4', '2. PN-2']);
  });

  it('adds from the first 50 candidates not in the collection, removes, and publishes', async () => {
    const fetchMock = api({
      'PUT /api/products/carousel/3': () =>
        json({ ...draft, featured: [...draft.featured, carouselEntry(candidato, { position: 2 })], hasUnpublishedChanges: true }),
      'PUT /api/products/carousel/2': () => errorResponse(500, 'INTERNAL', 'x'),
      'POST /api/carousel/save': { message: 'Cambios guardados' },
    });
    renderWithApp(<CarouselsTab />);
    expect(await screen.findByText(/Los carruseles publicados están al día/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toHaveAttribute('aria-disabled', 'true');

    const candidates = await screen.findByRole('list', { name: 'Productos para agregar a Productos Destacados' });
    const params = callsTo(fetchMock, 'GET', '/api/admin/parts')[0]?.url.searchParams;
    expect(params?.get('limit')).toBe('50');
    expect(params?.get('excludeCollection')).toBe('featured');
    await userEvent.click(within(candidates).getByRole('button', { name: 'Agregar PN-3' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/products/carousel/3')[0]?.body).toEqual({ category: 'featured', action: 'add' }),
    );
    const members = screen.getByRole('list', { name: 'Productos en Productos Destacados' });
    expect(await within(members).findByRole('listitem', { name: '3. PN-3' })).toBeInTheDocument();

    await userEvent.click(within(members).getByRole('button', { name: 'Quitar PN-2' }));
    expect(await screen.findByText('No se pudo actualizar el producto')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/carousel/save')).toHaveLength(1));
  });

  it('keeps the focus where the keyboard was once a discount, the days or a move are saved, and once published', async () => {
    let onSale = [carouselEntry(rebajado, { discountPercentage: 10 })];
    let featured = draft.featured;
    let dirty = false;
    const answer = () => json({ ...draft, featured, 'on-sale': onSale, hasUnpublishedChanges: dirty });
    api({
      'GET /api/admin/carousels': answer,
      'PUT /api/products/carousel/1': (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { discountPercentage?: number; endsOn?: string };
        const before = onSale[0];
        onSale = [
          carouselEntry(rebajado, {
            discountPercentage: body.discountPercentage ?? before?.discountPercentage ?? 10,
            endsOn: body.endsOn ?? before?.endsOn ?? null,
          }),
        ];
        dirty = true;
        return answer();
      },
      'PUT /api/admin/carousels/featured/order': () => {
        featured = [carouselEntry(otro), carouselEntry(destacado, { position: 1 })];
        dirty = true;
        return answer();
      },
      'POST /api/carousel/save': () => {
        dirty = false;
        return json({ message: 'Cambios guardados' });
      },
    });
    renderWithApp(<CarouselsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: /Productos Rebajados/ }));
    const input = await screen.findByLabelText('Descuento (%) de PN-1');
    await userEvent.clear(input);
    await userEvent.type(input, '25{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Descuento (%) de PN-1')).toHaveValue(25));
    expect(screen.getByLabelText('Descuento (%) de PN-1')).toHaveFocus();

    const form = screen.getByRole('form', { name: 'Fechas de la oferta de PN-1' });
    fireEvent.change(within(form).getByLabelText('Hasta'), { target: { value: '2025-07-31' } });
    const saveDays = within(form).getByRole('button', { name: 'Guardar fechas de PN-1' });
    await userEvent.click(saveDays);
    expect(await screen.findByText('Hasta el 31/07/2025')).toBeInTheDocument();
    const savedDays = screen.getByRole('button', { name: 'Guardar fechas de PN-1' });
    expect(savedDays).toHaveFocus();
    expect(savedDays).toHaveAttribute('aria-disabled', 'true');

    // Moved to the top, "Subir" is off: "Bajar" takes the focus.
    await userEvent.click(screen.getByRole('tab', { name: /Productos Destacados/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Subir PN-4' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subir PN-4' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Bajar PN-4' })).toHaveFocus();

    // Published, "Guardar Cambios" keeps the focus and says there is nothing left to save.
    const publish = screen.getByRole('button', { name: 'Guardar Cambios' });
    await userEvent.click(publish);
    expect(await screen.findByText(/Los carruseles publicados están al día/)).toBeInTheDocument();
    expect(publish).toHaveFocus();
    expect(publish).not.toBeDisabled();
    expect(publish).toHaveAttribute('aria-disabled', 'true');
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
