/**
 * Pedidos calls other than the cart's (issue 19 §3–§5): send, "Mis pedidos", repeat, and the admin
 * list, badge, detail and status change. Responses are parsed with the shared contract
 * (src/shared/orders.ts); keys come from {@link orderKeys}.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminOrdersQuery,
  adminOrderListSchema,
  cartSchema,
  type Order,
  type OrderBody,
  type OrderStatus,
  orderListSchema,
  orderSchema,
} from '../../../shared/orders.ts';
import { apiGet, apiRequest, withQuery } from '../../lib/api-client.ts';
import { type CartMode, orderKeys, setCart } from './cart.ts';
import { clearAfterSend } from './cart-io.ts';

/** Filters of the admin list as the tab holds them (`''` = any). */
export interface AdminOrderFilters {
  status: OrderStatus | '';
  customer: string;
  from: string;
  to: string;
  page: number;
}

/** The admin list's query parameters for a set of filters (empty ones left out). */
export function adminOrdersParams(filters: AdminOrderFilters): Partial<AdminOrdersQuery> {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.customer.trim() ? { customer: filters.customer.trim() } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    page: filters.page,
  };
}

export const orderQueries = {
  mine: (page: number) =>
    queryOptions({
      queryKey: [...orderKeys.mine(), 'list', page] as const,
      queryFn: ({ signal }) => apiGet('/api/orders', orderListSchema, { page, limit: 20 }, signal),
      placeholderData: keepPreviousData,
    }),
  myOrder: (id: number) =>
    queryOptions({
      queryKey: [...orderKeys.mine(), 'detail', id] as const,
      queryFn: ({ signal }) => apiGet(`/api/orders/${id}`, orderSchema, undefined, signal),
    }),
  adminList: (filters: AdminOrderFilters) =>
    queryOptions({
      queryKey: [...orderKeys.admin(), 'list', filters] as const,
      queryFn: ({ signal }) => apiGet('/api/admin/orders', adminOrderListSchema, adminOrdersParams(filters), signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  adminOrder: (id: number) =>
    queryOptions({
      queryKey: [...orderKeys.admin(), 'detail', id] as const,
      queryFn: ({ signal }) => apiGet(`/api/admin/orders/${id}`, orderSchema, undefined, signal),
      staleTime: 0,
    }),
};

/** What one send attempt posts; `key` is its `Idempotency-Key` (the same on a retry of that attempt). */
export interface SendInput {
  body: OrderBody;
  key: string;
}

/** `POST /api/orders`; success empties the cart and refreshes "Mis pedidos". */
export function useSendOrder(mode: CartMode) {
  const client = useQueryClient();
  return useMutation({
    scope: { id: 'cart' },
    mutationFn: ({ body, key }: SendInput) =>
      apiRequest('/api/orders', orderSchema, { method: 'POST', body, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => {
      clearAfterSend(client, mode);
      void client.invalidateQueries({ queryKey: orderKeys.mine() });
    },
  });
}

/** `POST /api/orders/:id/repeat`: the pedido's lines back in the cart at today's prices. */
export function useRepeatOrder() {
  const client = useQueryClient();
  return useMutation({
    scope: { id: 'cart' },
    mutationFn: (id: number) => apiRequest(`/api/orders/${id}/repeat`, cartSchema, { method: 'POST' }),
    onSuccess: (cart) => setCart(client, 'server', cart),
  });
}

/** `PATCH /api/admin/orders/:id/status {status, note}`; refreshes the list, the badge and the detail. */
export function useChangeOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, note }: { id: number; status: OrderStatus; note: string }) =>
      apiRequest(`/api/admin/orders/${id}/status`, orderSchema, { method: 'PATCH', body: { status, note: note.trim() || null } }),
    onSuccess: (order) => {
      client.setQueryData(orderQueries.adminOrder(order.id).queryKey, order);
      void client.invalidateQueries({ queryKey: orderKeys.admin() });
    },
  });
}

/** The admin list (filtered, paged). */
export function useAdminOrders(filters: AdminOrderFilters) {
  return useQuery(orderQueries.adminList(filters));
}

/** URL of a pedido's PDF or Excel (a guest's carries the access token of its confirmation). */
export function orderFileUrl(order: Pick<Order, 'id' | 'accessToken'>, kind: 'pdf' | 'xlsx'): string {
  return withQuery(`/api/orders/${order.id}/${kind}`, { token: order.accessToken });
}

/** URL of the admin list as Excel, with the same filters. */
export function adminOrdersXlsxUrl(filters: AdminOrderFilters): string {
  const { page: _page, ...params } = adminOrdersParams(filters);
  return withQuery('/api/admin/orders/xlsx', params);
}
