/**
 * What waits for staff, counted for the panel's tab badges (issue 21 item 8; docs/product.md
 * §10.2): access requests to approve, part requests still pending and pedidos still "Recibido".
 */
import type { AdminCounts } from '../../../shared/admin-users.ts';
import type { Db } from '../../db/client.ts';
import { countNewOrders } from '../orders/service.ts';
import { countPendingRequests } from '../part-requests/service.ts';
import { countPendingUsers } from '../users/service.ts';

/** The three counts, read together. */
export async function adminCounts(db: Db): Promise<AdminCounts> {
  const [pendingUsers, pendingRequests, newOrders] = await Promise.all([
    countPendingUsers(db),
    countPendingRequests(db),
    countNewOrders(db),
  ]);
  return { pendingUsers, pendingRequests, newOrders };
}
