/**
 * The viewer's session (docs/product.md §7.1, §7.4). Two sources:
 * - the server session, `GET /api/user/session` (cookie-backed: clients, distributors, admins);
 * - the guest choice, kept client-side in sessionStorage: choosing "Invitado" needs no server call
 *   (docs/product.md §7.1), and the server sees such a visitor as an unauthenticated guest.
 * An authenticated server session wins over the guest choice. Callers only use the hooks below.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { UserType } from '../../../shared/api.ts';
import { type Session as ServerSession, sessionSchema } from '../../../shared/auth.ts';
import { apiGet } from '../../lib/api-client.ts';

export interface Session {
  isAuthenticated: boolean;
  userId: number | null;
  username: string;
  userType: UserType;
  email: string | null;
  fullName: string | null;
  clientCode: string | null;
}

const GUEST_KEY = 'repuestos.guest';

/** The username a guest session shows (docs/product.md §7.5). */
export const GUEST_USERNAME = 'Invitado';

/** Type labels of the user badge (docs/product.md §5.1). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  guest: 'Invitado',
  client: 'Cliente',
  distributor: 'Distribuidor',
  admin: 'Administrador',
};

/** The session of a visitor who chose "Ingresar como Invitado". */
export const GUEST_SESSION: Session = {
  isAuthenticated: true,
  userId: null,
  username: GUEST_USERNAME,
  userType: 'guest',
  email: null,
  fullName: null,
  clientCode: null,
};

/** Query key of the server session; everything else in the cache depends on the viewer. */
export const SESSION_KEY = ['session'] as const;

/** The server's answer for a visitor without a session. */
export const ANONYMOUS_SESSION: ServerSession = {
  isAuthenticated: false,
  userId: null,
  username: null,
  userType: 'guest',
  email: null,
  fullName: null,
  clientCode: null,
};

/**
 * `GET /api/user/session`. A failed call counts as "no session" rather than an error: an errored
 * query would refetch (and turn pending again) each time a new component reads it.
 */
export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: ({ signal }) => apiGet('/api/user/session', sessionSchema, undefined, signal).catch((): ServerSession => ANONYMOUS_SESSION),
});

/** The web session for a server answer, or null when the server sees no signed-in user. */
export function fromServerSession(data: ServerSession | undefined): Session | null {
  if (!data?.isAuthenticated || data.userType === 'guest') return null;
  return {
    isAuthenticated: true,
    userId: data.userId,
    username: data.username ?? '',
    userType: data.userType,
    email: data.email,
    fullName: data.fullName,
    clientCode: data.clientCode,
  };
}

// --- the guest choice -------------------------------------------------------------------------

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether the visitor chose to browse as a guest in this tab. */
export function readGuestChoice(): boolean {
  return storage()?.getItem(GUEST_KEY) === '1';
}

function writeGuestChoice(chosen: boolean): void {
  const store = storage();
  if (chosen) store?.setItem(GUEST_KEY, '1');
  else store?.removeItem(GUEST_KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts an authenticated guest session immediately, with no server call (docs/product.md §7.1). */
export function startGuestSession(): void {
  writeGuestChoice(true);
}

/** Forgets the guest choice (logout, or a real login replacing it). */
export function clearGuestSession(): void {
  writeGuestChoice(false);
}

// --- hooks ------------------------------------------------------------------------------------

export interface SessionState {
  /** The session, or null when nobody has entered yet. */
  session: Session | null;
  /** True until the server answered, so screens do not flash the start screen. */
  pending: boolean;
}

/** The current session and whether the server session is still loading. */
export function useSessionState(): SessionState {
  const { data, isPending } = useQuery(sessionQuery);
  const guest = useSyncExternalStore(subscribe, readGuestChoice, () => false);
  const server = fromServerSession(data);
  if (server) return { session: server, pending: false };
  if (isPending) return { session: null, pending: true };
  return { session: guest ? GUEST_SESSION : null, pending: false };
}

/** The current session (null while loading or when nobody has entered); re-renders when it changes. */
export function useSession(): Session | null {
  return useSessionState().session;
}

/** The user type for price-dependent queries: the session's, or guest without a session. */
export function useUserType(): UserType {
  return useSession()?.userType ?? 'guest';
}
