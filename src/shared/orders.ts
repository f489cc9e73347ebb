/**
 * Pedidos contract (issue 19): the cart ("Mi pedido"), the quick order ("Pedido rápido"), sending a
 * pedido, the customer's "Mis pedidos" and the admin's "Pedidos" tab. Written with `zod/mini`
 * (docs/decisions/005).
 *
 * Routes (every amount is a two-decimal ARS string, e.g. "1234.50"; prices NEVER come from a request,
 * the server recomputes them at the viewer's own price list: guests the guest list):
 *
 * | route | who | body / query | answer |
 * | --- | --- | --- | --- |
 * | `GET /api/cart` | signed in | – | {@link cartSchema} (the stored cart, priced now) |
 * | `PUT /api/cart` | signed in | {@link cartBodySchema} (replaces the cart; `lines: []` empties it) | {@link cartSchema} |
 * | `POST /api/cart/lines` | signed in | {@link cartBodySchema} (adds: quantities of a part already there are summed, capped at 9,999) | {@link cartSchema} |
 * | `PATCH /api/cart/lines/:partId` | signed in | {@link cartLineParamsSchema}; {@link cartLineChangeSchema} `{quantity}` or `{delta}` (one line, under the cart's lock; 404 when not in the cart) | {@link cartSchema} |
 * | `DELETE /api/cart/lines/:partId` | signed in | {@link cartLineParamsSchema} (removes one line, under the cart's lock; none there is no error) | {@link cartSchema} |
 * | `POST /api/cart/price` | anyone (a guest's browser cart) | {@link cartBodySchema} (nothing stored) | {@link cartSchema} |
 * | `POST /api/cart/quick` | anyone | {@link quickOrderBodySchema} `{text}` | {@link quickOrderResponseSchema} `{added, unmatched, cart}` |
 * | `POST /api/orders` | anyone | {@link orderBodySchema}; header `Idempotency-Key` (1–200 chars, one per send attempt) | 201 {@link orderSchema} |
 * | `GET /api/orders` | signed in | {@link ordersQuerySchema} | {@link orderListSchema} (own pedidos only) |
 * | `GET /api/orders/:id` | owner, admin; a guest with `?token=` | {@link orderAccessQuerySchema} | {@link orderSchema}; another's: 404 |
 * | `GET /api/orders/:id/pdf`, `GET /api/orders/:id/xlsx` | as `GET /api/orders/:id` | {@link orderAccessQuerySchema} | the pedido as a PDF / Excel download |
 * | `POST /api/orders/:id/repeat` | owner | – | {@link cartSchema} (its lines added to the cart at today's prices) |
 * | `GET /api/admin/orders` | admin | {@link adminOrdersQuerySchema} | {@link adminOrderListSchema} (with `newCount`) |
 * | `GET /api/admin/orders/new-count` | admin | – | {@link newOrdersCountSchema} (the tab's badge) |
 * | `GET /api/admin/orders/xlsx` | admin | {@link adminOrdersQuerySchema} (page/limit ignored) | Excel of the filtered list |
 * | `GET /api/admin/orders/:id` | admin | – | {@link orderSchema} |
 * | `PATCH /api/admin/orders/:id/status` | admin | {@link orderStatusBodySchema} `{status, note}` | {@link orderSchema} (audited); a change {@link allowedNextStatuses} refuses, or to the same status: 409 |
 *
 * A guest's cart lives in the browser (`lines` of {@link cartLineInputSchema}, plus the
 * `unitPrice` seen when added, sent back as `seenUnitPrice` so the answer flags changed prices); a
 * signed-in user's cart lives on the server (same pedido on every device) and the server remembers
 * the price at which each line was added. Parts that are unknown, inactive or in a hidden category
 * are never priced: the cart answers list them in `unavailable` (and the stored cart drops them);
 * `POST /api/orders` refuses them with 400 and a message naming them. Errors are
 * `{error: {code, message}}` with Spanish messages: 400 VALIDATION, 404 NOT_FOUND, 409 CONFLICT
 * (`expectedTotal` differs: prices changed, see {@link ORDER_TEXTS.pricesChanged}; `fromCart` and
 * the stored cart differs, {@link ORDER_TEXTS.cartChanged}; or an `Idempotency-Key` reused with
 * another body), 429 RATE_LIMITED.
 */
