/**
 * HTTP routes of pedidos (issue 19; the table of routes is in src/shared/orders.ts): the cart, the
 * quick order, sending, the customer's pedidos with their PDF and Excel, and the admin's list,
 * badge, Excel and status changes. Schemas come from the shared contract; prices are always
 * computed here from the session's price list. Every answer is `private, no-store`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/api.ts';
import {
  adminOrderListSchema,
  adminOrdersQuerySchema,
  cartBodySchema,
  cartLineChangeSchema,
  cartLineParamsSchema,
  cartSchema,
  newOrdersCountSchema,
  orderAccessQuerySchema,
  orderBodySchema,
  orderListSchema,
  orderSchema,
  orderStatusBodySchema,
  ordersQuerySchema,
  quickOrderBodySchema,
  quickOrderResponseSchema,
} from '../../../shared/orders.ts';
import type { AppContext } from '../../context.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin, requireUser } from '../auth/guards.ts';
import type { Mailer } from '../auth/mail.ts';
import { databaseReader } from '../catalogue/service.ts';
import { attachmentHeader, fileDate } from '../export/service.ts';
import { REPLAYED_HEADER, idempotencyHeadersSchema, idempotencyKeyOf } from '../idempotency/service.ts';
import { XLSX_CONTENT_TYPE, orderPdf, orderXlsx, ordersListXlsx } from './documents.ts';
import { sendOrderMails } from './mail.ts';
import { priceLines } from './pricing.ts';
import { resolveQuickOrder } from './quick.ts';
import {
  changeCartLine,
  countNewOrders,
  exportAdminOrders,
  getCart,
  getOrder,
  listAdminOrders,
  listOwnOrders,
  repeatOrder,
  sendOrder,
  setOrderStatus,
  writeCart,
} from './service.ts';

function keyOf(request: FastifyRequest): string {
  return request.viewer.userId ? `user:${request.viewer.userId}` : `ip:${request.ip}`;
}

/**
 * The pedido routes (table in src/shared/orders.ts). Every route is rate limited per account, or
 * per client address for guests, with `config.orderRateLimits` (429 RATE_LIMITED with
 * `Retry-After`); none of them touches the catalogue version, so the catalogue caches stay warm.
 * @param mailer sends the pedido to `SALES_EMAIL` and the customer's copy, after the answer.
 */
