/**
 * Pedidos (issue 19): a signed-in user's stored cart, sending a pedido (guest or customer, priced by
 * the server at that moment, idempotent per `Idempotency-Key`), the customer's own pedidos, and
 * the admin's list, counts and status changes (audited). Every multi-table write is one transaction.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type SQL, and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import {
  type AdminOrdersQuery,
  type Cart,
  type CartLineChange,
  type CartLineInput,
  MAX_ORDER_LINES,
  MAX_QUANTITY,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TEXTS,
  ORDER_TEXTS,
  type Order,
  type OrderBody,
  type OrderStatus,
  type OrderSummary,
  allowedNextStatuses,
  formatOrderNumber,
} from '../../../shared/orders.ts';
import type { Db, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { cartLines, orderLines, orderStatusHistory, orders, users } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { Viewer } from '../auth/viewer.ts';
import { type CatalogueReader, databaseReader } from '../catalogue/service.ts';
import { type LineRequest, type PricedLines, partNumbers, priceLines } from './pricing.ts';

type OrderRow = typeof orders.$inferSelect;

/** Argentina's offset from UTC (no daylight saving since 2009): the admin's date filters are local days. */
const ARGENTINA_OFFSET = '-03:00';

function requireUserId(viewer: Viewer): number {
  if (!viewer.userId) throw new AppError('UNAUTHENTICATED', 'Debe iniciar sesión');
  return viewer.userId;
}

function cartOf(priced: PricedLines): Cart {
  return { lines: priced.lines, unavailable: priced.unavailable, totals: priced.totals, pricesChanged: priced.pricesChanged };
}

/** The stored cart lines of a user, oldest first. */
async function storedLines(db: Executor, userId: number) {
  return db
    .select({
      partId: cartLines.partId,
      quantity: cartLines.quantity,
      unitPriceAtAdd: cartLines.unitPriceAtAdd,
      createdAt: cartLines.createdAt,
    })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.partId));
}

/**
 * A signed-in user's stored cart, priced now at the viewer's list. Lines whose part is no longer
 * orderable are reported in `unavailable` (with their code: the user added them) and kept until
 * the next write.
 */
export async function getCart(reader: CatalogueReader, viewer: Viewer): Promise<Cart> {
  const userId = requireUserId(viewer);
  const stored = await storedLines(reader.db, userId);
  const requests = stored.map((l) => ({ partId: l.partId, quantity: l.quantity, seenUnitPrice: l.unitPriceAtAdd }));
  const first = await priceLines(reader, viewer, requests);
  if (!first.unavailable.length) return cartOf(first);
  const codes = await partNumbers(
    reader.db,
    first.unavailable.map((u) => u.partId),
  );
  return cartOf({ ...first, unavailable: first.unavailable.map((u) => ({ ...u, partNumber: codes.get(u.partId) ?? null })) });
}

/**
 * Replaces (`mode: 'replace'`) or adds to (`'add'`: quantities of a part already there are summed,
 * capped at 9,999) a signed-in user's stored cart, in one transaction, and answers it priced.
 * Lines of parts that are not orderable are not stored and are reported in `unavailable`. The
 * price each line had when added is kept; a line whose `seenUnitPrice` is given takes that one
 * (the client acknowledged it), a new line the current price. New lines go after the stored ones,
 * in the request's order.
 * @throws AppError VALIDATION when the cart would pass {@link MAX_ORDER_LINES} lines.
 */
