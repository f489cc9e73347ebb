/** Builders of the pedidos contract's answers for the web tests. */
import type { Cart, CartLine, Order, OrderSummary } from '../../../shared/orders.ts';
import { lineTotal } from '../../../shared/pricing.ts';

/** A priced cart line (unit price "1000.00" unless told). */
export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  const partId = overrides.partId ?? 1;
  const quantity = overrides.quantity ?? 1;
  const unitPrice = overrides.unitPrice === undefined ? '1000.00' : overrides.unitPrice;
  return {
    partId,
    partNumber: `PN-${partId}`,
    description: `Filtro de aceite ${partId}`,
    brand: null,
    salesUnit: '1 unidad',
    imageUrl: null,
    stockLevel: 'En Stock',
    quantity,
    unitPrice,
    subtotal: unitPrice === null ? null : lineTotal(unitPrice, quantity),
    ...overrides,
  };
}

/** A cart answer for these lines, its totals computed as the server does (cents). */
export function cartOf(lines: CartLine[], overrides: Partial<Cart> = {}): Cart {
  let cents = 0;
  for (const line of lines) if (line.subtotal) cents += Math.round(Number(line.subtotal) * 100);
  return {
    lines,
    unavailable: [],
    totals: {
      total: (cents / 100).toFixed(2),
      lineCount: lines.length,
      unitCount: lines.reduce((n, l) => n + l.quantity, 0),
      unpricedCount: lines.filter((l) => l.unitPrice === null).length,
    },
    pricesChanged: lines.some((l) => l.previousUnitPrice !== undefined),
    ...overrides,
  };
}

/** A sent pedido. */
export function order(overrides: Partial<Order> = {}): Order {
  const lines = [
    {
      partId: 1,
      partNumber: 'PN-1',
      description: 'Filtro de aceite 1',
      salesUnit: '1 unidad',
      quantity: 2,
      unitPrice: '1000.00',
      subtotal: '2000.00',
    },
    { partId: 2, partNumber: 'PN-2', description: 'Junta', salesUnit: 'Caja x 10', quantity: 1, unitPrice: null, subtotal: null },
  ];
  return {
    id: 42,
    number: 'P-000042',
    createdAt: '2026-03-10T15:30:00.000Z',
    status: 'received',
    isGuest: false,
    customer: {
      name: 'Taller Sur',
      company: 'Taller Sur SRL',
      clientCode: 'C-77',
      phone: null,
      email: 'taller@example.com',
      username: 'taller',
    },
    lines,
    totals: { total: '2000.00', lineCount: 2, unitCount: 3, unpricedCount: 1 },
    note: null,
    history: [{ status: 'received', note: null, at: '2026-03-10T15:30:00.000Z' }],
    ...overrides,
  };
}

/** A pedido in a list. */
export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const full = order();
  return {
    id: full.id,
    number: full.number,
    createdAt: full.createdAt,
    status: full.status,
    isGuest: false,
    customerName: 'Taller Sur',
    company: 'Taller Sur SRL',
    clientCode: 'C-77',
    totals: full.totals,
    ...overrides,
  };
}
