import { CatalogueResults, GuestNotice, SearchBox, useCatalogueState } from '../../features/catalog/index.ts';
import { Link } from 'wouter';
import { COLLECTIONS } from '../../../shared/api.ts';
import { COLLECTION_TITLES, HomeCarousels } from '../../features/carousels/index.ts';
import { ExcelButton, PdfButton } from '../../features/exports/index.ts';
import { FeedbackBox } from '../../features/feedback/index.ts';
import { CategoryDrawer, CategoryIndex, findCategoryPath, usePublicCategories } from '../../features/categories/index.ts';
import { useSession } from '../../features/session/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { paths } from '../paths.ts';
import { ProductOverlays } from '../product-overlays.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';

const ALL_PRODUCTS_TITLE = 'TODOS LOS PRODUCTOS';

/**
 * The three carousels as one compact row of links on a phone (issue 22), so the product list starts
 * within the first screen; each opens its full list (/catalog-all/{type}).
 */
function CollectionLinks() {
  return (
    <nav aria-label="Colecciones" className="-mx-3 overflow-x-auto px-3">
      <ul className="flex gap-2">
        {COLLECTIONS.map((type) => (
          <li key={type} className="shrink-0">
            <Link
              href={paths.catalogAll(type)}
              className="inline-flex min-h-11 items-center rounded-full border border-brand-200 bg-white px-4 text-sm font-medium text-brand-800 hover:bg-brand-50"
            >
              {COLLECTION_TITLES[type]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The main catalogue screen (docs/product.md §5): header with search, the index (sidebar on desktop, drawer
 * on mobile), the carousels when nothing narrows the list, the list, and the guest notice.
 */
export function CatalogueScreen() {
  const catalogue = useCatalogueState();
  const session = useSession();
  const userType = session?.userType ?? 'guest';
  const { data: tree } = usePublicCategories();
  const { categoryId } = catalogue.state;
  const category = categoryId && tree ? findCategoryPath(tree, categoryId).at(-1) : undefined;
  const title = categoryId ? (category?.name ?? 'Categoría') : ALL_PRODUCTS_TITLE;
  const { search } = catalogue.state;
  const phone = useMediaQuery('(max-width: 639.98px)');
  // Below lg the index lives in the drawer: the sidebar's tree (hundreds of categories in a real
  // catalogue) is not built at all there, not only hidden (issue 22: a phone's first render).
  const narrow = useMediaQuery('(max-width: 1023.98px)');
  useDocumentTitle(search ? `Búsqueda «${search}»${category ? ` en ${category.name}` : ''}` : (category?.name ?? 'Catálogo'));

  return (
    <ProductOverlays>
      <a
        href="#contenido"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Saltar al contenido
      </a>
      <div className="flex min-h-dvh flex-col">
        <AppHeader
          search={<SearchBox value={catalogue.state.search} onSearch={catalogue.setSearch} onOpenCategory={catalogue.showCategory} />}
          downloads={(place) => (
            <>
              <ExcelButton
                categoryId={catalogue.state.categoryId}
                search={catalogue.state.search}
                brand={catalogue.state.brand}
                sortBy={catalogue.state.sortBy}
                sortDir={catalogue.state.sortDir}
                {...(place === 'menu' ? { tone: 'page' as const, variant: 'ghost' as const, fullLabel: true } : {})}
              />
              <PdfButton
                categoryIds={categoryId ? [categoryId] : 'all'}
                {...(category ? { categoryName: category.name } : {})}
                search={catalogue.state.search}
                brand={catalogue.state.brand}
                includePrices
                tone={place === 'menu' ? 'page' : 'header'}
                {...(place === 'menu' ? { variant: 'ghost' as const } : {})}
              />
            </>
          )}
        />
        <div className="mx-auto flex w-full max-w-[1600px] flex-1 gap-6 px-3 py-4 sm:px-4">
          {narrow ? null : (
            <aside className="hidden w-64 shrink-0 lg:block xl:w-72">
              <div className="sticky top-32 max-h-[calc(100dvh-9rem)] overflow-y-auto rounded-lg 2xl:top-20 2xl:max-h-[calc(100dvh-6rem)] border border-slate-200 bg-white p-3">
                <CategoryIndex selectedId={categoryId} onSelect={catalogue.setCategory} />
              </div>
            </aside>
          )}
          <main id="contenido" tabIndex={-1} className="min-w-0 flex-1 space-y-5 focus:outline-none">
            <div className="lg:hidden">
              <CategoryDrawer selectedId={categoryId} onSelect={catalogue.setCategory} />
            </div>
            {catalogue.filtered ? null : phone ? <CollectionLinks /> : <HomeCarousels userType={userType} />}
            <CatalogueResults catalogue={catalogue} userType={userType} title={title} />
            {userType === 'guest' ? <GuestNotice /> : session?.username ? <FeedbackBox /> : null}
          </main>
        </div>
        <AppFooter />
      </div>
    </ProductOverlays>
  );
}
