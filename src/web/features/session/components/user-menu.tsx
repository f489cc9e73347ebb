import { ClipboardList, LogOut, UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { ORDER_LABELS } from '../../../../shared/order-labels.ts';
import { paths } from '../../../app/paths.ts';
import { useOnDemandDialog } from '../../../lib/use-on-demand-dialog.ts';
import { useLogout } from '../api.ts';
import { type Session, USER_TYPE_LABELS } from '../session-store.ts';

// "Mi Perfil" (and its form library) loads when first opened, not with the header.
const loadProfileDialog = () => import('./profile-dialog.tsx');
const ProfileDialog = lazy(async () => ({ default: (await loadProfileDialog()).ProfileDialog }));

/**
 * Header user badge (username and type label), "Mi Perfil" dialog, "Mis pedidos" for a signed-in
 * client or distributor (issue 19 §4: a guest's pedidos have no account, staff do not order) and
 * "Salir" (back to the start screen). "Mis pedidos" is an icon below 1536 px and "Salir" below
 * 640 px, named for screen readers, so the search box keeps its room.
 */
export function UserMenu({ session }: { session: Session }) {
  const profile = useOnDemandDialog(loadProfileDialog);
  const logout = useLogout();
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={profile.show}
        onPointerEnter={profile.preload}
        onFocus={profile.preload}
        className="flex items-center gap-2 rounded-md px-2 py-1.5 text-left text-white hover:bg-white/10"
        aria-label={`Mi Perfil: ${session.username}, ${USER_TYPE_LABELS[session.userType]}`}
      >
        <span className="rounded-full bg-white/15 p-1.5">
          <UserRound aria-hidden="true" className="size-4" />
        </span>
        <span className="hidden flex-col leading-tight md:flex">
          <span className="max-w-36 truncate text-sm font-medium">{session.username}</span>
          <span className="text-xs text-brand-200">{USER_TYPE_LABELS[session.userType]}</span>
        </span>
      </button>
      {session.userId != null && session.userType !== 'admin' ? (
        <Link
          href={paths.myOrders()}
          title={ORDER_LABELS.myOrders}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm text-white hover:bg-white/10"
        >
          <ClipboardList aria-hidden="true" className="size-4" />
          <span className="sr-only 2xl:not-sr-only">{ORDER_LABELS.myOrders}</span>
        </Link>
      ) : null}
      <button
        type="button"
        onClick={() => void logout()}
        aria-label="Salir"
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm text-white hover:bg-white/10"
      >
        <LogOut aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">Salir</span>
      </button>
      {profile.mounted ? (
        <Suspense fallback={null}>
          <ProfileDialog session={session} open={profile.open} onOpenChange={profile.setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
