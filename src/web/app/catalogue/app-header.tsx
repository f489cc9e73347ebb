import { ExternalLink, ShoppingCart, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { OfflineBanner } from '../../components/offline-banner.tsx';
import { OrderHeaderActions } from '../../features/orders/index.ts';
import { UserMenu, useSession } from '../../features/session/index.ts';
import { usePublicConfigState } from '../../lib/public-config.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { routes } from '../paths.ts';

/** Where the header shows an action: in its bar (≥ 1024 px) or in the "Más opciones" menu. */
export type HeaderPlace = 'header' | 'menu';

/**
 * Phones and tablets: the header's actions go into a menu below Tailwind's `lg` (1024 px), where
 * the brand, downloads, order links and badge no longer fit one row; the search box has a row of
 * its own below `2xl` (1536 px), so it keeps a usable width next to the actions.
 */
const PHONE_QUERY = '(max-width: 1023.98px)';

/**
 * Catalogue header (docs/product.md §5.1): brand, search box (passed in), Excel download of what is on screen
 * (passed in, at the viewer's prices), order-platform link (new tab), "Mi pedido" with its count
 * (issue 19), user badge with profile and logout, and the "Sin conexión" strip while offline (issue 22).
 */
export function AppHeader({ search, downloads }: { search?: ReactNode; downloads?: (place: HeaderPlace) => ReactNode }) {
  const { config, loaded } = usePublicConfigState();
  const session = useSession();
  // Below 1024 px the downloads and the order platform move into the user menu's "Más opciones".
  const phone = useMediaQuery(PHONE_QUERY) && session !== null;
  const orderPlatform = config.orderPlatformUrl || !loaded;
  return (
    <header className="sticky top-0 z-30 bg-brand-900 text-white shadow">
      <div className="mx-auto grid max-w-[1600px] grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-2 sm:gap-x-4 px-3 py-2 sm:px-4 2xl:grid-cols-[auto_minmax(0,1fr)_auto]">
        <Link href={routes.home} className="flex min-h-11 min-w-11 items-center gap-1.5 rounded py-1 sm:gap-2">
          <span className="shrink-0 rounded-md bg-accent-600 p-1 sm:p-1.5">
            <Wrench aria-hidden="true" className="size-4 sm:size-5" />
          </span>
          {/* Below 360 px there is no room for a whole word beside the actions: the icon stands alone. */}
          <span className="flex min-w-0 flex-col leading-tight max-[359.98px]:sr-only">
            {/* The full name on a phone too, smaller: it wraps between its words, never inside one. */}
            <span className="line-clamp-2 text-xs font-bold break-normal min-[390px]:text-[0.8125rem] sm:block sm:truncate sm:text-base">
              {config.brandName}
            </span>
            <span className="hidden text-xs text-brand-200 sm:block">{config.tagline}</span>
          </span>
        </Link>
        {search ? (
          <div className="col-span-2 row-start-2 2xl:col-span-1 2xl:col-start-2 2xl:row-start-1 2xl:px-4">{search}</div>
        ) : (
          <div className="hidden 2xl:block" />
        )}
        <div className="flex items-center justify-end gap-1 max-sm:[&>button]:h-11 sm:gap-2">
          {phone ? null : downloads?.('header')}
          {!phone && orderPlatform ? (
            // Rendered (without a target) while the configuration loads, so the header does not shift.
            <a
              href={config.orderPlatformUrl || undefined}
              aria-disabled={loaded ? undefined : true}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-9 items-center gap-1.5 rounded-md bg-accent-600 px-3 text-sm font-semibold text-white hover:bg-accent-700"
            >
              <ShoppingCart aria-hidden="true" className="size-4 sm:hidden" />
              <span className="sr-only sm:not-sr-only">Realizar Pedido</span>
              <ExternalLink aria-hidden="true" className="hidden size-3.5 sm:block" />
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
          ) : null}
          {/* Without an external platform, "Realizar Pedido" opens Mi pedido (issue 19 §6). */}
          <OrderHeaderActions placeOrder={loaded && !config.orderPlatformUrl} />
          {session ? (
            <UserMenu
              session={session}
              phone={phone}
              menuItems={
                <>
                  {downloads?.('menu')}
                  {config.orderPlatformUrl ? (
                    <a href={config.orderPlatformUrl} target="_blank" rel="noopener noreferrer">
                      <ExternalLink aria-hidden="true" className="size-4" />
                      Realizar Pedido
                      <span className="sr-only"> (se abre en una pestaña nueva)</span>
                    </a>
                  ) : null}
                </>
              }
            />
          ) : null}
        </div>
      </div>
      <OfflineBanner />
    </header>
  );
}
