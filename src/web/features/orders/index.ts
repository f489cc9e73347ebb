/**
 * Public surface of the pedidos feature (issue 19). The first load gets the header's controls and
 * the "Agregar al pedido" controls (their markup, the cart mode and the count query only: the cart's
 * edits load on a control's first hover, focus or click, docs/performance.md budget of 150 kB);
 * "Mi pedido" itself, "Mis pedidos" and the admin tab are lazy components here, so their code (and
 * the form library) loads when first shown.
 */
import { lazy } from 'react';

export { AddToOrderButton, useCardOrderControl } from './components/add-to-order.tsx';
export { OrderHeaderActions } from './components/order-header-actions.tsx';

/** "Mis pedidos" (a signed-in customer's pedidos), for the `/mis-pedidos` route. */
export const MyOrders = lazy(async () => ({ default: (await import('./components/my-orders.tsx')).MyOrders }));

const loadAdmin = () => import('./components/admin-orders-tab.tsx');
/** The admin panel's "Pedidos" tab. */
export const AdminOrdersTab = lazy(async () => ({ default: (await loadAdmin()).AdminOrdersTab }));
