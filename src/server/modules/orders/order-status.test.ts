/**
 * A pedido's status changes (docs/product.md §16.5) over HTTP on PGlite and, with DATABASE_URL,
 * PostgreSQL: only what `allowedNextStatuses` allows, 409 naming both statuses otherwise, nothing
 * written by a refusal, and two admins at once never both passing the check on a stale status.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS_TEXTS, ORDER_STATUSES, type Order, type OrderStatus, allowedNextStatuses } from '../../../shared/orders.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog, orderStatusHistory, orders } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { createUser, loginCookie } from '../../test/factories.ts';

type ErrorBody = { error: { code: string; message: string } };

/** The app, an admin's and a customer's cookies, and a way to make a pedido in a given status. */
function setUp(engine: Parameters<typeof buildTestApp>[0]) {
  const ctx = { t: undefined as unknown as TestApp, admin: '', admin2: '', client: '', clientId: 0 };
  beforeAll(async () => {
    ctx.t = await buildTestApp(engine);
    const db = ctx.t.database.db;
    ctx.admin = await loginCookie(ctx.t.app, await createUser(db, { profileType: 'admin' }), 'admin');
    ctx.admin2 = await loginCookie(ctx.t.app, await createUser(db, { profileType: 'admin' }), 'admin');
    const client = await createUser(db, { profileType: 'client' });
    ctx.clientId = client.id;
    ctx.client = await loginCookie(ctx.t.app, client, 'client');
  });
  afterAll(async () => {
    await ctx.t?.close();
  });
  const patch = (id: number, payload: Record<string, unknown>, cookie = ctx.admin) =>
    ctx.t.app.inject({ method: 'PATCH', url: `/api/admin/orders/${id}/status`, headers: { cookie }, payload } as InjectOptions);
  /** A customer's pedido (no lines), its status set behind the API's back as a starting point. */
  const orderIn = async (status: OrderStatus): Promise<number> => {
    const [row] = await ctx.t.database.db
      .insert(orders)
      .values({
        userId: ctx.clientId,
        status,
        customerName: 'Cliente de prueba',
        priceList: 1,
        total: '0.00',
        lineCount: 0,
        unitCount: 0,
        unpricedCount: 0,
      })
      .returning({ id: orders.id });
    return row?.id as number;
  };
  return { ctx, patch, orderIn };
}

describe.each(testEngines())('pedido status changes on %s', (engine) => {
  const { ctx, patch, orderIn } = setUp(engine);

  it('allows exactly the changes of allowedNextStatuses and answers any other with 409 naming both statuses', async () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const id = await orderIn(from);
        const response = await patch(id, { status: to, note: 'prueba' });
        const label = `${from} → ${to}`;
        if (allowedNextStatuses(from).includes(to)) {
          expect(response.statusCode, label).toBe(200);
          expect((response.json() as Order).status, label).toBe(to);
        } else {
          expect(response.statusCode, label).toBe(409);
          expect(response.json(), label).toEqual({
            error: {
              code: 'CONFLICT',
              message: from === to ? ORDER_STATUS_TEXTS.already(to) : ORDER_STATUS_TEXTS.refused(from, to),
            },
          });
        }
      }
    }
    const id = await orderIn('delivered');
    expect(((await patch(id, { status: 'received' })).json() as ErrorBody).error.message).toBe(
      'Un pedido Entregado no puede pasar a Recibido',
    );
  });

  it('corrects a slip one step back, in the history; a refused change writes nothing the customer or the audit sees', async () => {
    const db = ctx.t.database.db;
    const id = await orderIn('received');
    expect((await patch(id, { status: 'shipped', note: 'Salió con el flete' })).statusCode).toBe(200);
    expect((await patch(id, { status: 'preparing', note: 'Error: todavía no salió' })).statusCode).toBe(200);
    expect((await patch(id, { status: 'cancelled', note: 'Lo pidió el cliente' })).statusCode).toBe(200);
    const audits = async () =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(id))));
    const audited = (await audits()).length;
    expect(audited).toBe(3);

    for (const status of ['delivered', 'received', 'preparing', 'cancelled'] as const) {
      const refused = await patch(id, { status, note: 'no debería quedar' });
      expect(refused.statusCode, status).toBe(409);
    }
    expect(((await patch(id, { status: 'delivered' })).json() as ErrorBody).error.message).toBe(
      'Un pedido Cancelado no puede pasar a Entregado',
    );
    expect(((await patch(id, { status: 'cancelled' })).json() as ErrorBody).error.message).toBe('El pedido ya está en estado Cancelado');

    const seen = (await ctx.t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: { cookie: ctx.client } })).json() as Order;
    expect(seen.status).toBe('cancelled');
    expect(seen.history.map((h) => [h.status, h.note])).toEqual([
      ['shipped', 'Salió con el flete'],
      ['preparing', 'Error: todavía no salió'],
      ['cancelled', 'Lo pidió el cliente'],
    ]);
    expect(await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).toHaveLength(3);
    expect(await audits()).toHaveLength(audited);
  });

  it('lets only one of two admins changing the same pedido at once set a final status', async () => {
    const id = await orderIn('shipped');
    const answers = await Promise.all([patch(id, { status: 'delivered' }, ctx.admin), patch(id, { status: 'cancelled' }, ctx.admin2)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [won, lost] = answers[0]?.statusCode === 200 ? answers : [...answers].reverse();
    const winner = (won?.json() as Order | undefined)?.status;
    const loser = lost?.json() as ErrorBody;
    const other = winner === 'delivered' ? 'cancelled' : 'delivered';
    expect(loser.error.message).toBe(ORDER_STATUS_TEXTS.refused(winner ?? 'received', other));
    const [row] = await ctx.t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe(winner);
    expect(await ctx.t.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).toHaveLength(1);
  });
});

// A change waiting while another transaction holds the pedido needs a second connection: PostgreSQL only.
describe.each(testEngines().filter((engine) => engine === 'postgres'))('a pedido status change behind another on %s', (engine) => {
  const { ctx, patch, orderIn } = setUp(engine);

  /** Resolves once a backend of this database waits for a lock (asked again after each answer). */
  async function someoneWaits(): Promise<void> {
    for (;;) {
      const [row] = await queryRows<{ n: number }>(
        ctx.t.database.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (Number(row?.n) > 0) return;
    }
  }

  it('checks a change against the status another admin is writing, not the one it read before', async () => {
    const db = ctx.t.database.db;
    const id = await orderIn('shipped');
    let waiting: ReturnType<typeof patch> | undefined;
    // Another admin's change holds the pedido: "Enviado" → "Cancelado", not yet committed.
    await db.transaction(async (tx) => {
      await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, id));
      waiting = patch(id, { status: 'delivered' });
      await someoneWaits();
    });
    const answer = await (waiting as ReturnType<typeof patch>);
    expect(answer.statusCode).toBe(409);
    expect((answer.json() as ErrorBody).error.message).toBe('Un pedido Cancelado no puede pasar a Entregado');
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('cancelled');
  });
});
