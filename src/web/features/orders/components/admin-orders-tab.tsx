import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  FINAL_ORDER_STATUSES,
  MAX_ORDER_NOTE,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TEXTS,
  ORDER_STATUSES,
  ORDER_TEXTS,
  type OrderStatus,
  type OrderSummary,
  allowedNextStatuses,
  orderStatusBodySchema,
} from '../../../../shared/orders.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormField, SelectField, TextAreaField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCountOf, formatDateTime } from '../../../lib/format.ts';
import { useZodForm } from '../../../lib/form.ts';
import { type AdminOrderFilters, adminOrdersXlsxUrl, orderQueries, useAdminOrders, useChangeOrderStatus } from '../api.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { orderErrorMessage } from '../cart.ts';
import { OrderDetail, OrderStatusBadge, OrderTotal } from './order-detail.tsx';

const STATUS_OPTIONS = [{ value: '', label: 'Todos' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))];

/**
 * "Cambiar estado": one of the statuses {@link allowedNextStatuses} allows from `status` (the rule
 * the server enforces, docs/product.md §16.5) and an optional note (audited by the server; the
 * customer sees it), validated by the contract's {@link orderStatusBodySchema}. A final status
 * ("Entregado", "Cancelado") asks for confirmation first, saying it cannot be undone. A refusal
 * (409: another admin changed the pedido meanwhile) reloads the pedido, so the control offers what
 * its status now allows.
 */
function StatusChangeForm({ id, status }: { id: number; status: OrderStatus }) {
  const change = useChangeOrderStatus();
  const client = useQueryClient();
  const allowed = allowedNextStatuses(status);
  const [confirming, setConfirming] = useState<{ status: OrderStatus; note: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useZodForm(orderStatusBodySchema, { defaultValues: { note: '' } });
  const next = watch('status');
  const save = async (values: { status: OrderStatus; note: string }) => {
    try {
      await change.mutateAsync({ id, status: values.status, note: values.note });
      reset({ note: '' });
      toast({ title: 'Estado actualizado', description: `El pedido está ahora "${ORDER_STATUS_LABELS[values.status]}".` });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') void client.invalidateQueries(orderQueries.adminOrder(id));
      toast({ title: 'Error', description: orderErrorMessage(error, 'No se pudo cambiar el estado del pedido'), variant: 'destructive' });
    } finally {
      setConfirming(null);
    }
  };
  const submit = handleSubmit(async (values) => {
    const chosen = { status: values.status, note: values.note ?? '' };
    if (FINAL_ORDER_STATUSES.includes(chosen.status)) setConfirming(chosen);
    else await save(chosen);
  });
  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3"
        aria-label={ORDER_TEXTS.statusChange}
      >
        <SelectField
          label="Nuevo estado"
          density="compact"
          options={[{ value: '', label: 'Elegir estado' }, ...allowed.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))]}
          error={errors.status?.message}
          {...register('status')}
        />
        <TextAreaField
          label={ORDER_TEXTS.statusNote}
          rows={2}
          maxLength={MAX_ORDER_NOTE}
          error={errors.note?.message}
          {...register('note')}
        />
        <Button type="submit" disabled={!next || !allowed.includes(next)} busy={change.isPending}>
          {change.isPending ? 'Guardando...' : ORDER_TEXTS.statusChange}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `¿Marcar el pedido como ${ORDER_STATUS_LABELS[confirming.status]}?` : ORDER_TEXTS.statusChange}
        description={confirming ? ORDER_STATUS_TEXTS.final(confirming.status) : undefined}
        cancelLabel="Volver"
        actionLabel={confirming ? `Marcar ${ORDER_STATUS_LABELS[confirming.status]}` : ''}
        busyLabel="Guardando..."
        tone="destructive"
        busy={change.isPending}
        actionDisabled={!confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void save(confirming);
        }}
      />
    </>
  );
}

/**
 * A pedido in a final status: its status, no control ({@link allowedNextStatuses} allows none). It
 * takes the focus when it replaces the control the admin just used (the focus was lost with it).
 */
