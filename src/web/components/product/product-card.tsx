import { FileText, PlayCircle } from 'lucide-react';
import type { Part } from '../../../shared/api.ts';
import { photoThumbnail } from '../../../shared/media.ts';
import { cn } from '../../lib/cn.ts';
import { PriceTag } from './price-tag.tsx';
import { useProductActions } from './product-actions.tsx';
import { ProductImage } from './product-image.tsx';
import { StockBadge } from './stock-badge.tsx';

export const DEFAULT_SALES_UNIT = '1 unidad';

export interface ProductCardProps {
  part: Part;
  /** Show original price and discount (on-sale lists only, docs/product.md §3.4). */
  showOriginal?: boolean;
  /** Overrides the provider's `openProduct` (e.g. navigation to /product/:id). */
  onOpen?: (part: Part) => void;
  layout?: 'grid' | 'list';
  imageLoading?: 'lazy' | 'eager';
  /** Denser grid card (4:3 image), used by the carousels. */
  dense?: boolean;
}

/** On phones the quantity field and the add button are 44 px tall targets (issue 22). */
const PHONE_TARGETS = 'max-sm:[&_button]:h-11 max-sm:[&_input]:h-11';

function MediaButtons({ part, onVideo }: { part: Part; onVideo: ((part: Part) => void) | undefined }) {
  if (!part.documentUrl && !(part.videoUrl && onVideo)) return null;
  const cls =
    'relative z-10 inline-flex h-11 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-xs font-medium text-slate-700 hover:bg-slate-50 sm:h-8';
  return (
    <div className="flex flex-wrap gap-1.5">
      {part.documentUrl ? (
        <a href={part.documentUrl} target="_blank" rel="noopener noreferrer" className={cls}>
          <FileText aria-hidden="true" className="size-3.5" />
          Ficha<span className="sr-only"> de {part.partNumber} (se abre en una pestaña nueva)</span>
        </a>
      ) : null}
      {part.videoUrl && onVideo ? (
        <button type="button" className={cls} onClick={() => onVideo(part)}>
          <PlayCircle aria-hidden="true" className="size-3.5" />
          Video<span className="sr-only"> de {part.partNumber}</span>
        </button>
      ) : null}
    </div>
  );
}

/**
 * A part in a list (docs/product.md §5.4): image or "Sin imagen", part number, description,
 * price, stock badge (green in stock, red otherwise), sales unit (default "1 unidad"), document
 * and video buttons, and the page's order control when it provides one. The description is the
 * button that opens the detail; the whole card is its click target.
 */
export function ProductCard({ part, showOriginal = false, onOpen, layout = 'grid', imageLoading, dense = false }: ProductCardProps) {
  const actions = useProductActions();
  const open = onOpen ?? actions?.openProduct;
  const unit = part.salesUnit.trim() || DEFAULT_SALES_UNIT;
  // Grid titles reserve their lines so cards of one row and their skeletons share a height.
  const clamp = layout === 'grid' ? (dense ? 'line-clamp-2 min-h-10' : 'line-clamp-3') : 'line-clamp-2';
  const title = (
    <h3 className={cn('font-medium text-slate-900', layout === 'grid' ? 'text-sm' : 'text-sm sm:text-base')}>
      <button
        type="button"
        onClick={() => open?.(part)}
        className="block w-full text-left after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-500"
      >
        <span className={clamp}>{part.description || part.partNumber}</span>
      </button>
    </h3>
  );
  if (layout === 'list') {
    return (
      // On a phone the description takes the row beside the photo and the price, media and order
      // control go to a row of their own below it; from `sm` they are a column on the right.
      <article className="relative flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 hover:border-brand-200 hover:shadow-sm sm:flex-nowrap">
        <div className="w-16 shrink-0 sm:w-20">
          <ProductImage src={photoThumbnail(part.images[0])} alt="" className="rounded" size={80} loading={imageLoading} />
        </div>
        <div className="min-w-0 grow basis-[calc(100%-4.75rem)] space-y-1 sm:basis-0">
          <p className="font-mono text-xs font-semibold text-brand-700">{part.partNumber}</p>
          {title}
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <StockBadge stockLevel={part.stockLevel} />
            <span className="whitespace-nowrap">{unit}</span>
          </div>
        </div>
        <div className="flex w-full flex-wrap items-center justify-between gap-2 sm:w-auto sm:shrink-0 sm:flex-col sm:flex-nowrap sm:items-end sm:justify-start">
          <PriceTag part={part} showOriginal={showOriginal} size="sm" className="justify-end text-right" />
          <MediaButtons part={part} onVideo={actions?.playVideo} />
          {actions?.orderControl ? <div className={PHONE_TARGETS}>{actions.orderControl(part)}</div> : null}
        </div>
      </article>
    );
  }
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white hover:border-brand-200 hover:shadow-md">
      <ProductImage
        src={photoThumbnail(part.images[0])}
        alt=""
        className="border-b border-slate-100"
        loading={imageLoading}
        aspect={dense ? 'wide' : 'square'}
      />
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p className="font-mono text-xs font-semibold text-brand-700">{part.partNumber}</p>
        {title}
        <div className="mt-auto space-y-1.5 pt-1">
          <PriceTag part={part} showOriginal={showOriginal} size="sm" />
          <div className="flex flex-wrap items-center justify-between gap-1 text-xs text-slate-600">
            <StockBadge stockLevel={part.stockLevel} />
            <span>{unit}</span>
          </div>
          <MediaButtons part={part} onVideo={actions?.playVideo} />
          {actions?.orderControl ? <div className={PHONE_TARGETS}>{actions.orderControl(part)}</div> : null}
        </div>
      </div>
    </article>
  );
}