export async function writeCart(
  db: Db,
  reader: CatalogueReader,
  viewer: Viewer,
  input: readonly CartLineInput[],
  mode: 'replace' | 'add',
): Promise<Cart> {
  const userId = requireUserId(viewer);
  await db.transaction(async (tx) => {
    // One writer per user's cart at a time: two devices adding at once must not lose a line.
    await tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK}, ${userId})`);
    const stored = await storedLines(tx, userId);
    const before = new Map(stored.map((l) => [l.partId, l]));
    const merged = new Map<number, LineRequest>();
    if (mode === 'add') for (const l of stored) merged.set(l.partId, { partId: l.partId, quantity: l.quantity });
    for (const l of input) {
      const quantity = mode === 'add' ? Math.min(MAX_QUANTITY, (merged.get(l.partId)?.quantity ?? 0) + l.quantity) : l.quantity;
      merged.set(l.partId, { partId: l.partId, quantity, seenUnitPrice: l.seenUnitPrice });
    }
    if (merged.size > MAX_ORDER_LINES) throw badRequest(ORDER_TEXTS.tooManyLines);
    // Priced inside the transaction (PGlite has one connection: a read outside it would wait for it).
    const priced = await priceLines(databaseReader(tx, reader.settings), viewer, [...merged.values()]);
    await tx.delete(cartLines).where(eq(cartLines.userId, userId));
    if (priced.lines.length) {
      const now = new Date();
      await tx.insert(cartLines).values(
        priced.lines.map((line, position) => {
          const previous = before.get(line.partId);
          const seen = merged.get(line.partId)?.seenUnitPrice;
          return {
            userId,
            partId: line.partId,
            quantity: line.quantity,
            unitPriceAtAdd: seen !== undefined ? seen : previous ? previous.unitPriceAtAdd : line.unitPrice,
            // Keep a line's place: the time it was first added. New lines follow the request's
            // order, a millisecond apart and none after `now` (the cart reads oldest first; a
            // later add must come after them), so a replace that puts the emptied lines back
            // ("Vaciar pedido" undone) shows them as they were.
            createdAt: previous ? previous.createdAt : new Date(now.getTime() - (priced.lines.length - 1 - position)),
            updatedAt: now,
          };
        }),
      );
    }
  });
  return getCart(reader, viewer);
}

/** Advisory-lock class of a user's cart writes (the second key is the user id). */
const CART_LOCK = 19_001;

/**
 * Changes one line of a signed-in user's stored cart under the cart's lock (docs/product.md §16.7):
 * `{quantity}` sets it, `{delta}` adds to the quantity stored when the change runs (kept within
 * 1–9,999), `'remove'` takes the line out (none there is no error). The other lines are left as
 * they are, so two devices editing at once never overwrite each other; the line keeps its place
 * and the price it was added at. Answers the cart priced now.
 * @throws AppError NOT_FOUND {@link ORDER_TEXTS.lineNotInCart} when a change names a part the cart
 *   does not hold (another device removed or sent it); VALIDATION {@link ORDER_TEXTS.unavailable}
 *   when its part can no longer be ordered.
 */
export async function changeCartLine(
  db: Db,
  reader: CatalogueReader,
  viewer: Viewer,
  partId: number,
  change: CartLineChange | 'remove',
): Promise<Cart> {
  const userId = requireUserId(viewer);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK}, ${userId})`);
    const where = and(eq(cartLines.userId, userId), eq(cartLines.partId, partId));
    if (change === 'remove') {
      await tx.delete(cartLines).where(where);
      return;
    }
    const [stored] = await tx.select({ quantity: cartLines.quantity }).from(cartLines).where(where);
    if (!stored) throw notFound(ORDER_TEXTS.lineNotInCart);
    const priced = await priceLines(databaseReader(tx, reader.settings), viewer, [{ partId, quantity: stored.quantity }]);
    if (priced.unavailable.length) throw badRequest(ORDER_TEXTS.unavailable);
    const quantity = change.quantity ?? Math.max(MIN_CART_QUANTITY, Math.min(MAX_QUANTITY, stored.quantity + (change.delta ?? 0)));
    await tx.update(cartLines).set({ quantity, updatedAt: new Date() }).where(where);
  });
  return getCart(reader, viewer);
}

/** Fewest units of a cart line ("−" stops there). */
const MIN_CART_QUANTITY = 1;

