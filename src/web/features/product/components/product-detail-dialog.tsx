import { FileText, PlayCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Part, UserType } from '../../../../shared/api.ts';
import { hasPrice } from '../../../../shared/pricing.ts';
import { paths } from '../../../app/paths.ts';
import { PriceTag } from '../../../components/product/price-tag.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ProductFacts } from './product-facts.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { RelatedProducts } from './related-products.tsx';

export interface ProductDetailDialogProps {
  /** The part to show; null closes the dialog. */
  part: Part | null;
  userType: UserType;
  onClose: () => void;
  onPlayVideo: (part: Part) => void;
}

/**
 * "Detalles del Repuesto" (docs/product.md §5.5): gallery with thumbnails, facts, Precio (hidden when there is no
 * price; original struck through whenever a discount exists), document and video buttons, and
 * "Productos Relacionados", whose items replace the shown product.
 */
export function ProductDetailDialog({ part, userType, onClose, onPlayVideo }: ProductDetailDialogProps) {
  const [shown, setShown] = useState<Part | null>(part);
  useEffect(() => setShown(part), [part]);
  const current = shown ?? part;

  return (
    <Dialog open={part !== null} onOpenChange={(open) => !open && onClose()} title="Detalles del Repuesto" size="xl">
      {current ? (
        <div key={current.id} className="space-y-5">
          <div className="grid gap-5 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <ProductGallery images={current.images} alt={current.description} />
            <div className="space-y-3">
              <ProductFacts
                part={current}
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
                <Link href={paths.product(current.id)} className={buttonClasses('ghost', 'sm')} onClick={onClose}>
                  Abrir página del producto
                </Link>
              </div>
            </div>
          </div>
          <RelatedProducts partId={current.id} userType={userType} onOpen={setShown} />
        </div>
      ) : null}
    </Dialog>
  );
}
