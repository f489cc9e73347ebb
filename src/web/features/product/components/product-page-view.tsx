import { ArrowLeft, PackageX, RotateCw, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Part, PublicConfig, UserType } from '../../../../shared/api.ts';
import { hasPrice, lineTotal } from '../../../../shared/pricing.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatPrice } from '../../../lib/format.ts';
import { ContactLinks } from '../../../components/contact-links.tsx';
import { PriceTag } from '../../../components/product/price-tag.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useProduct } from '../api.ts';
import { partWhatsappMessage } from '../whatsapp-message.ts';
import { BrandLink, categoryBreadcrumb } from './product-facts.tsx';
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
 * Shown instead of the part when it could not load for lack of connection (docs/product.md §17). The
 * part loads by itself when the connection returns; Reintentar asks again at once.
 */
function ProductOffline({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <WifiOff aria-hidden="true" className="size-12 text-amber-700" />
      <h1 className="text-2xl font-bold text-slate-900">Sin conexión</h1>
      <p className="text-slate-600">No se pudo cargar este producto porque no hay conexión. Se cargará al volver la conexión.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          Reintentar
        </Button>
        <BackButton />
      </div>
    </div>
  );
}

/**
 * The product page (docs/product.md §5.8): gallery, part number, description, price with the
 * struck-through original when discounted, brand, category, quantity stepper (minimum 1) with a
 * total, "Agregar al pedido" for that quantity (`orderButton`, composed in by the app, issue 19) and
 * the two contact links carrying code, description and quantity. Skeleton while loading; "Sin
 * conexión" when it cannot load offline; "Producto no encontrado" on any other failure.
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
  const { data: part, isPending, isError, error, fetchStatus, refetch } = useProduct(id, userType);
  const [quantity, setQuantity] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownId = part?.id;
  // Arriving from a suggestion picked with the keyboard (or any link) leaves the focus on <body>,
  // and the next Tab would walk the whole header first: the part's heading takes it instead, so the
  // quantity and "Agregar al pedido" are the next stops. A focus the user placed elsewhere stays.
  useEffect(() => {
    if (shownId === undefined) return;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus({ preventScroll: true });
  }, [shownId]);
  const validId = Number.isInteger(id) && id > 0;
  // A part never viewed while online has no offline copy: waiting for the connection (paused) or no
  // answer at all is "Sin conexión", not a missing part (docs/product.md §17).
  const offline =
    validId && part === undefined && (fetchStatus === 'paused' || (isError && error instanceof ApiError && error.code === 'NETWORK'));

  if (offline) return <ProductOffline onRetry={() => void refetch()} />;
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
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {part.description}
          </h1>
          <PriceTag part={part} showOriginal size="lg" />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {part.brand ? (
              <>
                <dt className="text-slate-500">Marca</dt>
                <dd className="text-slate-900">
                  <BrandLink brand={part.brand} />
                </dd>
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
