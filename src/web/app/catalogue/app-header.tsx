import { ExternalLink, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { UserMenu, useSession } from '../../features/session/index.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { routes } from '../paths.ts';

/**
 * Catalogue header (spec 2): brand, search box (passed in), order-platform link (new tab), user
 * badge with profile and logout. The Excel button stays hidden until the exports exist.
 */
export function AppHeader({ search }: { search?: ReactNode }) {
  const config = usePublicConfig();
  const session = useSession();
  return (
    <header className="sticky top-0 z-30 bg-brand-900 text-white shadow">
      <div className="mx-auto flex max-w-[1600px] flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-4">
        <Link href={routes.home} className="flex min-w-0 items-center gap-2 rounded py-1">
          <span className="rounded-md bg-accent-600 p-1.5">
            <Wrench aria-hidden="true" className="size-5" />
          </span>
          <span className="flex flex-col leading-tight">
            <span className="truncate text-base font-bold">{config.brandName}</span>
            <span className="hidden text-xs text-brand-200 sm:block">{config.tagline}</span>
          </span>
        </Link>
        <div className="order-last w-full md:order-none md:w-auto md:flex-1 md:px-4">{search}</div>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {config.orderPlatformUrl ? (
            <a
              href={config.orderPlatformUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-9 items-center gap-1.5 rounded-md bg-accent-600 px-3 text-sm font-semibold text-white hover:bg-accent-700"
            >
              <span className="hidden sm:inline">Realizar Pedido</span>
              <span className="sm:hidden">Pedidos</span>
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
          ) : null}
          {session ? <UserMenu session={session} /> : null}
        </div>
      </div>
    </header>
  );
}