import * as z from 'zod/mini';
import { int } from './int.ts';
import { optionalPhoneField } from './phone.ts';
import { MAX_ORDER_LINES, MAX_ORDER_NOTE, MAX_QUANTITY, MAX_QUICK_TEXT, MIN_QUANTITY, ORDER_TEXTS } from './order-texts.ts';

export { MAX_ORDER_LINES, MAX_ORDER_NOTE, MAX_QUANTITY, ORDER_TEXTS } from './order-texts.ts';

/** Decimal amount in ARS with two decimals, e.g. "1234.50". */
const money = z.string().check(z.regex(/^\d+\.\d{2}$/));

/**
 * Statuses of a pedido, in their usual order. Stable codes travel in the API; the Spanish label is
 * {@link ORDER_STATUS_LABELS}. A new pedido is `received`.
 */
export const ORDER_STATUSES = ['received', 'preparing', 'shipped', 'delivered', 'cancelled'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  received: 'Recibido',
  preparing: 'En preparación',
  shipped: 'Enviado',
  delivered: 'Entregado',
  cancelled: 'Cancelado',
};

/** The forward chain of a pedido's statuses; `cancelled` stands apart. */
const STATUS_CHAIN: readonly OrderStatus[] = ['received', 'preparing', 'shipped', 'delivered'];

/** Statuses a pedido never leaves ("Entregado", "Cancelado"; docs/product.md §16.5). */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'cancelled'];

/**
 * The statuses a pedido in `status` may be moved to, in {@link ORDER_STATUSES} order: the single
 * rule of the server (`PATCH /api/admin/orders/:id/status` refuses any other with 409) and of the
 * admin panel's control (docs/product.md §16.5). Forward along "Recibido" → "En preparación" →
 * "Enviado" → "Entregado", skipping steps allowed; one step back among the first three, to correct a
 * slip; "Cancelado" from any of those three. A final status ({@link FINAL_ORDER_STATUSES}) allows
 * none, and a status never allows itself.
 * @returns a new array, empty for "Entregado" and "Cancelado".
 */
export function allowedNextStatuses(status: OrderStatus): OrderStatus[] {
  if (FINAL_ORDER_STATUSES.includes(status)) return [];
  const at = STATUS_CHAIN.indexOf(status);
  return ORDER_STATUSES.filter((next) => {
    if (next === 'cancelled') return true;
    const to = STATUS_CHAIN.indexOf(next);
    return to > at || to === at - 1;
  });
}

/** Spanish texts of a status change: refusals (409 CONFLICT) and the panel's warning before a final status. */
export const ORDER_STATUS_TEXTS = {
  /** A change {@link allowedNextStatuses} refuses, e.g. "Un pedido Entregado no puede pasar a Recibido". */
  refused: (from: OrderStatus, to: OrderStatus) => `Un pedido ${ORDER_STATUS_LABELS[from]} no puede pasar a ${ORDER_STATUS_LABELS[to]}`,
  /** The status the pedido already has, e.g. "El pedido ya está en estado Enviado". */
  already: (status: OrderStatus) => `El pedido ya está en estado ${ORDER_STATUS_LABELS[status]}`,
  /** Said before setting a final status, and by a pedido in one: "Un pedido Cancelado no puede cambiar de estado." */
  final: (status: OrderStatus) => `Un pedido ${ORDER_STATUS_LABELS[status]} no puede cambiar de estado.`,
} as const;

const quantity = z
  .number({ error: ORDER_TEXTS.quantityRange })
  .check(
    z.int({ error: ORDER_TEXTS.quantityRange }),
    z.gte(MIN_QUANTITY, { error: ORDER_TEXTS.quantityRange }),
    z.lte(MAX_QUANTITY, { error: ORDER_TEXTS.quantityRange }),
  );
