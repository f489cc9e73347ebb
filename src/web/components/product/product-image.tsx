import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

export interface ProductImageProps {
  src: string | undefined;
  alt: string;
  /** Classes of the square box; the image keeps its aspect ratio inside it. */
  className?: string;
  /** `eager` for the first visible image of a page (the LCP candidate); lazy otherwise. */
  loading?: 'lazy' | 'eager';
  /** Rendered size hint in pixels; the box reserves its space either way (no layout shift). */
  size?: number;
  /** Box shape: square (default) or 4:3 for the denser carousels. */
  aspect?: 'square' | 'wide';
  /** Other widths of the same photo (`srcset`, docs/product.md §4.4) and the box's width for choosing one (`sizes`). */
  srcSet?: string;
  sizes?: string;
}

/**
 * A part photo in a fixed square box: lazy, async-decoded, "Sin imagen" when there is none or it
 * fails to load (docs/product.md §4.4; a failure adds "Error al cargar" for screen readers only:
 * most of a real catalogue's references name photos never published, and a grid of error tiles
 * reads as a broken site).
 */
export function ProductImage({ src, alt, className, loading = 'lazy', size = 320, aspect = 'square', srcSet, sizes }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== undefined && failedSrc === src;
  return (
    <div className={cn('relative w-full overflow-hidden bg-white', aspect === 'wide' ? 'aspect-[4/3]' : 'aspect-square', className)}>
      {src && !failed ? (
        <img
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          width={size}
          height={size}
          loading={loading}
          fetchPriority={loading === 'eager' ? 'high' : undefined}
          decoding="async"
          onError={() => setFailedSrc(src)}
          className="absolute inset-0 h-full w-full object-contain p-1"
        />
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-slate-100 p-1 text-center text-slate-600">
          <ImageOff aria-hidden="true" className="size-6 shrink-0" />
          <span className="text-[11px] font-medium leading-tight sm:text-xs">
            Sin imagen{failed ? <span className="sr-only"> (Error al cargar)</span> : null}
          </span>
        </div>
      )}
    </div>
  );
}
