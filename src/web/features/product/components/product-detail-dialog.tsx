import { FileText, PlayCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Part, UserType } from '../../../../shared/api.ts';
import { hasPrice } from '../../../../shared/pricing.ts';
import { paths } from '../../../app/paths.ts';
import { PriceTag } from '../../../components/product/price-tag.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ContactLinks } from '../../../components/contact-links.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { partWhatsappMessage } from '../whatsapp-message.ts';
import { ProductFacts } from './product-facts.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { RelatedProducts } from './related-products.tsx';

export interface ProductDetailDialogProps {
  /** The part to show; null closes the dialog. */
  part: Part | null;
  userType: UserType;
  onClose: () => void;
  onPlayVideo: (part: Part) => void;
  /** The "Agregar al pedido" control for the chosen quantity (composed in by the app, issue 19). */
  orderButton?: (part: Part, quantity: number) => ReactNode;
  /** Staff actions on the part (the admin's "Editar", issue 21), composed in by the app. */
  adminAction?: (part: Part) => ReactNode;
  /**
   * The back button closes the dialog (default). Off while `adminAction` may open its own dialog
   * over this one: back would otherwise close this one and, with it, that editor's unsaved edits.
   */
  closeOnBack?: boolean;
}

/** Quantity stepper, the order control and the WhatsApp links carrying code, description and quantity. */
function OrderAndContact({ part, orderButton }: { part: Part; orderButton: ProductDetailDialogProps['orderButton'] }) {
  const config = usePublicConfig();
  const [quantity, setQuantity] = useState(1);
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-center gap-3">
        <QuantityStepper value={quantity} onChange={setQuantity} />
        {orderButton?.(part, quantity)}
      </div>
      <ContactLinks
        whatsappAdmin={config.whatsappAdmin}
        whatsappSales={config.whatsappSales}
        message={partWhatsappMessage(part, quantity)}
      />
    </div>
  );
}

/**
 * "Detalles del Repuesto" (docs/product.md §5.5): gallery with thumbnails, facts, Precio (hidden when there is no
 * price; original struck through whenever a discount exists), document and video buttons, a quantity
 * with "Agregar al pedido" and WhatsApp links carrying the part (issue 19), and "Productos
 * Relacionados", whose items replace the shown product (the focus goes to its start). The back
 * button closes it (and only it).
 */
export function ProductDetailDialog({
  part,
  userType,
  onClose,
  onPlayVideo,
  orderButton,
  adminAction,
  closeOnBack = true,
}: ProductDetailDialogProps) {
  const [shown, setShown] = useState<Part | null>(part);
  useEffect(() => setShown(part), [part]);
  const current = shown ?? part;
  // A related product replaces the shown one, and with it the item that was pressed: the focus goes
  // to the new part's start (the dialog scrolled to its top), not to the dialog's frame midway down.
  const start = useRef<HTMLElement>(null);
  const pickedRelated = useRef(false);
  const currentId = current?.id;
  useEffect(() => {
    if (!pickedRelated.current || currentId === undefined) return;
    pickedRelated.current = false;
    start.current?.scrollIntoView?.({ block: 'start' });
    start.current?.focus({ preventScroll: true });
  }, [currentId]);
  const openRelated = (next: Part) => {
    pickedRelated.current = true;
    setShown(next);
  };

  return (
    <Dialog
      open={part !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Detalles del Repuesto"
      size="xl"
      closeOnBack={closeOnBack}
    >
      {current ? (
        <article
          key={current.id}
          ref={start}
          aria-label={`Repuesto ${current.partNumber}`}
          tabIndex={-1}
          className="space-y-5 focus:outline-none"
        >
          <div className="grid gap-5 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <ProductGallery images={current.images} alt={current.description} />
            <div className="space-y-3">
              <ProductFacts
                part={current}
                onNavigate={onClose}
                extra={
                  hasPrice(current.price) ? (
                    <div className="grid gap-0.5 py-2 sm:grid-cols-[11rem_1fr] sm:gap-3">
                      <dt className="text-sm font-medium text-slate-500">Precio</dt>
                      <dd>
                        <PriceTag part={current} showOriginal size="lg" />
                      </dd>
                    </div>
                  ) : null
                }
              />
              <div className="flex flex-wrap gap-2">
                {current.documentUrl ? (
                  <a href={current.documentUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')}>
                    <FileText aria-hidden="true" className="size-4" />
                    Ver documento<span className="sr-only"> (se abre en una pestaña nueva)</span>
                  </a>
                ) : null}
                {current.videoUrl ? (
                  <button type="button" className={buttonClasses('outline', 'sm')} onClick={() => onPlayVideo(current)}>
                    <PlayCircle aria-hidden="true" className="size-4" />
                    Ver video
                  </button>
                ) : null}
                {/* Replaces the dialog's history entry: back from the product page returns to the list. */}
                <Link href={paths.product(current.id)} className={buttonClasses('ghost', 'sm')} onClick={onClose} replace>
                  Abrir página del producto
                </Link>
                {adminAction?.(current)}
              </div>
              <OrderAndContact part={current} orderButton={orderButton} />
            </div>
          </div>
          <RelatedProducts partId={current.id} userType={userType} onOpen={openRelated} />
        </article>
      ) : null}
    </Dialog>
  );
}
