import { AddToOrderButton } from '../../features/orders/index.ts';
import { ProductPageView } from '../../features/product/index.ts';
import { useUserType } from '../../features/session/index.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { PageShell } from '../page-shell.tsx';

/** `/product/{id}`: the product page. */
export default function ProductPage({ params }: { params: { id?: string } }) {
  const userType = useUserType();
  const config = usePublicConfig();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : Number.NaN;
  return (
    <PageShell>
      <ProductPageView
        key={id}
        id={id}
        userType={userType}
        config={config}
        orderButton={(part, quantity) => <AddToOrderButton part={part} quantity={quantity} />}
      />
    </PageShell>
  );
}
