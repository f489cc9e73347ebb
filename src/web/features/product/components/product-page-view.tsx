import { ArrowLeft, PackageX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { Part, PublicConfig, UserType } from '../../../../shared/api.ts';
import { hasPrice, lineTotal } from '../../../../shared/pricing.ts';
import { formatPrice } from '../../../lib/format.ts';
import { ContactLinks } from '../../../components/contact-links.tsx';
import { PriceTag } from '../../../components/product/price-tag.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useProduct } from '../api.ts';
import { partWhatsappMessage } from '../whatsapp-message.ts';
import { categoryBreadcrumb } from './product-facts.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

function goBack() {
  window.history.back();
}

function BackButton() {
  return (
    <Button variant="ghost" onClick={goBack}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Volver
    </Button>
  );
}

function ProductPageSkeleton() {
  return (
    <div role="status" className="grid gap-8 md:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <span className="sr-only">Cargando producto...</span>
      <Skeleton className="aspect-square w-full" />
      <div className="space-y-4">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-10 w-40" />
      </div>
    </div>
  );
}

/**
 * The product page (docs/product.md §5.8): gallery, part number, description, price with the
 * struck-through original when discounted, brand, category, quantity stepper (minimum 1) with a
 * total, "Agregar al pedido" for that quantity (`orderButton`, composed in by the app, issue 19) and
 * the two contact links carrying code, description and quantity. Skeleton while loading; "Producto
 * no encontrado" on failure.
 */
export function ProductPageView({
  id,
  userType,
  config,
  orderButton,
}: {
  id: number;
  userType: UserType;
  config: PublicConfig;
  orderButton?: (part: Part, quantity: number) => ReactNode;
}) {
  const { data: part, isPending, isError } = useProduct(id, userType);
  const [quantity, setQuantity] = useState(1);
  const validId = Number.isInteger(id) && id > 0;

  if (validId && isPending) return <ProductPageSkeleton />;
  if (!validId || isError || !part) {
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <PackageX aria-hidden="true" className="size-12 text-slate-400" />
        <h1 className="text-2xl font-bold text-slate-900">Producto no encontrado</h1>
        <p className="text-slate-600">No se pudo cargar la información del producto.</p>
        <BackButton />
      </div>
    );
  }

  return (
    <article className="space-y-6">
      <BackButton />
      <div className="grid gap-8 md:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:gap-12">
        <ProductGallery images={part.images} alt={part.description} />
        <div className="space-y-4">
          <p className="font-mono text-sm font-semibold text-brand-700">{part.partNumber}</p>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{part.description}</h1>
          <PriceTag part={part} showOriginal size="lg" />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {part.brand ? (
              <>
                <dt className="text-slate-500">Marca</dt>
                <dd className="text-slate-900">{part.brand}</dd>
              </>
            ) : null}
            {part.categoryId !== null ? (
              <>
                <dt className="text-slate-500">Categoría</dt>
                <dd className="text-slate-900">
                  {categoryBreadcrumb(part) || '—'} <span className="text-slate-500">(ID {part.categoryId})</span>
                </dd>
              </>
            ) : null}
            <dt className="text-slate-500">Estado</dt>
            <dd className="text-slate-900">{part.stockLevel}</dd>
          </dl>
          <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <QuantityStepper value={quantity} onChange={setQuantity} />
            <p className="text-sm text-slate-700" aria-live="polite">
              Total:{' '}
              <strong className="text-lg text-brand-800">
                {hasPrice(part.price) && part.price ? formatPrice(lineTotal(part.price, quantity)) : formatPrice(null)}
              </strong>
            </p>
            {orderButton?.(part, quantity)}
          </div>
          <ContactLinks
            whatsappAdmin={config.whatsappAdmin}
            whatsappSales={config.whatsappSales}
            message={partWhatsappMessage(part, quantity)}
          />
        </div>
      </div>
    </article>
  );
}
