import { useState } from 'react';
import { photoSrcSet, photoThumbnail } from '../../../../shared/media.ts';
import { ProductImage } from '../../../components/product/product-image.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * Main image plus thumbnails when there are several (docs/product.md §5.5, §5.8). A photo uploaded in
 * the panel is offered in both sizes (`srcset`), so the browser picks the large one for the main box
 * on most screens and the thumbnail on a small, low-density one; the buttons show thumbnails.
 */
export function ProductGallery({ images, alt }: { images: string[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className="mx-auto w-full max-w-64 space-y-2 sm:max-w-sm md:max-w-none">
      <ProductImage
        src={current}
        srcSet={photoSrcSet(current)}
        sizes="(min-width: 768px) 26rem, (min-width: 640px) 24rem, 16rem"
        alt={alt}
        loading="eager"
        size={560}
        className="rounded-lg border border-slate-200"
      />
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Imágenes del producto">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Ver imagen ${i + 1} de ${images.length}`}
                aria-pressed={i === index}
                className={cn(
                  'block w-16 overflow-hidden rounded-md border-2',
                  i === index ? 'border-brand-600' : 'border-slate-200 hover:border-slate-400',
                )}
              >
                <ProductImage src={photoThumbnail(src)} alt="" size={64} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
