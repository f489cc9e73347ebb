import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, FileDown, FileSpreadsheet, MessageCircle, Send } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  type Cart,
  type CartLineInput,
  type GuestCustomer,
  guestCustomerSchema,
  MAX_ORDER_NOTE,
  ORDER_TEXTS,
  type Order,
  type OrderBody,
  orderAsText,
  whatsAppLink,
} from '../../../../shared/orders.ts';
import { paths } from '../../../app/paths.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormField, TextAreaField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatArs, formatCountOf, formatDateTime, formatPrice } from '../../../lib/format.ts';
import { useZodForm } from '../../../lib/form.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useSession } from '../../session/index.ts';
import { orderFileUrl, useSendOrder } from '../api.ts';
import { type CartMode, inputLines, orderErrorMessage, orderKeys } from '../cart.ts';
import { CartTotals } from './cart-lines.tsx';
import { OrderTotal } from './order-detail.tsx';

/** A fresh `Idempotency-Key`: a UUID where the browser offers one (secure contexts), else 128 random bits in hex. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per send attempt: the same body sent again (a retry after a failure) reuses its key, so
 * the server creates at most one pedido; a changed body is a new attempt with a new key.
 */
function useAttemptKey() {
  const attempt = useRef<{ key: string; body: string } | null>(null);
  return {
    keyFor(body: OrderBody): string {
      const json = JSON.stringify(body);
      if (attempt.current?.body !== json) attempt.current = { key: newIdempotencyKey(), body: json };
      return attempt.current.key;
    },
    done() {
      attempt.current = null;
    },
  };
}

/** An amount of a pedido as text (null = "Consultar Precio"). */
const money = (amount: string | null) => (amount === null ? formatPrice(null) : formatArs(amount));

