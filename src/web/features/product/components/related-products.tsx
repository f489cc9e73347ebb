import type { Part, UserType } from '../../../../shared/api.ts';
import { ProductCard } from '../../../components/product/product-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useRelatedProducts } from '../api.ts';

/** "Productos Relacionados": a grid whose items open that product (docs/product.md §5.5). Hidden when empty. */
export function RelatedProducts({ partId, userType, onOpen }: { partId: number; userType: UserType; onOpen: (part: Part) => void }) {
  const { data, isPending, isError } = useRelatedProducts(partId, userType);
  if (isError || (data && data.length === 0)) return null;
  return (
    <section aria-labelledby={`related-${partId}`} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={`related-${partId}`} className="font-semibold text-slate-900">
        Productos Relacionados
      </h3>
      {isPending ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="aspect-[3/4] w-full" />
          ))}
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {data.map((part) => (
            <li key={part.id}>
              <ProductCard part={part} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
