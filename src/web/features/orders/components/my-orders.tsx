import { useQuery } from '@tanstack/react-query';
import { ClipboardList, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { ORDER_TEXTS, type OrderSummary } from '../../../../shared/orders.ts';
import { paths } from '../../../app/paths.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { formatCountOf, formatDateTime } from '../../../lib/format.ts';
import { useSessionState } from '../../session/index.ts';
import { orderQueries, useRepeatOrder } from '../api.ts';
import { orderErrorMessage } from '../cart.ts';
import { setCartOpen } from '../cart-panel.ts';
import { OrderDetail, OrderStatusBadge, OrderTotal } from './order-detail.tsx';

/** The detail of one pedido, loaded when opened, with "Repetir pedido". */
function MyOrderDetail({ id }: { id: number }) {
  const { data: order, isPending, isError } = useQuery(orderQueries.myOrder(id));
  const repeat = useRepeatOrder();
  if (isPending) {
    return (
      <div role="status" className="space-y-2 p-3">
        <span className="sr-only">Cargando pedido...</span>
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (isError || !order) {
    return (
      <p role="alert" className="p-3 text-sm text-accent-700">
        {ORDER_TEXTS.orderNotFound}
      </p>
    );
  }
  return (
    <div className="space-y-3 p-3">
      <OrderDetail order={order} />
      <Button
        variant="accent"
        busy={repeat.isPending}
        onClick={async () => {
          try {
            await repeat.mutateAsync(order.id);
            toast({ title: ORDER_TEXTS.repeat, description: ORDER_TEXTS.repeated });
            setCartOpen(true);
          } catch (error) {
            toast({ title: 'Error', description: orderErrorMessage(error, 'No se pudo repetir el pedido'), variant: 'destructive' });
          }
        }}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {ORDER_TEXTS.repeat}
      </Button>
    </div>
  );
}

function OrderRow({ order, open, onToggle }: { order: OrderSummary; open: boolean; onToggle: () => void }) {
  const detailId = `pedido-${order.id}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
        <span className="font-mono font-semibold text-brand-800">{order.number}</span>
        <span className="text-sm text-slate-600">{formatDateTime(order.createdAt)}</span>
        <OrderStatusBadge status={order.status} />
        <span className="text-sm">
          {formatCountOf(order.totals.lineCount, 'repuesto', 'repuestos')} ·{' '}
          <strong>
            <OrderTotal totals={order.totals} />
          </strong>
        </span>
        <Button variant="outline" size="sm" className="ml-auto" aria-expanded={open} aria-controls={detailId} onClick={onToggle}>
          {open ? 'Ocultar detalle' : 'Ver detalle'}
          <span className="sr-only"> del pedido {order.number}</span>
        </Button>
      </div>
      {open ? (
        <div id={detailId} className="border-t border-slate-200">
          <MyOrderDetail id={order.id} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * "Mis pedidos" (issue 19 §4): a signed-in customer's pedidos, newest first, with status, total and
 * the detail on demand; "Repetir pedido" puts a pedido's lines back in Mi pedido at today's prices.
 */
export function MyOrders() {
  const { session, pending } = useSessionState();
  const signedIn = session?.userId != null && session.userType !== 'admin';
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const { data, isPending, isError, refetch } = useQuery({ ...orderQueries.mine(page), enabled: signedIn });

  let body: ReactNode;
  if (pending || (signedIn && isPending)) {
    body = (
      <div role="status" className="space-y-2">
        <span className="sr-only">Cargando pedidos...</span>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  } else if (!signedIn) {
    body = (
      <p className="text-slate-700">
        Ingrese con su cuenta de cliente o distribuidor para ver sus pedidos.{' '}
        <Link href={paths.home()} className="font-medium text-brand-700 underline">
          Ir al inicio
        </Link>
      </p>
    );
  } else if (isError || !data) {
    body = (
      <div role="alert" className="space-y-2">
        <p className="text-slate-700">No se pudieron cargar sus pedidos.</p>
        <Button variant="outline" onClick={() => void refetch()}>
          Reintentar
        </Button>
      </div>
    );
  } else if (data.orders.length === 0) {
    body = <p className="py-8 text-center text-slate-600">{ORDER_TEXTS.noOrders}</p>;
  } else {
    const pages = Math.max(1, Math.ceil(data.total / data.limit));
    body = (
      <>
        <ul className="space-y-2">
          {data.orders.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              open={openId === order.id}
              onToggle={() => setOpenId(openId === order.id ? null : order.id)}
            />
          ))}
        </ul>
        {pages > 1 ? (
          <nav aria-label="Páginas de pedidos" className="flex items-center justify-center gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </Button>
            <span className="text-sm text-slate-600">
              Página {page} de {pages}
            </span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Siguiente
            </Button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="my-orders-title" className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="my-orders-title" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <ClipboardList aria-hidden="true" className="size-6" />
          {ORDER_TEXTS.myOrders}
        </h1>
        <Link href={paths.home()} className={buttonClasses('ghost', 'sm')}>
          Volver al catálogo
        </Link>
      </div>
      {body}
    </section>
  );
}
