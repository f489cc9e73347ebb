/**
 * Client-side session state (spec 3 "Session"). For now the session lives in sessionStorage so a
 * reload keeps it; the guest choice needs no server call (spec 2). The accounts issue can back
 * this module with `GET /api/user/session` without touching its callers: they only use
 * {@link useSession} and the functions below.
 */
import { useSyncExternalStore } from 'react';
import type { UserType } from '../../../shared/api.ts';

export interface Session {
  isAuthenticated: boolean;
  userId: number | null;
  username: string;
  userType: UserType;
  email: string | null;
  fullName: string | null;
  clientCode: string | null;
}

const STORAGE_KEY = 'repuestos.session';
const USER_TYPES: readonly UserType[] = ['guest', 'client', 'distributor', 'admin'];

/** The username a guest session shows (spec 2 "Mi Perfil"). */
export const GUEST_USERNAME = 'Invitado';

/** Type labels of the user badge (spec 2 header). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  guest: 'Invitado',
  client: 'Cliente',
  distributor: 'Distribuidor',
  admin: 'Administrador',
};

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    if (!value.isAuthenticated || !value.userType || !USER_TYPES.includes(value.userType)) return null;
    return {
      isAuthenticated: true,
      userId: typeof value.userId === 'number' ? value.userId : null,
      username: typeof value.username === 'string' ? value.username : GUEST_USERNAME,
      userType: value.userType,
      email: value.email ?? null,
      fullName: value.fullName ?? null,
      clientCode: value.clientCode ?? null,
    };
  } catch {
    return null;
  }
}

/** The current session, or null when nobody has entered yet. */
export function getSession(): Session | null {
  const raw = storage()?.getItem(STORAGE_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

/** Replaces the session (null clears it) and notifies subscribers. */
export function setSession(session: Session | null): void {
  const store = storage();
  if (session) store?.setItem(STORAGE_KEY, JSON.stringify(session));
  else store?.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts an authenticated guest session immediately, with no server call (spec 2, spec 4). */
export function startGuestSession(): void {
  setSession({
    isAuthenticated: true,
    userId: null,
    username: GUEST_USERNAME,
    userType: 'guest',
    email: null,
    fullName: null,
    clientCode: null,
  });
}

/** The current session; re-renders when it changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

/** The user type for price-dependent queries: the session's, or guest without a session. */
export function useUserType(): UserType {
  return useSession()?.userType ?? 'guest';
}
