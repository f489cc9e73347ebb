import { describe, expect, it } from 'vitest';
import { allUnpriced, type Order, orderAsText, unpricedTotalText } from './orders.ts';

const money = (amount: string | null) => (amount === null ? 'Consultar Precio' : `$ ${amount}`);

function orderWith(totals: Order['totals']): Order {
  return {
    id: 42,
    number: 'P-000042',
    createdAt: '2026-03-10T15:30:00.000Z',
    status: 'received',
    isGuest: false,
    customer: { name: 'Taller Sur', company: null, clientCode: null, phone: null, email: null, username: 'taller' },
    lines: [{ partId: 2, partNumber: 'PN-2', description: 'Junta', salesUnit: '1 unidad', quantity: 1, unitPrice: null, subtotal: null }],
    totals,
    note: null,
    history: [{ status: 'received', note: null, at: '2026-03-10T15:30:00.000Z' }],
  };
}

describe('a pedido total with "Consultar Precio" lines (docs/product.md §16.1)', () => {
  it('is no amount when no line has a price: only "A consultar" with the count', () => {
    const one = { total: '0.00', lineCount: 1, unitCount: 3, unpricedCount: 1 };
    const three = { total: '0.00', lineCount: 3, unitCount: 3, unpricedCount: 3 };
    expect(allUnpriced(one)).toBe(true);
    expect(unpricedTotalText(one)).toBe('A consultar (1 repuesto)');
    expect(unpricedTotalText(three)).toBe('A consultar (3 repuestos)');
  });

  it('is the priced amount, the lines without a price apart, when some line has one', () => {
    const mixed = { total: '2000.00', lineCount: 2, unitCount: 3, unpricedCount: 1 };
    expect(allUnpriced(mixed)).toBe(false);
    expect(allUnpriced({ ...mixed, unpricedCount: 0 })).toBe(false);
    // An empty pedido is $ 0,00, not "a consultar".
    expect(allUnpriced({ total: '0.00', lineCount: 0, unitCount: 0, unpricedCount: 0 })).toBe(false);
  });

  it('writes the WhatsApp and e-mail text the same way', () => {
    const text = orderAsText(orderWith({ total: '0.00', lineCount: 1, unitCount: 1, unpricedCount: 1 }), money);
    expect(text).toContain('Total: A consultar (1 repuesto)');
    expect(text).not.toContain('$ 0.00');
    const mixed = orderAsText(orderWith({ total: '2000.00', lineCount: 2, unitCount: 3, unpricedCount: 1 }), money);
    expect(mixed).toContain('Total: $ 2000.00\n(1 sin precio: Consultar Precio)');
  });
});
