import { FileDown, FileSpreadsheet } from 'lucide-react';
import {
  allUnpriced,
  ORDER_STATUS_LABELS,
  ORDER_TEXTS,
  type Order,
  type OrderStatus,
  unpricedTotalText,
} from '../../../../shared/orders.ts';
import { DEFAULT_SALES_UNIT } from '../../../components/product/product-card.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatArs, formatDateTime, formatPrice } from '../../../lib/format.ts';
import { orderFileUrl } from '../api.ts';

const statusStyles: Record<OrderStatus, string> = {
  received: 'bg-blue-100 text-blue-900',
  preparing: 'bg-amber-100 text-amber-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** A pedido's status as a coloured badge with its Spanish label (`wrap`: it may take two lines, in a narrow column). */
export function OrderStatusBadge({ status, wrap = false }: { status: OrderStatus; wrap?: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex px-2.5 py-0.5 text-xs font-semibold',
        wrap ? 'rounded-md' : 'rounded-full whitespace-nowrap',
        statusStyles[status],
      )}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The pedido's total in ARS, with the lines without a price counted apart ("+ 1 a consultar"); a
 * pedido none of whose lines has a price says only "A consultar (N repuestos)" (docs/product.md §16.1).
 */
export function OrderTotal({ totals }: { totals: Order['totals'] }) {
  if (allUnpriced(totals)) return <span>{unpricedTotalText(totals)}</span>;
  return (
    <span>
      {formatArs(totals.total)}
      {totals.unpricedCount > 0 ? <span className="block text-xs text-slate-500">+ {totals.unpricedCount} a consultar</span> : null}
    </span>
  );
}

/**
 * A pedido in full: number, date, status, customer, lines (code, description, sales unit, quantity,
 * unit price, subtotal; on a phone the unit and unit price under the description), totals, note,
 * status history with notes, and its PDF and Excel.
 */
export function OrderDetail({ order }: { order: Order }) {
  const c = order.customer;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-lg font-semibold text-slate-900">
          {ORDER_TEXTS.orderNumber} <span className="font-mono">{order.number}</span>
        </h3>
        <OrderStatusBadge status={order.status} />
        <span className="text-sm text-slate-600">{formatDateTime(order.createdAt)}</span>
      </div>
      <dl className="grid gap-x-4 gap-y-0.5 text-sm wrap-anywhere sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-slate-500">{ORDER_TEXTS.name}</dt>
        <dd>
          {c.name}
          {order.isGuest ? <span className="ml-2 rounded bg-slate-100 px-1.5 text-xs">{ORDER_TEXTS.guest}</span> : null}
        </dd>
        {c.company ? (
          <>
            <dt className="text-slate-500">{ORDER_TEXTS.company}</dt>
            <dd>{c.company}</dd>
          </>
        ) : null}
        {c.clientCode ? (
          <>
            <dt className="text-slate-500">{ORDER_TEXTS.clientCode}</dt>
            <dd>{c.clientCode}</dd>
          </>
        ) : null}
        {c.phone ? (
          <>
            <dt className="text-slate-500">{ORDER_TEXTS.phone}</dt>
            <dd>{c.phone}</dd>
          </>
        ) : null}
        {c.email ? (
          <>
            <dt className="text-slate-500">{ORDER_TEXTS.email}</dt>
            <dd>{c.email}</dd>
          </>
        ) : null}
      </dl>
      {/* On a phone the sales unit and the unit price go under the description, so that the
          quantity and the subtotal stay in view instead of behind a sideways scroll. */}
      <div className="relative overflow-x-auto">
        <table
          className="w-full border-collapse text-left text-xs sm:min-w-[560px] sm:text-sm"
          aria-label={`Repuestos del pedido ${order.number}`}
        >
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <th className="px-1.5 py-1.5 sm:px-2">Código</th>
              <th className="px-1.5 py-1.5 sm:px-2">Descripción</th>
              <th className="px-1.5 py-1.5 sm:px-2 max-sm:hidden">Unidad</th>
              <th className="px-1.5 py-1.5 sm:px-2 text-right">
                <span className="max-sm:hidden">{ORDER_TEXTS.quantity}</span>
                <abbr title={ORDER_TEXTS.quantity} aria-label={ORDER_TEXTS.quantity} className="no-underline sm:hidden">
                  Cant.
                </abbr>
              </th>
              <th className="px-1.5 py-1.5 sm:px-2 text-right max-sm:hidden">{ORDER_TEXTS.unitPrice}</th>
              <th className="px-1.5 py-1.5 sm:px-2 text-right">{ORDER_TEXTS.subtotal}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => {
              const unit = line.salesUnit.trim() || DEFAULT_SALES_UNIT;
              return (
                <tr key={line.partId} className="border-b border-slate-100 align-top sm:align-middle">
                  <td className="px-1.5 py-1.5 sm:px-2 font-mono text-xs font-semibold break-all text-brand-700">{line.partNumber}</td>
                  <td className="px-1.5 py-1.5 sm:px-2 wrap-anywhere">
                    {line.description}
                    <span className="block text-slate-600 sm:hidden">
                      {unit}
                      {line.unitPrice === null ? null : ` · ${formatPrice(line.unitPrice)} c/u`}
                    </span>
                  </td>
                  <td className="px-1.5 py-1.5 sm:px-2 text-slate-600 max-sm:hidden">{unit}</td>
                  <td className="px-1.5 py-1.5 sm:px-2 text-right tabular-nums">{line.quantity}</td>
                  <td className="px-1.5 py-1.5 sm:px-2 text-right max-sm:hidden">{formatPrice(line.unitPrice)}</td>
                  <td className="px-1.5 py-1.5 sm:px-2 text-right sm:whitespace-nowrap">{formatPrice(line.subtotal)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={5} className="px-1.5 py-2 sm:px-2 text-right font-semibold max-sm:hidden">
                {ORDER_TEXTS.total}
              </td>
              <td colSpan={3} className="px-1.5 py-2 sm:px-2 text-right font-semibold sm:hidden">
                {ORDER_TEXTS.total}
              </td>
              <td className="px-1.5 py-2 sm:px-2 text-right font-semibold sm:whitespace-nowrap">
                <OrderTotal totals={order.totals} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {order.note ? (
        // A note may hold a long link or code: it wraps anywhere rather than widening the page.
        <p className="rounded-md bg-slate-50 p-3 text-sm wrap-anywhere">
          <span className="font-semibold">Nota: </span>
          {order.note}
        </p>
      ) : null}
      <section aria-label="Historial del pedido">
        <h4 className="mb-1 text-sm font-semibold text-slate-900">Historial</h4>
        <ol className="space-y-1 text-sm">
          {order.history.map((change, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at the end
            <li key={index} className="flex flex-wrap items-baseline gap-2">
              <span className="text-slate-500">{formatDateTime(change.at)}</span>
              <OrderStatusBadge status={change.status} />
              {change.note ? <span className="min-w-0 text-slate-700 wrap-anywhere">{change.note}</span> : null}
            </li>
          ))}
        </ol>
      </section>
      <div className="flex flex-wrap gap-2">
        <a href={orderFileUrl(order, 'pdf')} download className={buttonClasses('outline', 'sm')}>
          <FileDown aria-hidden="true" className="size-4" />
          {ORDER_TEXTS.downloadPdf}
        </a>
        <a href={orderFileUrl(order, 'xlsx')} download className={buttonClasses('outline', 'sm')}>
          <FileSpreadsheet aria-hidden="true" className="size-4" />
          {ORDER_TEXTS.downloadXlsx}
        </a>
      </div>
    </div>
  );
}