/** The part ids and quantities of a pedido's lines, to put them back in a cart. */
async function orderLineRequests(db: Executor, orderId: number): Promise<CartLineInput[]> {
  const rows = await db
    .select({ partId: orderLines.partId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  return rows;
}

/**
 * Puts the lines of one of the viewer's own pedidos back into its stored cart at today's prices.
 * @throws AppError NOT_FOUND {@link ORDER_TEXTS.orderNotFound} when the pedido is not the viewer's.
 */
export async function repeatOrder(db: Db, reader: CatalogueReader, viewer: Viewer, id: number): Promise<Cart> {
  const userId = requireUserId(viewer);
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!row) throw notFound(ORDER_TEXTS.orderNotFound);
  // Not the price the pedido had: a repeated line is new to the cart at today's price.
  const lines = (await orderLineRequests(db, id)).map((l) => ({ partId: l.partId, quantity: l.quantity }));
  return writeCart(db, reader, viewer, lines, 'add');
}

/** What a send needs to know about its sender besides the body. */
export interface SendContext {
  /** The `Idempotency-Key` header (1–200 characters), if any. */
  idempotencyKey?: string | undefined;
}

/** The SHA-256 of a send's body (its lines, note, expected total and guest data), in a stable key order. */
function fingerprintOf(body: OrderBody, viewer: Viewer): string {
  const canonical = JSON.stringify({
    lines: body.lines.map((l) => [l.partId, l.quantity]),
    note: body.note ?? null,
    expectedTotal: body.expectedTotal ?? null,
    customer: viewer.userId ? null : (body.customer ?? null),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** The pedido an earlier send with this key created, or undefined. */
async function findByKey(db: Executor, viewer: Viewer, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(sql`coalesce(${orders.userId}, 0) = ${viewer.userId ?? 0}`, eq(orders.idempotencyKey, key)));
  return row;
}

/** The customer data of a signed-in sender: from the account, never from the body. */
async function accountCustomer(db: Executor, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw new AppError('UNAUTHENTICATED', 'Debe iniciar sesión');
  return {
    customerName: u.fullName?.trim() || u.username,
    customerCompany: u.company,
    customerClientCode: u.clientCode,
    customerPhone: u.phone,
    customerEmail: u.email,
    customerUsername: u.username,
  };
}

/**
 * Sends a pedido: prices its lines now at the viewer's list (guests: the guest list), stores it
 * with its lines and its first status (`received`) and, for a signed-in sender, removes the
 * ordered parts from the stored cart, all in one transaction. A signed-in send `fromCart` must
 * hold exactly the stored cart's lines (another tab or device may have changed or sent it).
 * @returns the pedido and whether this call created it (false: a retry with the same
 *   `Idempotency-Key` got the first one back; no mail is sent again).
 * @throws AppError VALIDATION (guest data missing; parts not orderable, named), CONFLICT (the
 *   `expectedTotal` differs from the total now; `fromCart` and the stored cart differs; the key was
 *   used with another body).
 */
export async function sendOrder(
  db: Db,
  reader: CatalogueReader,
  viewer: Viewer,
  body: OrderBody,
  context: SendContext = {},
): Promise<{ order: Order; created: boolean }> {
  const guest = !viewer.userId;
  if (guest && !body.customer) throw badRequest(`${ORDER_TEXTS.nameRequired}. ${ORDER_TEXTS.contactRequired}.`);
  const key = context.idempotencyKey;
  const fingerprint = fingerprintOf(body, viewer);
  const replay = async (row: OrderRow) => {
    if (row.requestFingerprint !== fingerprint) throw new AppError('CONFLICT', ORDER_TEXTS.idempotencyConflict);
    return { order: await presentOrder(db, row, { withToken: true }), created: false };
  };
  if (key) {
    const earlier = await findByKey(db, viewer, key);
    if (earlier) return replay(earlier);
  }
  const priced = await priceLines(reader, viewer, body.lines);
  if (priced.unavailable.length) {
    // Codes only of parts the sender had in its own stored cart; others by id.
    const known = viewer.userId
      ? await partNumbersInCart(
          db,
          viewer.userId,
          priced.unavailable.map((u) => u.partId),
        )
      : new Map<number, string>();
    const names = priced.unavailable.map((u) => known.get(u.partId) ?? `#${u.partId}`).join(', ');
    throw badRequest(ORDER_TEXTS.partsUnavailable(names));
  }
  if (body.expectedTotal !== undefined && body.expectedTotal !== priced.totals.total) {
    throw new AppError('CONFLICT', ORDER_TEXTS.pricesChanged);
  }
  try {
    const sent = await db.transaction(async (tx) => {
      if (viewer.userId) {
        // One writer per user's cart: a send and an edit on another device never interleave.
        await tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK}, ${viewer.userId})`);
        if (key) {
          // The same send twice at once: the second waited for the first, whose pedido it answers.
          const earlier = await findByKey(tx, viewer, key);
          if (earlier) return { replayed: earlier as OrderRow };
        }
        if (body.fromCart && !sameLines(await storedLines(tx, viewer.userId), body.lines)) {
          throw new AppError('CONFLICT', ORDER_TEXTS.cartChanged);
        }
      }
      const customer = viewer.userId
        ? await accountCustomer(tx, viewer.userId)
        : {
            customerName: body.customer?.name ?? '',
            customerCompany: body.customer?.company || null,
            customerClientCode: null,
            customerPhone: body.customer?.phone || null,
            customerEmail: body.customer?.email || null,
            customerUsername: null,
          };
      const [created] = await tx
        .insert(orders)
        .values({
          userId: viewer.userId ?? null,
          ...customer,
          note: body.note || null,
          priceList: priced.priceList,
          total: priced.totals.total,
          lineCount: priced.totals.lineCount,
          unitCount: priced.totals.unitCount,
          unpricedCount: priced.totals.unpricedCount,
          accessToken: guest ? randomBytes(24).toString('base64url') : null,
          idempotencyKey: key ?? null,
          requestFingerprint: fingerprint,
        })
        .returning();
      const order = created as OrderRow;
      await tx.insert(orderLines).values(
        priced.lines.map((l, i) => ({
          orderId: order.id,
          position: i + 1,
          partId: l.partId,
          partNumber: l.partNumber,
          description: l.description,
          salesUnit: l.salesUnit,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          subtotal: l.subtotal,
        })),
      );
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        status: 'received',
        actorId: viewer.userId ?? null,
        actorUsername: viewer.username ?? null,
      });
      if (viewer.userId) {
        await tx.delete(cartLines).where(
          and(
            eq(cartLines.userId, viewer.userId),
            inArray(
              cartLines.partId,
              priced.lines.map((l) => l.partId),
            ),
          ),
        );
      }
      return { created: order };
    });
    if ('replayed' in sent && sent.replayed) return replay(sent.replayed);
    return { order: await presentOrder(db, sent.created, { withToken: true }), created: true };
  } catch (error) {
    // Two sends with one key at once: the second finds the first's pedido.
    if (key && uniqueViolation(error) === 'orders_idempotency_key') {
      const earlier = await findByKey(db, viewer, key);
      if (earlier) return replay(earlier);
    }
    throw error;
  }
}

/** Whether a send's lines are exactly the stored cart's: the same parts with the same quantities. */
function sameLines(stored: readonly { partId: number; quantity: number }[], sent: readonly CartLineInput[]): boolean {
  if (stored.length !== sent.length) return false;
  const quantities = new Map(stored.map((l) => [l.partId, l.quantity]));
  return sent.every((l) => quantities.get(l.partId) === l.quantity);
}

/** Codes of `ids` that are in the user's stored cart. */
async function partNumbersInCart(db: Executor, userId: number, ids: number[]): Promise<Map<number, string>> {
  const inCart = await db
    .select({ partId: cartLines.partId })
    .from(cartLines)
    .where(and(eq(cartLines.userId, userId), inArray(cartLines.partId, ids)));
  return partNumbers(
    db,
    inCart.map((r) => r.partId),
  );
}

/**
 * The API form of a pedido row with its lines and history.
 * @param options.withToken include a guest pedido's access token (only the sender's answers).
 */
export async function presentOrder(db: Executor, row: OrderRow, options: { withToken?: boolean } = {}): Promise<Order> {
  const [lines, history] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.position)),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, row.id)).orderBy(asc(orderStatusHistory.id)),
  ]);
  const order: Order = {
    id: row.id,
    number: formatOrderNumber(row.id),
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    isGuest: row.customerUsername === null && row.accessToken !== null,
    customer: {
      name: row.customerName,
      company: row.customerCompany,
      clientCode: row.customerClientCode,
      phone: row.customerPhone,
      email: row.customerEmail,
      username: row.customerUsername,
    },
    lines: lines.map((l) => ({
      partId: l.partId,
      partNumber: l.partNumber,
      description: l.description,
      salesUnit: l.salesUnit,
      quantity: l.quantity,
      unitPrice: l.unitPrice === null ? null : Number(l.unitPrice).toFixed(2),
      subtotal: l.subtotal,
    })),
    totals: { total: row.total, lineCount: row.lineCount, unitCount: row.unitCount, unpricedCount: row.unpricedCount },
    note: row.note,
    history: history.map((h) => ({ status: h.status, note: h.note, at: h.createdAt.toISOString() })),
  };
  if (options.withToken && row.accessToken && row.userId === null) order.accessToken = row.accessToken;
  return order;
}

/** Constant-time comparison of a guest's token with the stored one. */
function tokenMatches(stored: string | null, given: string | undefined): boolean {
  if (!stored || !given) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A pedido the viewer may see: its own (signed in), any (admin), or a guest pedido whose access
 * token is given. Anything else is not found, whether it exists or not.
 * @throws AppError NOT_FOUND {@link ORDER_TEXTS.orderNotFound}.
 */
export async function getOrder(db: Db, viewer: Viewer, id: number, token?: string): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  const allowed =
    row &&
    (viewer.role === 'admin' || (viewer.userId !== undefined && row.userId === viewer.userId) || tokenMatches(row.accessToken, token));
  if (!row || !allowed) throw notFound(ORDER_TEXTS.orderNotFound);
  return presentOrder(db, row);
}

function summaryOf(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    number: formatOrderNumber(row.id),
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    isGuest: row.userId === null && row.accessToken !== null,
    customerName: row.customerName,
    company: row.customerCompany,
    clientCode: row.customerClientCode,
    totals: { total: row.total, lineCount: row.lineCount, unitCount: row.unitCount, unpricedCount: row.unpricedCount },
  };
}

/** The viewer's own pedidos, newest first, one page. */
export async function listOwnOrders(
  db: Db,
  viewer: Viewer,
  page: number,
  limit: number,
): Promise<{ orders: OrderSummary[]; total: number; page: number; limit: number }> {
  const userId = requireUserId(viewer);
  const where = eq(orders.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { orders: rows.map(summaryOf), total: Number(counted?.n ?? 0), page, limit };
}

/** Escapes LIKE wildcards. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** WHERE of the admin's filters: status, customer text (or pedido number), dates (local days, inclusive). */
function adminConditions(query: Omit<AdminOrdersQuery, 'page' | 'limit'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.customer) {
    const text = query.customer;
    const pattern = `%${likeEscape(text)}%`;
    const byText = or(
      ilike(orders.customerName, pattern),
      ilike(orders.customerCompany, pattern),
      ilike(orders.customerClientCode, pattern),
      ilike(orders.customerEmail, pattern),
      ilike(orders.customerPhone, pattern),
      ilike(orders.customerUsername, pattern),
    ) as SQL;
    const number = /^(?:p-?)?0*(\d{1,9})$/i.exec(text);
    conditions.push(number ? (or(byText, eq(orders.id, Number(number[1]))) as SQL) : byText);
  }
  if (query.from) conditions.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00${ARGENTINA_OFFSET}`)));
  if (query.to) {
    const end = new Date(`${query.to}T00:00:00${ARGENTINA_OFFSET}`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(orders.createdAt, end));
  }
  return conditions;
}

/** Pedidos still `received` (the admin tab's badge). */
export async function countNewOrders(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.status, 'received'));
  return Number(row?.n ?? 0);
}

