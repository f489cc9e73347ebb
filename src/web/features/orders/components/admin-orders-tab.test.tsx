import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../shared/orders.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { order, orderSummary } from '../test-fixtures.ts';
import { AdminOrdersTab } from './admin-orders-tab.tsx';

describe('Pedidos (admin)', () => {
  it('filters the list, opens a pedido and changes its status with a note', async () => {
    let current: Order = order({ isGuest: true, customer: { ...order().customer, phone: '1155550000' } });
    const patches: unknown[] = [];
    const fetchMock = mockApi({
      'GET /api/admin/orders': (url: URL) =>
        json({
          orders: url.searchParams.get('status') === 'cancelled' ? [] : [orderSummary({ status: current.status, isGuest: true })],
          total: 1,
          page: 1,
          limit: 50,
          newCount: current.status === 'received' ? 1 : 0,
        }),
      'GET /api/admin/orders/42': () => json(current),
      'PATCH /api/admin/orders/42/status': (_url: URL, init: RequestInit | undefined) => {
        const body = JSON.parse(String(init?.body));
        patches.push(body);
        current = {
          ...current,
          status: body.status,
          history: [...current.history, { status: body.status, note: body.note, at: '2026-03-11T10:00:00.000Z' }],
        };
        return json(current);
      },
    });
    renderWithApp(<AdminOrdersTab />);
    expect(await screen.findByText('1 pedido; 1 nuevo (Recibido).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar Excel' })).toHaveAttribute('href', '/api/admin/orders/xlsx');

    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'cancelled');
    expect(await screen.findByText('No hay pedidos con estos filtros.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar Excel' })).toHaveAttribute('href', '/api/admin/orders/xlsx?status=cancelled');
    await userEvent.selectOptions(screen.getByLabelText('Estado'), '');
    await userEvent.type(screen.getByLabelText('Cliente o N° de pedido'), 'Taller{Enter}');
    await waitFor(() => {
      const last = fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/admin/orders?')).at(-1);
      expect(new URL(String(last?.[0]), 'http://localhost').searchParams.get('customer')).toBe('Taller');
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Ver pedido P-000042' }));
    const detail = await screen.findByRole('region', { name: 'Detalle del pedido' });
    expect(await within(detail).findByText('1155550000')).toBeInTheDocument();
    expect(within(detail).getByText('Invitado')).toBeInTheDocument();
    const change = within(detail).getByRole('button', { name: 'Cambiar estado' });
    expect(change).toBeDisabled();
    await userEvent.selectOptions(within(detail).getByLabelText('Nuevo estado'), 'preparing');
    await userEvent.type(within(detail).getByLabelText('Nota (opcional)'), 'Armando el pedido');
    await userEvent.click(change);
    expect(await screen.findByText('Estado actualizado')).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'preparing', note: 'Armando el pedido' }]);
    expect(await within(detail).findByText('Armando el pedido')).toBeInTheDocument();
    expect(within(detail).getAllByText('En preparación').length).toBeGreaterThan(0);
  });

  it('closes the detail of a pedido the new filters leave out; one that left them by its own change says so', async () => {
    let current: Order = order();
    mockApi({
      'GET /api/admin/orders': (url: URL) => {
        const status = url.searchParams.get('status');
        const shown = !status || status === current.status;
        return json({
          orders: shown ? [orderSummary({ status: current.status })] : [],
          total: shown ? 1 : 0,
          page: 1,
          limit: 50,
          newCount: 0,
        });
      },
      'GET /api/admin/orders/42': () => json(current),
      'PATCH /api/admin/orders/42/status': (_url: URL, init: RequestInit | undefined) => {
        current = { ...current, status: JSON.parse(String(init?.body)).status };
        return json(current);
      },
    });
    renderWithApp(<AdminOrdersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver pedido P-000042' }));
    expect(await screen.findByRole('region', { name: 'Detalle del pedido' })).toBeInTheDocument();

    // Filtered out: the list says there is none and the detail closes with it.
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'cancelled');
    expect(await screen.findByText('No hay pedidos con estos filtros.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Detalle del pedido' })).not.toBeInTheDocument();

    // Still in the filtered list: it stays open.
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'received');
    await userEvent.click(await screen.findByRole('button', { name: 'Ver pedido P-000042' }));
    expect(await screen.findByRole('region', { name: 'Detalle del pedido' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Estado'), '');
    expect(await screen.findByText('1 pedido; 0 nuevos (Recibido).')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'received');
    expect(await screen.findByRole('button', { name: 'Ver pedido P-000042' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Detalle del pedido' })).toBeInTheDocument();

    // Its own status change takes it out of "Recibido": the detail stays, saying it is outside the filters.
    await userEvent.selectOptions(
      await within(screen.getByRole('region', { name: 'Detalle del pedido' })).findByLabelText('Nuevo estado'),
      'preparing',
    );
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Detalle del pedido' })).getByRole('button', { name: 'Cambiar estado' }),
    );
    expect(await screen.findByText('No hay pedidos con estos filtros.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Detalle del pedido' })).getByText(
        'Este pedido ya no coincide con los filtros de la lista.',
      ),
    ).toBeInTheDocument();
  });

  it('offers only the statuses the rule allows and asks before a final one, which then shows without a control', async () => {
    let current: Order = order({ status: 'shipped' });
    const patches: unknown[] = [];
    mockApi({
      'GET /api/admin/orders': () =>
        json({ orders: [orderSummary({ status: current.status })], total: 1, page: 1, limit: 50, newCount: 0 }),
      'GET /api/admin/orders/42': () => json(current),
      'PATCH /api/admin/orders/42/status': (_url: URL, init: RequestInit | undefined) => {
        const body = JSON.parse(String(init?.body));
        patches.push(body);
        current = { ...current, status: body.status };
        return json(current);
      },
    });
    renderWithApp(<AdminOrdersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver pedido P-000042' }));
    const detail = await screen.findByRole('region', { name: 'Detalle del pedido' });
    const select = await within(detail).findByLabelText('Nuevo estado');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elegir estado', 'En preparación', 'Entregado', 'Cancelado']);
    const change = within(detail).getByRole('button', { name: 'Cambiar estado' });
    expect(change).toBeDisabled();

    // "Volver" sends nothing.
    await userEvent.selectOptions(select, 'cancelled');
    await userEvent.click(change);
    let dialog = await screen.findByRole('dialog', { name: '¿Marcar el pedido como Cancelado?' });
    expect(dialog).toHaveTextContent('Un pedido Cancelado no puede cambiar de estado.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patches).toEqual([]);

    // Confirmed, by keyboard: the pedido is Cancelado and shows no control.
    await userEvent.type(within(detail).getByLabelText('Nota (opcional)'), 'Sin stock');
    change.focus();
    await userEvent.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: '¿Marcar el pedido como Cancelado?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marcar Cancelado' }));
    expect(await screen.findByText('Estado actualizado')).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'cancelled', note: 'Sin stock' }]);
    expect(await within(detail).findByText('Un pedido Cancelado no puede cambiar de estado.')).toBeInTheDocument();
    expect(within(detail).queryByLabelText('Nuevo estado')).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Cambiar estado' })).not.toBeInTheDocument();
    // The control the keyboard was on is gone: the focus stays in the detail, on the status.
    await waitFor(() => expect(detail).toContainElement(document.activeElement as HTMLElement));
  });

  it('sends a non-final status without asking', async () => {
    const patches: unknown[] = [];
    mockApi({
      'GET /api/admin/orders': () => json({ orders: [orderSummary({ status: 'shipped' })], total: 1, page: 1, limit: 50, newCount: 0 }),
      'GET /api/admin/orders/42': () => json(order({ status: 'shipped' })),
      'PATCH /api/admin/orders/42/status': (_url: URL, init: RequestInit | undefined) => {
        patches.push(JSON.parse(String(init?.body)));
        return json(order({ status: 'preparing' }));
      },
    });
    renderWithApp(<AdminOrdersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver pedido P-000042' }));
    const detail = await screen.findByRole('region', { name: 'Detalle del pedido' });
    await userEvent.selectOptions(await within(detail).findByLabelText('Nuevo estado'), 'preparing');
    await userEvent.click(within(detail).getByRole('button', { name: 'Cambiar estado' }));
    expect(await screen.findByText('Estado actualizado')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patches).toEqual([{ status: 'preparing', note: null }]);
  });

  it('shows a delivered pedido’s status without a control', async () => {
    mockApi({
      'GET /api/admin/orders': () => json({ orders: [orderSummary({ status: 'delivered' })], total: 1, page: 1, limit: 50, newCount: 0 }),
      'GET /api/admin/orders/42': () => json(order({ status: 'delivered' })),
    });
    renderWithApp(<AdminOrdersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver pedido P-000042' }));
    const detail = await screen.findByRole('region', { name: 'Detalle del pedido' });
    expect(await within(detail).findByText('Un pedido Entregado no puede cambiar de estado.')).toBeInTheDocument();
    expect(within(detail).queryByRole('form', { name: 'Cambiar estado' })).not.toBeInTheDocument();
  });

  it('says why a change was refused and reloads the pedido another admin changed meanwhile', async () => {
    let current: Order = order({ status: 'received' });
    mockApi({
      'GET /api/admin/orders': () =>
        json({ orders: [orderSummary({ status: current.status })], total: 1, page: 1, limit: 50, newCount: 0 }),
      'GET /api/admin/orders/42': () => json(current),
      'PATCH /api/admin/orders/42/status': () => {
        // Another admin delivered it first.
        current = { ...current, status: 'delivered' };
        return errorResponse(409, 'CONFLICT', 'Un pedido Entregado no puede pasar a En preparación');
      },
    });
    renderWithApp(<AdminOrdersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver pedido P-000042' }));
    const detail = await screen.findByRole('region', { name: 'Detalle del pedido' });
    await userEvent.selectOptions(await within(detail).findByLabelText('Nuevo estado'), 'preparing');
    await userEvent.click(within(detail).getByRole('button', { name: 'Cambiar estado' }));
    expect(await screen.findByText('Un pedido Entregado no puede pasar a En preparación')).toBeInTheDocument();
    expect(await within(detail).findByText('Un pedido Entregado no puede cambiar de estado.')).toBeInTheDocument();
    expect(within(detail).queryByLabelText('Nuevo estado')).not.toBeInTheDocument();
  });

  it('brings the opened pedido into view below a long list', async () => {
    mockApi({
      'GET /api/admin/orders': () => json({ orders: [orderSummary()], total: 1, page: 1, limit: 50, newCount: 0 }),
      'GET /api/admin/orders/42': () => json(order()),
    });
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderWithApp(<AdminOrdersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver pedido P-000042' }));
    const detail = await screen.findByRole('region', { name: 'Detalle del pedido' });
    await waitFor(() => expect(scrolled.mock.contexts).toContain(detail));
  });

  it('says when the admin session expired', async () => {
    mockApi({ 'GET /api/admin/orders': () => errorResponse(401, 'UNAUTHENTICATED', 'Debe iniciar sesión') });
    renderWithApp(<AdminOrdersTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Su sesión de administrador expiró. Vuelva a ingresar.');
  });
});
