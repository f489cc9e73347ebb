import type { Part } from '../../../shared/api.ts';
import { hasPrice, showsOriginalPrice } from '../../../shared/pricing.ts';
import { formatPrice } from '../../lib/format.ts';
import { cn } from '../../lib/cn.ts';

export interface PriceTagProps {
  part: Pick<Part, 'price' | 'originalPrice' | 'discountPercentage'>;
  /**
   * Show the struck-through original price and the discount: only on on-sale lists, and on the
   * detail views whenever a discount exists (docs/product.md §3.4).
   */
  showOriginal?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'text-base', md: 'text-lg', lg: 'text-3xl' } as const;

/** The viewer's price in ARS (es-AR) or "Consultar Precio". */
export function PriceTag({ part, showOriginal = false, size = 'md', className }: PriceTagProps) {
  const priced = hasPrice(part.price);
  const discounted = showOriginal && priced && showsOriginalPrice(part.discountPercentage) && hasPrice(part.originalPrice);
  return (
    <div className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cn('font-bold', sizes[size], priced ? 'text-brand-800' : 'text-sm font-semibold text-slate-500')}>
        {formatPrice(part.price)}
      </span>
      {discounted ? (
        <>
          <s className="text-sm text-slate-500">
            <span className="sr-only">Precio anterior: </span>
            {formatPrice(part.originalPrice)}
          </s>
          <span className="rounded bg-accent-600 px-1.5 py-0.5 text-xs font-bold text-white">-{part.discountPercentage}%</span>
        </>
      ) : null}
    </div>
  );
}