const partId = z
  .number({ error: 'Repuesto inválido' })
  .check(z.int({ error: 'Repuesto inválido' }), z.gte(1, { error: 'Repuesto inválido' }));

/** One line a client sends: which part and how many. `seenUnitPrice` only flags a changed price; it never prices. */
export const cartLineInputSchema = z.object({
  partId,
  quantity,
  /** The unit price the browser showed when the line was added (guests), to flag a change. Never used as a price. */
  seenUnitPrice: z.optional(z.nullable(money)),
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

const noDuplicateParts = z.refine<{ partId: number }[]>((lines) => new Set(lines.map((l) => l.partId)).size === lines.length, {
  error: ORDER_TEXTS.duplicateLine,
});
const lines = z.array(cartLineInputSchema).check(z.maxLength(MAX_ORDER_LINES, { error: ORDER_TEXTS.tooManyLines }), noDuplicateParts);

/** Body of `PUT /api/cart`, `POST /api/cart/lines` and `POST /api/cart/price`. */
export const cartBodySchema = z.object({ lines });

/** Path of `PATCH` and `DELETE /api/cart/lines/:partId`: the part whose line changes. */
export const cartLineParamsSchema = z.object({
  partId: z.coerce
    .number({ error: 'Repuesto inválido' })
    .check(
      z.int({ error: 'Repuesto inválido' }),
      z.gte(1, { error: 'Repuesto inválido' }),
      z.lte(2_147_483_647, { error: 'Repuesto inválido' }),
    ),
});

/**
 * Body of `PATCH /api/cart/lines/:partId`: the new `quantity` (1–9,999), or a `delta` to add to the
 * quantity the stored cart holds when the change runs ("+" and "−" from two devices both count;
 * the result is kept within 1–9,999). One of the two. Applied under the cart's lock, so a change
 * of one line never overwrites what another device changed meanwhile (docs/product.md §16.7).
 */
export const cartLineChangeSchema = z
  .object({
    quantity: z.optional(quantity),
    delta: z.optional(
      z.number({ error: ORDER_TEXTS.lineDeltaRange }).check(
        z.int({ error: ORDER_TEXTS.lineDeltaRange }),
        z.gte(-MAX_QUANTITY, { error: ORDER_TEXTS.lineDeltaRange }),
        z.lte(MAX_QUANTITY, { error: ORDER_TEXTS.lineDeltaRange }),
        z.refine((n) => n !== 0, { error: ORDER_TEXTS.lineDeltaRange }),
      ),
    ),
  })
  .check(z.refine((body) => (body.quantity === undefined) !== (body.delta === undefined), { error: ORDER_TEXTS.lineChangeOne }));
export type CartLineChange = z.infer<typeof cartLineChangeSchema>;

/** A priced cart line, at the viewer's own price list and at this moment. */
export const cartLineSchema = z.object({
  partId: int(),
  partNumber: z.string(),
  description: z.string(),
  brand: z.nullable(z.string()),
  salesUnit: z.string(),
  /** First image, resolved (IMAGE_BASE_URL applied), or null. */
  imageUrl: z.nullable(z.string()),
  stockLevel: z.string(),
  quantity: int(),
  /** Unit price after any discount; null = "Consultar Precio" (counted apart from the total). */
  unitPrice: z.nullable(money),
  /** `unitPrice × quantity`, or null without a price. */
  subtotal: z.nullable(money),
  /** The price when the line was added, when it differs from `unitPrice` (else absent). */
  previousUnitPrice: z.optional(z.nullable(money)),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** A line that cannot be priced or ordered: its part is unknown, inactive or in a hidden category. */
export const unavailableLineSchema = z.object({
  partId: int(),
  /** The code, when the viewer had it in a stored cart or pedido; null otherwise. */
  partNumber: z.nullable(z.string()),
  message: z.string(),
});

/** Totals of a set of lines. */
export const orderTotalsSchema = z.object({
  /** Sum of the priced subtotals, ARS ("0.00" when none). */
  total: money,
  /** Number of lines. */
  lineCount: int(),
  /** Sum of the quantities (the header badge shows `lineCount`). */
  unitCount: int(),
  /** Lines without a price ("Consultar Precio"), not in `total`. */
  unpricedCount: int(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/** Answer of the cart routes. */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  unavailable: z.array(unavailableLineSchema),
  totals: orderTotalsSchema,
  /** True when some line's price changed since it was added (`previousUnitPrice` set). */
  pricesChanged: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

/** Body of `POST /api/cart/quick`. */
export const quickOrderBodySchema = z.object({
  text: z.string({ error: 'Pegue al menos una línea' }).check(
    z.maxLength(MAX_QUICK_TEXT, { error: 'El texto admite hasta 50.000 caracteres' }),
    z.refine((t) => t.trim().length > 0, { error: 'Pegue al menos una línea' }),
  ),
});

export const QUICK_REASONS = ['unknown', 'ambiguous', 'quantity', 'too-many'] as const;

/** A part a quick-order line may mean (reason `ambiguous`). */
export const quickCandidateSchema = z.object({
  partId: int(),
  partNumber: z.string(),
  description: z.string(),
  unitPrice: z.nullable(money),
});

/** A pasted line the quick order did not add, and why. */
export const quickUnmatchedSchema = z.object({
  /** Line number in the pasted text (1-based). */
  line: int(),
  text: z.string(),
  reason: z.enum(QUICK_REASONS),
  /** Spanish reason ({@link ORDER_TEXTS} `reason…`). */
  message: z.string(),
  /** The code read from the line, when one was read. */
  code: z.nullable(z.string()),
  /** The quantity read from the line, when one was read (for a pick among candidates). */
  quantity: z.nullable(int()),
  /** Parts matching the code (reason `ambiguous`; up to 10); empty otherwise. */
  candidates: z.array(quickCandidateSchema),
});
export type QuickUnmatched = z.infer<typeof quickUnmatchedSchema>;

/**
 * Answer of `POST /api/cart/quick`. `added` are the recognised lines, priced (quantities of the same
 * part on several lines summed). A signed-in user's lines are added to the stored cart, returned in
 * `cart`; a guest's `cart` is null and the browser adds `added` to its own cart.
 */
export const quickOrderResponseSchema = z.object({
  added: z.array(cartLineSchema),
  unmatched: z.array(quickUnmatchedSchema),
  cart: z.nullable(cartSchema),
});
export type QuickOrderResponse = z.infer<typeof quickOrderResponseSchema>;

const requiredText = (max: number, required: string) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: `Admite hasta ${max} caracteres` }));
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, { error: `Admite hasta ${max} caracteres` })));
const optionalEmail = z.optional(
  z.pipe(
    z.string().check(z.trim(), z.maxLength(200, { error: 'El email admite hasta 200 caracteres' })),
    z.union([z.literal(''), z.email({ error: ORDER_TEXTS.emailInvalid })]),
  ),
);

/** A guest's data: a name, and a phone (staff can call back: {@link optionalPhoneField}) or an e-mail. */
export const guestCustomerSchema = z
  .object({
    name: requiredText(120, ORDER_TEXTS.nameRequired),
    company: optionalText(120),
    phone: optionalPhoneField,
    email: optionalEmail,
  })
  .check(z.refine((c) => !!c.phone || !!c.email, { error: ORDER_TEXTS.contactRequired, path: ['phone'] }));
export type GuestCustomer = z.infer<typeof guestCustomerSchema>;

const orderLines = z
  .array(cartLineInputSchema)
  .check(
    z.minLength(1, { error: ORDER_TEXTS.linesRequired }),
    z.maxLength(MAX_ORDER_LINES, { error: ORDER_TEXTS.tooManyLines }),
    noDuplicateParts,
  );
const note = z.optional(z.string().check(z.trim(), z.maxLength(MAX_ORDER_NOTE, { error: ORDER_TEXTS.noteTooLong })));
/**
 * The total the customer saw before sending. When present and different from the total the server
 * computes now, the send answers 409 CONFLICT ({@link ORDER_TEXTS.pricesChanged}) and creates nothing.
 */
const expectedTotal = z.optional(money);
/**
 * A signed-in customer sending their stored pedido as reviewed: when the stored pedido differs from
 * `lines` (a part or a quantity changed, added or removed in another tab or device, or the pedido
 * was sent meanwhile), the send answers 409 CONFLICT ({@link ORDER_TEXTS.cartChanged}) and creates
 * nothing. Ignored for guests (their pedido lives in the browser).
 */
const fromCart = z.optional(z.boolean());

/**
 * Body of `POST /api/orders`. A signed-in customer sends `lines`, `note`, `expectedTotal` and
 * `fromCart` (the web always sets it): name, company, client code, phone and e-mail come from the
 * account (a `customer` is ignored), and the parts sent leave the sender's stored cart in the same
 * transaction. A guest must add `customer` ({@link guestCustomerSchema}: a name and a phone or an
 * e-mail), else 400 {@link ORDER_TEXTS.nameRequired} / {@link ORDER_TEXTS.contactRequired}.
 */
export const orderBodySchema = z.object({
  lines: orderLines,
  note,
  expectedTotal,
  fromCart,
  customer: z.optional(guestCustomerSchema),
});
export type OrderBody = z.infer<typeof orderBodySchema>;

/** A line of a sent pedido: the part as it was and the price the server computed at that moment. */
export const orderLineSchema = z.object({
  partId: int(),
  partNumber: z.string(),
  description: z.string(),
  salesUnit: z.string(),
  quantity: int(),
  unitPrice: z.nullable(money),
  subtotal: z.nullable(money),
});

/** The customer of a pedido, as sent. */
export const orderCustomerSchema = z.object({
  name: z.string(),
  company: z.nullable(z.string()),
  clientCode: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** The account's username; null for a guest. */
  username: z.nullable(z.string()),
});

/** One status change of a pedido (the first is `received`, at creation). */
export const orderStatusChangeSchema = z.object({
  status: orderStatusSchema,
  note: z.nullable(z.string()),
  /** ISO timestamp. */
  at: z.string(),
});

/** A pedido. `number` is what people quote ("P-000042"); `id` is for the API. */
export const orderSchema = z.object({
  id: int(),
  number: z.string(),
  /** ISO timestamp of the send. */
  createdAt: z.string(),
  status: orderStatusSchema,
  isGuest: z.boolean(),
  customer: orderCustomerSchema,
  lines: z.array(orderLineSchema),
  totals: orderTotalsSchema,
  note: z.nullable(z.string()),
  history: z.array(orderStatusChangeSchema),
  /**
   * Only in the answer of `POST /api/orders` for a guest: the token that opens this pedido
   * (`GET /api/orders/:id?token=…`, its PDF and XLSX) from the confirmation screen.
   */
  accessToken: z.optional(z.string()),
  /**
   * Only in the answer of `POST /api/orders`: whether the customer is mailed a copy (an e-mail is
   * known and the server mails: `SMTP_URL` is set). The confirmation mentions the copy only then.
   */
  copyMailed: z.optional(z.boolean()),
});
export type Order = z.infer<typeof orderSchema>;

/** A pedido in a list. */
export const orderSummarySchema = z.object({
  id: int(),
  number: z.string(),
  createdAt: z.string(),
  status: orderStatusSchema,
  isGuest: z.boolean(),
  customerName: z.string(),
  company: z.nullable(z.string()),
  clientCode: z.nullable(z.string()),
  totals: orderTotalsSchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

const pageParam = (max: number, fallback: number) =>
  z._default(
    z.coerce
      .number({ error: 'debe ser un número entero' })
      .check(
        z.int({ error: 'debe ser un número entero' }),
        z.gte(1, { error: 'debe ser al menos 1' }),
        z.lte(max, { error: `debe ser como máximo ${max}` }),
      ),
    fallback,
  );

/** Query of `GET /api/orders`. */
export const ordersQuerySchema = z.object({ page: pageParam(100_000, 1), limit: pageParam(100, 20) });

/** Answer of `GET /api/orders` (newest first). */
export const orderListSchema = z.object({
  orders: z.array(orderSummarySchema),
  total: int(),
  page: int(),
  limit: int(),
});

/** Query of `GET /api/orders/:id` (and its pdf/xlsx): a guest's access token. */
export const orderAccessQuerySchema = z.object({ token: z.optional(z.string().check(z.maxLength(100))) });

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use una fecha AAAA-MM-DD' }));

/** Query of `GET /api/admin/orders` and its XLSX: filters (dates inclusive, in Argentina's time zone). */
export const adminOrdersQuerySchema = z.object({
  status: z.optional(orderStatusSchema),
  /** Text in the customer's name, company, client code, e-mail, phone or username, or the pedido number. */
  customer: z.optional(z.string().check(z.trim(), z.maxLength(120, { error: 'La búsqueda admite hasta 120 caracteres' }))),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  page: pageParam(100_000, 1),
  limit: pageParam(200, 50),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** Answer of `GET /api/admin/orders` (newest first). `newCount`: pedidos still "Recibido", whatever the filters. */
export const adminOrderListSchema = z.object({
  orders: z.array(orderSummarySchema),
  total: int(),
  page: int(),
  limit: int(),
  newCount: int(),
});

/** Answer of `GET /api/admin/orders/new-count`. */
export const newOrdersCountSchema = z.object({ newCount: int() });

/** Body of `PATCH /api/admin/orders/:id/status`. */
export const orderStatusBodySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Estado inválido' }),
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(MAX_ORDER_NOTE, { error: ORDER_TEXTS.noteTooLong })))),
});