/** The admin's list: filtered, newest first, one page, with the count of new pedidos. */
export async function listAdminOrders(
  db: Db,
  query: AdminOrdersQuery,
): Promise<{ orders: OrderSummary[]; total: number; page: number; limit: number; newCount: number }> {
  const where = and(...adminConditions(query));
  const [rows, [counted], newCount] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(orders).where(where),
    countNewOrders(db),
  ]);
  return { orders: rows.map(summaryOf), total: Number(counted?.n ?? 0), page: query.page, limit: query.limit, newCount };
}

/** Most pedidos in the admin's Excel export. */
export const MAX_EXPORTED_ORDERS = 10_000;

/** Every pedido of the admin's filters (at most {@link MAX_EXPORTED_ORDERS}), newest first, for the Excel export. */
export async function exportAdminOrders(db: Db, query: Omit<AdminOrdersQuery, 'page' | 'limit'>): Promise<OrderSummary[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(...adminConditions(query)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(MAX_EXPORTED_ORDERS);
  return rows.map(summaryOf);
}

/**
 * Sets a pedido's status with a note (audited), adding it to the pedido's history, when
 * {@link allowedNextStatuses} allows it from the status it has (docs/product.md §16.5). The check
 * and the write run in one transaction with the pedido's row locked, so two admins changing it at
 * once never both pass the check on a stale status: the second one is checked against the first's.
 * @throws AppError NOT_FOUND {@link ORDER_TEXTS.orderNotFound}; CONFLICT {@link ORDER_STATUS_TEXTS.already}
 * (the status it has) or {@link ORDER_STATUS_TEXTS.refused} (a change the rule refuses).
 */
export async function setOrderStatus(db: Db, actor: Actor, id: number, status: OrderStatus, note: string | null): Promise<Order> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!before) throw notFound(ORDER_TEXTS.orderNotFound);
    if (before.status === status) throw new AppError('CONFLICT', ORDER_STATUS_TEXTS.already(status));
    if (!allowedNextStatuses(before.status).includes(status)) {
      throw new AppError('CONFLICT', ORDER_STATUS_TEXTS.refused(before.status, status));
    }
    const [after] = await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id)).returning();
    await tx
      .insert(orderStatusHistory)
      .values({ orderId: id, status, note: note || null, actorId: actor.userId, actorUsername: actor.username });
    await recordAudit(tx, actor, {
      action: 'order.status',
      entity: 'order',
      entityId: id,
      before: { status: before.status },
      after: { status, label: ORDER_STATUS_LABELS[status], note: note || null },
    });
    return after as OrderRow;
  });
  return presentOrder(db, row);
}