function FinalStatus({ status }: { status: OrderStatus }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) box.current?.focus();
  }, []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
    >
      <span className="font-medium">{ORDER_TEXTS.status}:</span>
      <OrderStatusBadge status={status} />
      <span>{ORDER_STATUS_TEXTS.final(status)}</span>
    </div>
  );
}

/**
 * The selected pedido: its detail and the status change, scrolled into view when opened.
 * `outsideFilters`: the list no longer holds it (its own status change took it out of the filtered
 * status), which it says.
 */
function AdminOrderPanel({ id, outsideFilters, onClose }: { id: number; outsideFilters: boolean; onClose: () => void }) {
  const { data: order, error, isPending, isError, refetch } = useQuery(orderQueries.adminOrder(id));
  // It opens below the list (50 rows, or a phone's long column): bring it into view, else "Ver" seems to do nothing.
  const section = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per pedido opened
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'nearest' });
  }, [id]);
  return (
    <section ref={section} aria-label="Detalle del pedido" className="space-y-3 rounded-lg border border-brand-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {outsideFilters ? (
          <p role="status" className="text-sm text-amber-800">
            Este pedido ya no coincide con los filtros de la lista.
          </p>
        ) : (
          <span />
        )}
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cerrar detalle
        </Button>
      </div>
      {isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Cargando pedido...
        </p>
      ) : isError || !order ? (
        <ErrorState error={error} message={ORDER_TEXTS.orderNotFound} onRetry={() => void refetch()} />
      ) : (
        <>
          <OrderDetail order={order} />
          {allowedNextStatuses(order.status).length === 0 ? (
            <FinalStatus key={`${order.id}-${order.status}`} status={order.status} />
          ) : (
            <StatusChangeForm key={`${order.id}-${order.status}`} id={order.id} status={order.status} />
          )}
        </>
      )}
    </section>
  );
}

function OrderRow({ order, selected, onSelect }: { order: OrderSummary; selected: boolean; onSelect: () => void }) {
  const cell = 'border-b border-slate-100 px-2 py-2 align-middle sm:px-3';
  return (
    // Grey notes (company, "a consultar") darken on the selected row's tint, else they fall below 4.5:1.
    <tr className={selected ? 'bg-brand-50 [&_.text-slate-500]:text-slate-600' : undefined}>
      <th scope="row" className={`${cell} whitespace-nowrap font-mono font-semibold text-brand-800`}>
        {order.number}
      </th>
      <td className={`${cell} whitespace-nowrap max-sm:hidden`}>{formatDateTime(order.createdAt)}</td>
      <td className={`${cell} wrap-anywhere`}>
        {order.customerName}
        {order.company ? <span className="block text-xs text-slate-500">{order.company}</span> : null}
        {order.isGuest ? <span className="text-xs text-slate-500">{ORDER_TEXTS.guest}</span> : null}
        {order.clientCode ? <span className="text-xs text-slate-500">Cliente {order.clientCode}</span> : null}
        {/* On a phone the date and the status go under the customer (their columns are left out). */}
        <span className="block text-xs text-slate-500 sm:hidden">{formatDateTime(order.createdAt)}</span>
        <span className="mt-1 block sm:hidden">
          <OrderStatusBadge status={order.status} wrap />
        </span>
      </td>
      <td className={`${cell} max-sm:hidden`}>
        <OrderStatusBadge status={order.status} />
      </td>
      <td className={`${cell} text-right`}>
        <OrderTotal totals={order.totals} />
      </td>
      <td className={cell}>
        <Button size="sm" variant="outline" aria-pressed={selected} onClick={onSelect}>
          Ver<span className="sr-only"> pedido {order.number}</span>
        </Button>
      </td>
    </tr>
  );
}

const INITIAL: AdminOrderFilters = { status: '', customer: '', from: '', to: '', page: 1 };

/**
 * The admin panel's "Pedidos" tab (issue 19 §5): the pedidos newest first, filtered by status,
 * customer and dates; the count of new ones; the detail with the status change (and its note);
 * and the filtered list as Excel. New filters (or a page) that leave the open pedido out close its
 * detail; one its own status change took out of the list stays open and says so.
 */
