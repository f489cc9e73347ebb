/**
 * The mails of a sent pedido (issue 19): the sales team (`SALES_EMAIL`) gets it with the customer's
 * contact data and a link to the admin panel; the customer, when an e-mail is known, a copy. Plain
 * text, Spanish, amounts in es-AR ARS. Sent after the answer (`app.background`), never twice for
 * one pedido (a retried send does not mail again).
 */
import { type Order, ORDER_STATUS_LABELS, orderAsText } from '../../../shared/orders.ts';
import { formatPrice } from '../../../shared/pricing.ts';
import type { Config } from '../../config.ts';
import { type Mailer, type MailMessage, panelLink } from '../auth/mail.ts';

/** An amount for a mail: `$ 1.234,50`, or "Consultar Precio" without one. */
function money(amount: string | null): string {
  return formatPrice(amount);
}

/** The messages a new pedido sends: to Ventas (when `SALES_EMAIL` is set) and to the customer (when it has an e-mail). */
export function orderMessages(order: Order, config: Pick<Config, 'salesEmail' | 'brandName' | 'publicOrigin'>): MailMessage[] {
  const body = orderAsText(order, money);
  const c = order.customer;
  const contact = [
    `Cliente: ${c.name}${order.isGuest ? ' (invitado)' : ''}`,
    c.company ? `Empresa: ${c.company}` : null,
    c.clientCode ? `Código de cliente: ${c.clientCode}` : null,
    c.username ? `Usuario: ${c.username}` : null,
    c.phone ? `Teléfono: ${c.phone}` : null,
    c.email ? `Email: ${c.email}` : null,
  ].filter((l): l is string => l !== null);
  const messages: MailMessage[] = [];
  if (config.salesEmail) {
    messages.push({
      to: config.salesEmail,
      subject: `Nuevo pedido ${order.number} — ${c.company || c.name}`,
      text: [
        `Se recibió el pedido ${order.number} (${ORDER_STATUS_LABELS[order.status]}).`,
        '',
        ...contact,
        '',
        body,
        '',
        `Ver en el panel: ${panelLink(config, 'pedidos')}`,
      ].join('\n'),
    });
  }
  if (c.email) {
    messages.push({
      to: c.email,
      subject: `Su pedido ${order.number} — ${config.brandName}`,
      text: [
        `Hola ${c.name}:`,
        '',
        `Recibimos su pedido ${order.number}. Ventas se comunicará con usted.`,
        '',
        body,
        '',
        config.brandName,
      ].join('\n'),
    });
  }
  return messages;
}

/** Sends each message of {@link orderMessages}; a failure of one does not stop the other. */
export async function sendOrderMails(
  mailer: Mailer,
  order: Order,
  config: Pick<Config, 'salesEmail' | 'brandName' | 'publicOrigin'>,
): Promise<void> {
  const results = await Promise.allSettled(orderMessages(order, config).map((m) => mailer.send(m)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