/**
 * Whether none of a pedido's lines has a price (all "Consultar Precio", docs/product.md §16.1): its
 * total is then no amount ("$ 0,00" would read as free) but "to be confirmed". False for an empty
 * pedido, whose total is $ 0,00.
 */
export function allUnpriced(totals: OrderTotals): boolean {
  return totals.lineCount > 0 && totals.unpricedCount >= totals.lineCount;
}

/** The total of a pedido whose lines all lack a price, where the count is said apart ("Mi pedido"'s note). */
export const UNPRICED_TOTAL = 'A consultar';

/** The total of a pedido whose lines all lack a price: "A consultar (1 repuesto)", "A consultar (3 repuestos)". */
export function unpricedTotalText(totals: OrderTotals): string {
  return `${UNPRICED_TOTAL} (${totals.unpricedCount} ${totals.unpricedCount === 1 ? 'repuesto' : 'repuestos'})`;
}

/** The number people quote for a pedido id: `P-000042`. */
export function formatOrderNumber(id: number): string {
  return `P-${String(id).padStart(6, '0')}`;
}

/**
 * A pedido written out for a WhatsApp message or a plain-text e-mail (Spanish): number, customer,
 * one line per part (`2 x 06H-103-144 Bomba de agua — $ 1.234,50`), total (when no line has a
 * price, "A consultar (N repuestos)", {@link allUnpriced}) and note. `formatMoney`
 * formats an amount (the web's and the server's es-AR ARS formatter; null = "Consultar Precio").
 */
export function orderAsText(order: Order, formatMoney: (amount: string | null) => string): string {
  const out = [`${ORDER_TEXTS.orderNumber} ${order.number}`];
  const c = order.customer;
  out.push([c.name, c.company, c.clientCode ? `Cliente ${c.clientCode}` : null].filter(Boolean).join(' — '));
  out.push('');
  for (const l of order.lines) {
    out.push(`${l.quantity} x ${l.partNumber} ${l.description} — ${formatMoney(l.subtotal)}`);
  }
  out.push('');
  if (allUnpriced(order.totals)) {
    out.push(`${ORDER_TEXTS.total}: ${unpricedTotalText(order.totals)}`);
  } else {
    out.push(`${ORDER_TEXTS.total}: ${formatMoney(order.totals.total)}`);
    if (order.totals.unpricedCount > 0) out.push(`(${order.totals.unpricedCount} sin precio: Consultar Precio)`);
  }
  if (order.note) out.push(`Nota: ${order.note}`);
  return out.join('\n');
}

/** A `https://wa.me/<digits>?text=…` link (non-digits of `phone` dropped). */
export function whatsAppLink(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
