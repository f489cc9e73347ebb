import { PackageOpen } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { collectionSchema, type Part, type SortField, sortFieldSchema } from '../../../shared/api.ts';
import { ProductGrid } from '../../components/product/product-grid.tsx';
import { type SortDirection, SortSelect } from '../../components/ui/sort-select.tsx';
import { ViewToggle } from '../../components/ui/view-toggle.tsx';
import { CatalogueError } from '../../features/catalog/index.ts';
import { COLLECTION_TITLES, useCollection } from '../../features/carousels/index.ts';
import { useSession } from '../../features/session/index.ts';
import { formatCountOf } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useViewMode } from '../../lib/use-view-mode.ts';
import { catalogueParams } from '../paths.ts';
import { PageShell } from '../page-shell.tsx';
import { BackToCatalogue } from './back-link.tsx';
import NotFoundPage from './not-found-page.tsx';

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** Sorts a collection in the browser (the collection endpoint has no sort parameter). */
export function sortParts(parts: readonly Part[], sortBy: SortField, direction: SortDirection): Part[] {
  const sign = direction === 'asc' ? 1 : -1;
  const price = (p: Part) => (p.price === null ? Number.POSITIVE_INFINITY : Number(p.price));
  return [...parts].sort((a, b) => {
    if (sortBy === 'price') {
      const pa = price(a);
      const pb = price(b);
      // Parts without a price go last in both directions.
      if (pa === pb) return 0;
      if (!Number.isFinite(pa)) return 1;
      if (!Number.isFinite(pb)) return -1;
      return (pa - pb) * sign;
    }
    return collator.compare(a[sortBy], b[sortBy]) * sign;
  });
}

function CollectionView({ type }: { type: 'featured' | 'new-arrivals' | 'on-sale' }) {
  // The collection page calls without userType (docs/product.md §5.7); the server prices by session.
  const query = useCollection(type);
  // The order lives in the URL as on the catalogue (`?orden=price&dir=desc`), so a reload keeps it.
  const [params, setParams] = useSearchParams();
  const sort = sortFieldSchema.safeParse(params.get(catalogueParams.sort));
  const sortBy: SortField = sort.success ? sort.data : 'partNumber';
  const direction: SortDirection = params.get(catalogueParams.direction) === 'desc' ? 'desc' : 'asc';
  const [view, setView] = useViewMode();
  const parts = useMemo(() => (query.data ? sortParts(query.data, sortBy, direction) : []), [query.data, sortBy, direction]);
  useDocumentTitle(COLLECTION_TITLES[type]);
  return (
    <>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">{COLLECTION_TITLES[type]}</h1>
          {query.data ? (
            <p className="text-sm text-slate-600">{formatCountOf(query.data.length, 'producto encontrado', 'productos encontrados')}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SortSelect
            sortBy={sortBy}
            direction={direction}
            onChange={(field, dir) => {
              const next = new URLSearchParams();
              if (field !== 'partNumber') next.set(catalogueParams.sort, field);
              if (dir !== 'asc') next.set(catalogueParams.direction, dir);
              setParams(next);
            }}
          />
          <ViewToggle value={view} onChange={setView} />
          <BackToCatalogue />
        </div>
      </div>
      {query.isPending ? (
        <p role="status" className="py-16 text-center text-slate-600">
          Cargando productos...
        </p>
      ) : query.isError ? (
        <CatalogueError onRetry={() => void query.refetch()} />
      ) : parts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center text-slate-600">
          <PackageOpen aria-hidden="true" className="size-10 text-slate-400" />
          <p>No hay productos en esta categoría</p>
        </div>
      ) : (
        <ProductGrid parts={parts} view={view} columns="wide" showOriginal={type === 'on-sale'} />
      )}
    </>
  );
}

/**
 * `/category/{type}` (docs/product.md §5.7): rendered only for an authenticated session,
 * otherwise blank; an unknown type is a 404.
 */
export default function CategoryPage({ params }: { params: { type?: string } }) {
  const session = useSession();
  const parsed = collectionSchema.safeParse(params.type);
  if (!session?.isAuthenticated) return null;
  if (!parsed.success) return <NotFoundPage />;
  return (
    <PageShell>
      <CollectionView type={parsed.data} />
    </PageShell>
  );
}
