import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_TEXTS, ORDER_STATUSES, type OrderStatus, allowedNextStatuses } from './orders.ts';

describe('allowedNextStatuses (docs/product.md §16.5)', () => {
  it('goes forward (skipping steps), one step back among the first three, cancels before delivery, never leaves a final status', () => {
    const table = Object.fromEntries(ORDER_STATUSES.map((s) => [s, allowedNextStatuses(s)]));
    expect(table).toEqual<Record<OrderStatus, OrderStatus[]>>({
      received: ['preparing', 'shipped', 'delivered', 'cancelled'],
      preparing: ['received', 'shipped', 'delivered', 'cancelled'],
      shipped: ['preparing', 'delivered', 'cancelled'],
      delivered: [],
      cancelled: [],
    });
    for (const s of ORDER_STATUSES) expect(allowedNextStatuses(s)).not.toContain(s);
  });

  it('names both statuses when refusing', () => {
    expect(ORDER_STATUS_TEXTS.refused('delivered', 'received')).toBe('Un pedido Entregado no puede pasar a Recibido');
    expect(ORDER_STATUS_TEXTS.final('cancelled')).toBe('Un pedido Cancelado no puede cambiar de estado.');
  });
});
