import { MyOrders } from '../../features/orders/index.ts';
import { PageShell } from '../page-shell.tsx';

/** `/mis-pedidos`: a signed-in customer's pedidos (issue 19 §4). */
export default function MyOrdersPage() {
  return (
    <PageShell>
      <MyOrders />
    </PageShell>
  );
}
