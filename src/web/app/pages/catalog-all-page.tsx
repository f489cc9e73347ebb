import { PackageOpen } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { type Collection, collectionSchema, type Part } from '../../../shared/api.ts';
import { ProductGrid } from '../../components/product/product-grid.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { CatalogueError, usePartsList } from '../../features/catalog/index.ts';
import { COLLECTION_TITLES, useCollection } from '../../features/carousels/index.ts';
import { useUserType } from '../../features/session/index.ts';
import { formatCountOf } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { catalogueParams } from '../paths.ts';
import { PageShell } from '../page-shell.tsx';
import { BackToCatalogue } from './back-link.tsx';

/** Titles of the full-list page (docs/product.md §5.6). */
export function catalogAllTitle(type: string): string {
  const parsed = collectionSchema.safeParse(type);
  return parsed.success ? `Todos los ${COLLECTION_TITLES[parsed.data]}` : 'Todos los Productos';
}

interface ListState {
  parts: Part[] | undefined;
  total: number | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

function ListBody({ state, showOriginal, pager }: { state: ListState; showOriginal: boolean; pager?: ReactNode }) {
  if (state.isPending) {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        Cargando productos...
      </p>
    );
  }
  if (state.isError) return <CatalogueError onRetry={state.refetch} />;
  if (!state.parts || state.parts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center text-slate-600">
        <PackageOpen aria-hidden="true" className="size-10 text-slate-400" />
        <p>No hay productos en esta categoría</p>
      </div>
    );
  }
  return (
    <>
      <ProductGrid parts={state.parts} columns="wide" showOriginal={showOriginal} />
      {pager}
    </>
  );
}

function Header({ title, total }: { title: string; total: number | undefined }) {
  useDocumentTitle(title);
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        {total !== undefined ? (
          <p className="text-sm text-slate-600">{formatCountOf(total, 'producto encontrado', 'productos encontrados')}</p>
        ) : null}
      </div>
      <BackToCatalogue />
    </div>
  );
}

function CollectionList({ type }: { type: Collection }) {
  const userType = useUserType();
  const query = useCollection(type, { userType });
  return (
    <>
      <Header title={catalogAllTitle(type)} total={query.data?.length} />
      <ListBody
        showOriginal={type === 'on-sale'}
        state={{
          parts: query.data,
          total: query.data?.length,
          isPending: query.isPending,
          isError: query.isError,
          refetch: () => void query.refetch(),
        }}
      />
    </>
  );
}

function AllProductsList() {
  const userType = useUserType();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get(catalogueParams.page)) || 1);
  const query = usePartsList({ page, sortBy: 'partNumber', sortDir: 'asc', categoryId: 0, search: '', brand: '', userType });
  const pageCount = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.limit)) : 1;
  // A page past the end (an old link) moves to the last page, in place of the URL, as on the catalogue.
  const lastPage = query.data && !query.isPlaceholderData ? pageCount : undefined;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) {
      setParams(lastPage > 1 ? { [catalogueParams.page]: String(lastPage) } : {}, { replace: true });
    }
  }, [lastPage, page, setParams]);
  return (
    <>
      <Header title={catalogAllTitle('all')} total={query.data?.total} />
      <ListBody
        showOriginal={false}
        state={{
          parts: query.data?.parts,
          total: query.data?.total,
          isPending: query.isPending,
          isError: query.isError,
          refetch: () => void query.refetch(),
        }}
        pager={
          <div className="mt-6">
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={(next) => {
                setParams({ [catalogueParams.page]: String(next) });
                window.scrollTo?.({ top: 0 });
              }}
            />
          </div>
        }
      />
    </>
  );
}

/** `/catalog-all/{type}`: the full list of a collection, or every product for any other type. */
export default function CatalogAllPage({ params }: { params: { type?: string } }) {
  const parsed = collectionSchema.safeParse(params.type);
  return <PageShell>{parsed.success ? <CollectionList type={parsed.data} /> : <AllProductsList />}</PageShell>;
}
