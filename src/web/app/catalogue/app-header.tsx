import { ExternalLink, ShoppingCart, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { OfflineBanner } from '../../components/offline-banner.tsx';
import { OrderHeaderActions } from '../../features/orders/index.ts';
import { UserMenu, useSession } from '../../features/session/index.ts';
import { usePublicConfigState } from '../../lib/public-config.ts';
import { routes } from '../paths.ts';

/**
 * Catalogue header (docs/product.md §5.1): brand, search box (passed in), Excel download of what is on screen
 * (passed in, at the viewer's prices), order-platform link (new tab), "Mi pedido" with its count
 * (issue 19), user badge with profile and logout, and the "Sin conexión" strip while offline (issue 22).
 */
export function AppHeader({ search, downloads }: { search?: ReactNode; downloads?: ReactNode }) {
  const { config, loaded } = usePublicConfigState();
  const session = useSession();
  return (
    <header className="sticky top-0 z-30 bg-brand-900 text-white shadow">
      <div className="mx-auto grid max-w-[1600px] grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-4 md:grid-cols-[auto_minmax(0,1fr)_auto]">
        <Link href={routes.home} className="flex min-w-0 items-center gap-2 rounded py-1">
          <span className="rounded-md bg-accent-600 p-1.5">
            <Wrench aria-hidden="true" className="size-5" />
          </span>
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="block truncate text-base font-bold">{config.brandName}</span>
            <span className="hidden text-xs text-brand-200 sm:block">{config.tagline}</span>
          </span>
        </Link>
        {search ? (
          <div className="col-span-2 row-start-2 md:col-span-1 md:col-start-2 md:row-start-1 md:px-4">{search}</div>
        ) : (
          <div className="hidden md:block" />
        )}
        <div className="flex items-center justify-end gap-1 sm:gap-2">
          {downloads}
          {config.orderPlatformUrl || !loaded ? (
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
          {session ? <UserMenu session={session} /> : null}
        </div>
      </div>
      <OfflineBanner />
    </header>
  );
}