export function AdminOrdersTab() {
  const [filters, setFilters] = useState<AdminOrderFilters>(INITIAL);
  const [customer, setCustomer] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  // Set by a change of filters or page: the next list decides whether the open detail stays.
  const [refiltered, setRefiltered] = useState(false);
  const { data, error, isPending, isError, isFetching, refetch } = useAdminOrders(filters);
  const set = (patch: Partial<AdminOrderFilters>) => {
    setFilters((current) => ({ ...current, ...patch, page: patch.page ?? 1 }));
    setRefiltered(true);
  };
  const listed = selected !== null && (data?.orders.some((o) => o.id === selected) ?? false);
  useEffect(() => {
    if (!refiltered || !data || isFetching) return;
    setRefiltered(false);
    if (!listed) setSelected(null);
  }, [refiltered, data, isFetching, listed]);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <div className="space-y-4">
      <section aria-labelledby="admin-orders-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="admin-orders-title" className="text-lg font-semibold text-slate-900">
              {ORDER_TEXTS.adminTab}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {data
                ? `${formatCountOf(data.total, 'pedido', 'pedidos')}; ${formatCountOf(data.newCount, 'nuevo', 'nuevos')} (${ORDER_STATUS_LABELS.received}).`
                : 'Pedidos enviados por clientes, distribuidores e invitados.'}
            </p>
          </div>
          <a href={adminOrdersXlsxUrl(filters)} download className={buttonClasses('outline', 'sm')}>
            <FileSpreadsheet aria-hidden="true" className="size-4" />
            {ORDER_TEXTS.downloadXlsx}
          </a>
        </div>
        <form
          aria-label="Filtrar pedidos"
          className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_minmax(0,1fr)_10rem_10rem_auto] lg:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            set({ customer });
          }}
        >
          <SelectField
            label={ORDER_TEXTS.status}
            density="compact"
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(event) => set({ status: event.target.value as OrderStatus | '' })}
          />
          <FormField
            label="Cliente o N° de pedido"
            density="compact"
            type="search"
            value={customer}
            onChange={(event) => setCustomer(event.target.value)}
          />
          <FormField
            label="Desde"
            density="compact"
            type="date"
            value={filters.from}
            onChange={(event) => set({ from: event.target.value })}
          />
          <FormField label="Hasta" density="compact" type="date" value={filters.to} onChange={(event) => set({ to: event.target.value })} />
          <Button type="submit" variant="primary">
            Buscar
          </Button>
        </form>
        {isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Cargando pedidos...
          </p>
        ) : isError || !data ? (
          <ErrorState error={error} message="No se pudieron cargar los pedidos." onRetry={() => void refetch()} />
        ) : data.orders.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">No hay pedidos con estos filtros.</p>
        ) : (
          <>
            <div className="relative -mx-4 overflow-x-auto sm:mx-0" aria-busy={isFetching}>
              <table aria-label="Pedidos" className="w-full border-collapse text-left text-xs sm:min-w-[640px] sm:text-sm">
                <thead>
                  <tr className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
                    <th scope="col" className="px-3 py-2">
                      N°
                    </th>
                    <th scope="col" className="px-3 py-2 max-sm:hidden">
                      {ORDER_TEXTS.date}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Cliente
                    </th>
                    <th scope="col" className="px-3 py-2 max-sm:hidden">
                      {ORDER_TEXTS.status}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      {ORDER_TEXTS.total}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.orders.map((order) => (
                    <OrderRow
                      key={order.id}
                      order={order}
                      selected={selected === order.id}
                      onSelect={() => setSelected(selected === order.id ? null : order.id)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            {pages > 1 ? (
              <nav aria-label="Páginas de pedidos" className="mt-3 flex items-center justify-center gap-2">
                <Button variant="outline" size="sm" disabled={filters.page <= 1} onClick={() => set({ page: filters.page - 1 })}>
                  Anterior
                </Button>
                <span className="text-sm text-slate-600">
                  Página {filters.page} de {pages}
                </span>
                <Button variant="outline" size="sm" disabled={filters.page >= pages} onClick={() => set({ page: filters.page + 1 })}>
                  Siguiente
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </section>
      {selected !== null ? (
        <AdminOrderPanel id={selected} outsideFilters={!refiltered && data !== undefined && !listed} onClose={() => setSelected(null)} />
      ) : null}
    </div>
  );
}
