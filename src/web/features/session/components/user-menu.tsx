import { ClipboardList, LogOut, UserRound } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'wouter';
import { ORDER_LABELS } from '../../../../shared/order-labels.ts';
import { paths } from '../../../app/paths.ts';
import { HeaderMenu } from '../../../components/ui/header-menu.tsx';
import { cn } from '../../../lib/cn.ts';
import { useOnDemandDialog } from '../../../lib/use-on-demand-dialog.ts';
import { useLogout } from '../api.ts';
import { type Session, USER_TYPE_LABELS } from '../session-store.ts';

// "Mi Perfil" (and its form library) loads when first opened, not with the header.
const loadProfileDialog = () => import('./profile-dialog.tsx');
const ProfileDialog = lazy(async () => ({ default: (await loadProfileDialog()).ProfileDialog }));

/**
 * Header user badge (username and type label, always visible: docs/product.md §5.1, issue 22),
 * "Mi Perfil" dialog, "Mis pedidos" for a signed-in client or distributor (issue 19 §4: a guest's
 * pedidos have no account, staff do not order) and "Salir" (back to the start screen). "Mis
 * pedidos" is an icon below 1536 px and "Salir" below 640 px, named for screen readers, so the
 * search box keeps its room. On a phone (`phone`) both move, with the header's other actions
 * (`menuItems`: downloads, order platform), into the labelled "Más opciones" menu, so the badge
 * keeps its room; every target is at least 44 px.
 */
export function UserMenu({ session, phone = false, menuItems }: { session: Session; phone?: boolean; menuItems?: ReactNode }) {
  const profile = useOnDemandDialog(loadProfileDialog);
  const logout = useLogout();
  const typeLabel = USER_TYPE_LABELS[session.userType];
  const ordersLink = session.userId != null && session.userType !== 'admin';
  return (
    <div className="flex min-w-0 items-center gap-1">
      <button
        type="button"
        onClick={profile.show}
        onPointerEnter={profile.preload}
        onFocus={profile.preload}
        className="flex min-h-11 min-w-0 items-center gap-2 rounded-md px-1.5 py-1 text-left text-white hover:bg-white/10 sm:px-2"
        aria-label={`Mi Perfil: ${session.username}, ${typeLabel}`}
      >
        <span className={cn('rounded-full bg-white/15 p-1.5', phone && 'hidden')}>
          <UserRound aria-hidden="true" className="size-4" />
        </span>
        <span className="flex min-w-0 flex-col leading-tight">
          <span className={cn('truncate text-sm font-medium', phone ? 'max-w-20 min-[390px]:max-w-32' : 'max-w-36')}>
            {session.username}
          </span>
          {/* A space between the two lines, so the visible text "name type" is part of the label (label-in-name). */}{' '}
          <span className="text-xs text-brand-200">{typeLabel}</span>
        </span>
      </button>
      {phone ? (
        <HeaderMenu>
          {menuItems}
          {ordersLink ? (
            <Link href={paths.myOrders()}>
              <ClipboardList aria-hidden="true" className="size-4" />
              {ORDER_LABELS.myOrders}
            </Link>
          ) : null}
          <button type="button" onClick={() => void logout()} className="items-center gap-2 rounded-md text-sm font-medium">
            <LogOut aria-hidden="true" className="size-4" />
            Salir
          </button>
        </HeaderMenu>
      ) : (
        <>
          {ordersLink ? (
            <Link
              href={paths.myOrders()}
              title={ORDER_LABELS.myOrders}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm text-white hover:bg-white/10"
            >
              <ClipboardList aria-hidden="true" className="size-4" />
              <span className="sr-only 2xl:not-sr-only">{ORDER_LABELS.myOrders}</span>
            </Link>
          ) : null}
          <button
            type="button"
            onClick={() => void logout()}
            aria-label="Salir"
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm text-white hover:bg-white/10"
          >
            <LogOut aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Salir</span>
          </button>
        </>
      )}
      {profile.mounted ? (
        <Suspense fallback={null}>
          <ProfileDialog session={session} open={profile.open} onOpenChange={profile.setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
