import { AddToOrderButton } from '../../features/orders/index.ts';
import { ProductPageView, useProduct } from '../../features/product/index.ts';
import { useUserType } from '../../features/session/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageShell } from '../page-shell.tsx';

/** `/product/{id}`: the product page. */
export default function ProductPage({ params }: { params: { id?: string } }) {
  const userType = useUserType();
  const config = usePublicConfig();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : Number.NaN;
  // The same query the view reads (one request): the tab shows the part's code and description.
  const { data: part, isError, error } = useProduct(id, userType);
  const offline = error instanceof ApiError && error.code === 'NETWORK';
  useDocumentTitle(
    part
      ? `${part.partNumber} – ${part.description}`
      : offline
        ? 'Sin conexión'
        : isError || Number.isNaN(id)
          ? 'Producto no encontrado'
          : 'Producto',
  );
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