export function orderRoutes(ctx: AppContext, mailer: Mailer): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const reader = databaseReader(db, { imageBaseUrl: config.imageBaseUrl });
  const brand = { brandName: config.brandName, tagline: config.tagline };
  return async (app) => {
    const limit = (name: string, max: number, timeWindow: number) =>
      rateLimit(app, { max, timeWindow, keyGenerator: (request) => `orders-${name}:${keyOf(request)}` });
    // Per account, or per client address for guests (config `orderRateLimits`, README "Configuration").
    const limits = config.orderRateLimits;
    const cartLimit = limit('cart', limits.requestsPerMinute, 60_000);
    const quickLimit = limit('quick', limits.quickPerMinute, 60_000);
    const sendLimit = limit('send', limits.sendsPerHour, 3_600_000);
    const downloadLimit = limit('download', limits.downloadsPer10Minutes, 600_000);

    // A pedido, a cart and a guest's token are nobody else's: never kept by a shared cache.
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'private, no-store');
      return payload;
    });

    const download = (reply: FastifyReply, type: string, filename: string, body: Buffer) =>
      reply.header('content-type', type).header('content-disposition', attachmentHeader(filename)).send(body);

    app.get(
      '/api/cart',
      { onRequest: requireUser, preHandler: cartLimit, schema: { tags: ['orders'], response: { 200: cartSchema } } },
      async (request) => getCart(reader, request.viewer),
    );

    app.put(
      '/api/cart',
      {
        onRequest: requireUser,
        preHandler: cartLimit,
        schema: { tags: ['orders'], summary: 'Replace the stored cart', body: cartBodySchema, response: { 200: cartSchema } },
      },
      async (request) => writeCart(db, reader, request.viewer, request.body.lines, 'replace'),
    );

    app.post(
      '/api/cart/lines',
      {
        onRequest: requireUser,
        preHandler: cartLimit,
        schema: { tags: ['orders'], summary: 'Add lines to the stored cart', body: cartBodySchema, response: { 200: cartSchema } },
      },
      async (request) => writeCart(db, reader, request.viewer, request.body.lines, 'add'),
    );

    app.patch(
      '/api/cart/lines/:partId',
      {
        onRequest: requireUser,
        preHandler: cartLimit,
        schema: {
          tags: ['orders'],
          summary: "Change one line's quantity (`quantity`, or `delta` on the stored one) under the cart's lock",
          params: cartLineParamsSchema,
          body: cartLineChangeSchema,
          response: { 200: cartSchema },
        },
      },
      async (request) => changeCartLine(db, reader, request.viewer, request.params.partId, request.body),
    );

    app.delete(
      '/api/cart/lines/:partId',
      {
        onRequest: requireUser,
        preHandler: cartLimit,
        schema: {
          tags: ['orders'],
          summary: 'Remove one line from the stored cart under its lock',
          params: cartLineParamsSchema,
          response: { 200: cartSchema },
        },
      },
      async (request) => changeCartLine(db, reader, request.viewer, request.params.partId, 'remove'),
    );

    app.post(
      '/api/cart/price',
      {
        preHandler: cartLimit,
        schema: {
          tags: ['orders'],
          summary: "Price a browser cart (a guest's) at the viewer's list; nothing is stored",
          body: cartBodySchema,
          response: { 200: cartSchema },
        },
      },
      async (request) => {
        const priced = await priceLines(reader, request.viewer, request.body.lines);
        return { lines: priced.lines, unavailable: priced.unavailable, totals: priced.totals, pricesChanged: priced.pricesChanged };
      },
    );

    app.post(
      '/api/cart/quick',
      {
        preHandler: quickLimit,
        schema: {
          tags: ['orders'],
          summary: 'Quick order from pasted lines',
          body: quickOrderBodySchema,
          response: { 200: quickOrderResponseSchema },
        },
      },
      async (request) => {
        const { added, unmatched } = await resolveQuickOrder(reader, request.viewer, request.body.text);
        if (!request.viewer.userId) return { added, unmatched, cart: null };
        const cart = added.length
          ? await writeCart(
              db,
              reader,
              request.viewer,
              added.map((l) => ({ partId: l.partId, quantity: l.quantity })),
              'add',
            )
          : await getCart(reader, request.viewer);
        return { added, unmatched, cart };
      },
    );

    app.post(
      '/api/orders',
      {
        preHandler: sendLimit,
        schema: {
          tags: ['orders'],
          summary: 'Send a pedido (prices computed now by the server)',
          description: 'Header Idempotency-Key (1–200 characters): a retried send answers the first pedido and creates nothing.',
          headers: idempotencyHeadersSchema,
          body: orderBodySchema,
          response: { 201: orderSchema },
        },
      },
      async (request, reply) => {
        const { order, created } = await sendOrder(db, reader, request.viewer, request.body, { idempotencyKey: idempotencyKeyOf(request) });
        if (created) app.background.run('order mail', () => sendOrderMails(mailer, order, config));
        else reply.header(REPLAYED_HEADER, 'true');
        // The first send mailed the copy (a retry does not mail again, but the copy was sent).
        return reply.status(201).send({ ...order, copyMailed: Boolean(config.smtpUrl && order.customer.email) });
      },
    );

    app.get(
      '/api/orders',
      {
        onRequest: requireUser,
        preHandler: cartLimit,
        schema: { tags: ['orders'], querystring: ordersQuerySchema, response: { 200: orderListSchema } },
      },
      async (request) => listOwnOrders(db, request.viewer, request.query.page, request.query.limit),
    );

    app.get(
      '/api/orders/:id',
      {
        preHandler: cartLimit,
        schema: { tags: ['orders'], params: idParamsSchema, querystring: orderAccessQuerySchema, response: { 200: orderSchema } },
      },
      async (request) => getOrder(db, request.viewer, request.params.id, request.query.token),
    );

    app.get(
      '/api/orders/:id/pdf',
      {
        preHandler: downloadLimit,
        schema: { tags: ['orders'], summary: 'The pedido as a PDF', params: idParamsSchema, querystring: orderAccessQuerySchema },
      },
      async (request, reply) => {
        const order = await getOrder(db, request.viewer, request.params.id, request.query.token);
        return download(reply, 'application/pdf', `pedido-${order.number}.pdf`, await orderPdf(order, brand));
      },
    );

    app.get(
      '/api/orders/:id/xlsx',
      {
        preHandler: downloadLimit,
        schema: { tags: ['orders'], summary: 'The pedido as Excel', params: idParamsSchema, querystring: orderAccessQuerySchema },
      },
      async (request, reply) => {
        const order = await getOrder(db, request.viewer, request.params.id, request.query.token);
        return download(reply, XLSX_CONTENT_TYPE, `pedido-${order.number}.xlsx`, await orderXlsx(order, brand));
      },
    );

    app.post(
      '/api/orders/:id/repeat',
      {
        onRequest: requireUser,
        preHandler: cartLimit,
        schema: { tags: ['orders'], params: idParamsSchema, response: { 200: cartSchema } },
      },
      async (request) => repeatOrder(db, reader, request.viewer, request.params.id),
    );

    app.get(
      '/api/admin/orders',
      {
        onRequest: requireAdmin,
        preHandler: cartLimit,
        schema: { tags: ['orders'], querystring: adminOrdersQuerySchema, response: { 200: adminOrderListSchema } },
      },
      async (request) => listAdminOrders(db, request.query),
    );

    app.get(
      '/api/admin/orders/new-count',
      { onRequest: requireAdmin, preHandler: cartLimit, schema: { tags: ['orders'], response: { 200: newOrdersCountSchema } } },
      async () => ({ newCount: await countNewOrders(db) }),
    );

    app.get(
      '/api/admin/orders/xlsx',
      { onRequest: requireAdmin, preHandler: downloadLimit, schema: { tags: ['orders'], querystring: adminOrdersQuerySchema } },
      async (request, reply) => {
        const now = new Date();
        const list = await exportAdminOrders(db, request.query);
        return download(reply, XLSX_CONTENT_TYPE, `pedidos-${fileDate(now)}.xlsx`, await ordersListXlsx(list, brand, now));
      },
    );

    app.get(
      '/api/admin/orders/:id',
      {
        onRequest: requireAdmin,
        preHandler: cartLimit,
        schema: { tags: ['orders'], params: idParamsSchema, response: { 200: orderSchema } },
      },
      async (request) => getOrder(db, request.viewer, request.params.id),
    );

    app.patch(
      '/api/admin/orders/:id/status',
      {
        onRequest: requireAdmin,
        preHandler: cartLimit,
        schema: {
          tags: ['orders'],
          description:
            'Only a change allowedNextStatuses (src/shared/orders.ts) allows from the current status; any other, or the same status, answers 409 CONFLICT naming both.',
          params: idParamsSchema,
          body: orderStatusBodySchema,
          response: { 200: orderSchema },
        },
      },
      async (request) => setOrderStatus(db, actorOf(request), request.params.id, request.body.status, request.body.note ?? null),
    );
  };
}
