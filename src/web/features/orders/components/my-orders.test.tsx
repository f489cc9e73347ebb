import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anonymousSession, signedInSession } from '../../../test/fixtures.ts';
import { json, mockApi, pending, renderWithApp } from '../../../test/render.tsx';
import { cartLine, cartOf, order, orderSummary } from '../test-fixtures.ts';
import { MyOrders } from './my-orders.tsx';

describe('Mis pedidos', () => {
  it('lists the pedidos with their status, shows a detail with its history and repeats it', async () => {
    const shipped = order({
      status: 'shipped',
      note: 'Urgente',
      history: [
        { status: 'received', note: null, at: '2026-03-10T15:30:00.000Z' },
        { status: 'shipped', note: 'Despachado por Andreani', at: '2026-03-11T12:00:00.000Z' },
      ],
    });
    const fetchMock = mockApi({
      'GET /api/user/session': signedInSession('client'),
      'GET /api/orders': { orders: [orderSummary({ status: 'shipped' })], total: 1, page: 1, limit: 20 },
      'GET /api/orders/42': shipped,
      'POST /api/orders/42/repeat': () => json(cartOf([cartLine({ partId: 1, quantity: 2 })])),
    });
    renderWithApp(<MyOrders />);
    expect(await screen.findByText('P-000042')).toBeInTheDocument();
    expect(screen.getByText('Enviado')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ver detalle del pedido P-000042' }));
    const table = await screen.findByRole('table', { name: 'Repuestos del pedido P-000042' });
    expect(within(table).getByRole('cell', { name: 'Caja x 10' })).toBeInTheDocument();
    expect(within(table).getAllByText('Consultar Precio')).toHaveLength(2);
    expect(screen.getByText('Despachado por Andreani')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', '/api/orders/42/pdf');

    await userEvent.click(screen.getByRole('button', { name: 'Repetir pedido' }));
    expect(await screen.findByText('Los repuestos del pedido volvieron a Mi pedido con los precios de hoy.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/orders/42/repeat' && init?.method === 'POST')).toBe(true);
  });

  it('totals a pedido of only "Consultar Precio" lines as "A consultar", a mixed one as "$ X + N a consultar"', async () => {
    const unpriced = { total: '0.00', lineCount: 1, unitCount: 2, unpricedCount: 1 };
    mockApi({
      'GET /api/user/session': signedInSession('client'),
      'GET /api/orders': {
        orders: [orderSummary({ id: 43, number: 'P-000043', totals: unpriced }), orderSummary()],
        total: 2,
        page: 1,
        limit: 20,
      },
    });
    renderWithApp(<MyOrders />);
    expect(await screen.findByText('P-000043')).toBeInTheDocument();
    expect(screen.getByText('A consultar (1 repuesto)')).toBeInTheDocument();
    expect(screen.queryAllByText(/\$\s0,00/)).toHaveLength(0);
    expect(screen.getByText('+ 1 a consultar')).toBeInTheDocument();
  });

  it('shows loading, empty and guest states', async () => {
    mockApi({ 'GET /api/user/session': signedInSession('distributor'), 'GET /api/orders': () => pending() });
    const { unmount } = renderWithApp(<MyOrders />);
    expect(await screen.findByText('Cargando pedidos...')).toBeInTheDocument();
    unmount();

    mockApi({ 'GET /api/user/session': signedInSession('distributor'), 'GET /api/orders': { orders: [], total: 0, page: 1, limit: 20 } });
    const second = renderWithApp(<MyOrders />);
    expect(await screen.findByText('Todavía no envió pedidos.')).toBeInTheDocument();
    second.unmount();

    mockApi({ 'GET /api/user/session': anonymousSession });
    renderWithApp(<MyOrders />);
    expect(await screen.findByText(/Ingrese con su cuenta de cliente o distribuidor/)).toBeInTheDocument();
  });
});