/** The lines whose price changed since they were added: shown before sending (issue 19 §3). */
function PriceChangeNotice({ cart }: { cart: Cart }) {
  const changed = cart.lines.filter((line) => line.previousUnitPrice !== undefined);
  if (!cart.pricesChanged && changed.length === 0) return null;
  return (
    <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-semibold">{ORDER_TEXTS.pricesChanged}</p>
      {changed.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-5">
          {changed.map((line) => (
            <li key={line.partId}>
              <span className="font-mono">{line.partNumber}</span>: antes {money(line.previousUnitPrice ?? null)}, ahora{' '}
              {money(line.unitPrice)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The signed-in customer's data, as the account holds it (the server takes them from the account). */
function AccountData() {
  const session = useSession();
  if (!session) return null;
  const rows = [
    [ORDER_TEXTS.name, session.fullName || session.username],
    [ORDER_TEXTS.clientCode, session.clientCode],
    [ORDER_TEXTS.email, session.email],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <section aria-labelledby="order-customer" className="rounded-md border border-slate-200 p-3">
      <h3 id="order-customer" className="mb-1 text-sm font-semibold text-slate-900">
        {ORDER_TEXTS.customerData}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A guest's customer data before anything is typed. */
export const EMPTY_GUEST: GuestCustomer = { name: '', company: '', phone: '', email: '' };

export interface SendOrderProps {
  cart: Cart;
  mode: CartMode;
  /** The "Nota para Ventas", held by the caller so that it outlives this view until the pedido is sent. */
  note: string;
  onNoteChange: (note: string) => void;
  /** A guest's name and contact as last typed, held by the caller as the note is. */
  guest: GuestCustomer;
  onGuestChange: (guest: GuestCustomer) => void;
  onBack: () => void;
  /** The server refused the send because the stored pedido is not what was reviewed: back to it, with the message. */
  onReview: (message: string) => void;
  onSent: (order: Order) => void;
}

/** Whether two sets of lines hold the same parts with the same quantities. */
function sameLines(a: readonly CartLineInput[], b: readonly CartLineInput[]): boolean {
  const quantities = new Map(a.map((line) => [line.partId, line.quantity]));
  return a.length === b.length && b.every((line) => quantities.get(line.partId) === line.quantity);
}

/**
 * "Enviar pedido" (issue 19 §3): the customer's data (a guest gives a name and a phone or an
 * e-mail; a signed-in customer's come from the account), a note, the notice of changed prices, and
 * the send with an `Idempotency-Key` per attempt. When the server finds the prices changed (409),
 * the cart is priced again and the notice shows what changed. Its first field takes the keyboard's
 * focus when it shows.
 */
export function SendOrder({ cart, mode, note, onNoteChange, guest, onGuestChange, onBack, onReview, onSent }: SendOrderProps) {
  const client = useQueryClient();
  const send = useSendOrder(mode);
  const attempt = useAttemptKey();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(guestCustomerSchema, { defaultValues: guest });
  // Every keystroke reaches the caller, so "Volver al pedido" and a refused send keep what was typed.
  const guestChange = useRef(onGuestChange);
  guestChange.current = onGuestChange;
  useEffect(() => {
    const watching = form.watch((values) => guestChange.current({ ...EMPTY_GUEST, ...values }));
    return () => watching.unsubscribe();
  }, [form]);
  const errors = form.formState.errors;
  const blocked = cart.unavailable.length > 0;
  // "Continuar" left the pedido's view, and its button with it: the keyboard goes on at this
  // step's first field (a guest's name, else the note), not at the dialog's frame (§13.4).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea')?.focus();
  }, []);

  const submit = async (customer?: GuestCustomer) => {
    setError(null);
    const body: OrderBody = {
      lines: inputLines(cart),
      expectedTotal: cart.totals.total,
      // A signed-in customer sends the stored pedido as reviewed: the server refuses it when another tab changed it.
      ...(mode === 'server' ? { fromCart: true } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(customer ? { customer } : {}),
    };
    try {
      const order = await send.mutateAsync({ body, key: attempt.keyFor(body) });
      attempt.done();
      onSent(order);
    } catch (failure) {
      const message = orderErrorMessage(failure, 'No se pudo enviar el pedido. Intente nuevamente.');
      if (failure instanceof ApiError && failure.code === 'CONFLICT') {
        await client.invalidateQueries({ queryKey: orderKeys.cart(mode) });
        const fresh = client.getQueryData<Cart>(orderKeys.cart(mode));
        // Other lines than the ones reviewed: review them (changed prices alone are shown here).
        if (!fresh || !sameLines(inputLines(fresh), body.lines)) {
          onReview(message);
          return;
        }
      }
      setError(message);
    }
  };

  const onSubmit =
    mode === 'guest'
      ? form.handleSubmit((customer) => submit(customer))
      : (event: FormEvent) => {
          event.preventDefault();
          void submit();
        };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4" aria-label={ORDER_TEXTS.send}>
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Volver al pedido
      </Button>
      <p className="text-sm text-slate-700">
        {formatCountOf(cart.totals.lineCount, 'repuesto', 'repuestos')}, {formatCountOf(cart.totals.unitCount, 'unidad', 'unidades')}.
      </p>
      <CartTotals cart={cart} />
      <PriceChangeNotice cart={cart} />
      {mode === 'guest' ? (
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-semibold text-slate-900">{ORDER_TEXTS.customerData}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label={ORDER_TEXTS.name} requiredMark autoComplete="name" error={errors.name?.message} {...form.register('name')} />
            <FormField
              label={ORDER_TEXTS.company}
              autoComplete="organization"
              error={errors.company?.message}
              {...form.register('company')}
            />
            <FormField
              label={ORDER_TEXTS.phone}
              type="tel"
              autoComplete="tel"
              hint="Un teléfono o un email, para que Ventas le confirme el pedido."
              error={errors.phone?.message}
              {...form.register('phone')}
            />
            <FormField
              label={ORDER_TEXTS.email}
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...form.register('email')}
            />
          </div>
        </fieldset>
      ) : (
        <AccountData />
      )}
      <TextAreaField
        label={ORDER_TEXTS.note}
        rows={3}
        maxLength={MAX_ORDER_NOTE}
        value={note}
        onChange={(event) => onNoteChange(event.target.value)}
        hint={`${note.length}/${MAX_ORDER_NOTE}`}
      />
      {blocked ? (
        <p role="alert" className="rounded-md bg-accent-50 p-3 text-sm text-accent-800">
          {ORDER_TEXTS.partsUnavailable(cart.unavailable.map((line) => line.partNumber ?? `#${line.partId}`).join(', '))}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md bg-accent-50 p-3 text-sm text-accent-800">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="accent" size="lg" disabled={blocked || cart.lines.length === 0} busy={send.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {send.isPending ? 'Enviando...' : ORDER_TEXTS.send}
        </Button>
      </div>
    </form>
  );
}

/**
 * The confirmation of a sent pedido: its number, date and total (with the "Consultar Precio" lines
 * counted apart, "+ N a consultar", or only "A consultar (N repuestos)" when no line has a price,
 * as the cart and Mis pedidos say), "Enviar por WhatsApp" to Ventas
 * with the pedido written out, the PDF and Excel downloads, and "Mis pedidos" for a signed-in customer.
 * Its heading takes the keyboard's focus when it shows.
 */
export function OrderConfirmation({ order, signedIn, onClose }: { order: Order; signedIn: boolean; onClose: () => void }) {
  const config = usePublicConfig();
  const whatsapp = config.whatsappSales ? whatsAppLink(config.whatsappSales, orderAsText(order, money)) : null;
  // "Enviar pedido" went with the form: the keyboard goes on from the confirmation's heading (§13.4).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4">
      <div role="status" className="flex items-start gap-3 rounded-md bg-green-50 p-4 text-green-900">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
        <div>
          <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold">
            Pedido enviado
          </h3>
          <p className="text-sm">{order.copyMailed ? ORDER_TEXTS.sent(order.number) : ORDER_TEXTS.sentNoEmail(order.number)}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{ORDER_TEXTS.orderNumber}</dt>
        <dd className="font-mono font-semibold">{order.number}</dd>
        <dt className="text-slate-500">{ORDER_TEXTS.date}</dt>
        <dd>{formatDateTime(order.createdAt)}</dd>
        <dt className="text-slate-500">{ORDER_TEXTS.total}</dt>
        <dd className="font-semibold">
          <OrderTotal totals={order.totals} />
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {whatsapp ? (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-10 items-center gap-2 rounded-md bg-green-700 px-4 text-sm font-medium text-white hover:bg-green-800"
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            {ORDER_TEXTS.whatsapp}
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        ) : null}
        <a href={orderFileUrl(order, 'pdf')} download className={buttonClasses('outline')}>
          <FileDown aria-hidden="true" className="size-4" />
          {ORDER_TEXTS.downloadPdf}
        </a>
        <a href={orderFileUrl(order, 'xlsx')} download className={buttonClasses('outline')}>
          <FileSpreadsheet aria-hidden="true" className="size-4" />
          {ORDER_TEXTS.downloadXlsx}
        </a>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {signedIn ? (
          <Link href={paths.myOrders()} onClick={onClose} replace className={buttonClasses('ghost')}>
            {ORDER_TEXTS.myOrders}
          </Link>
        ) : null}
        <Button onClick={onClose}>Seguir comprando</Button>
      </div>
    </div>
  );
}
