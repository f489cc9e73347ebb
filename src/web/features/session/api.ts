import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  forgotResponseSchema,
  loginResponseSchema,
  messageSchema,
  type Session as ServerSession,
  sessionSchema,
  TEXTS,
  validateTokenResponseSchema,
} from '../../../shared/auth.ts';
import { routes } from '../../app/paths.ts';
import { ApiError, apiGet, apiRequest } from '../../lib/api-client.ts';
import { clearOfflineData } from '../../lib/offline.ts';
import { markLanding } from './landing-focus.ts';
import { ANONYMOUS_SESSION, clearGuestSession, fromServerSession, SESSION_KEY } from './session-store.ts';

export const CONNECTION_ERROR = 'Error de conexión. Intente nuevamente.';

/** The message to show for a failed call: the server's when it gave one, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return CONNECTION_ERROR;
    if (error.serverMessage) return error.serverMessage;
  }
  return fallback;
}

/** The message for a failed login: the server's (generic or "pendiente de aprobación") or the generic text. */
export function loginErrorMessage(error: unknown): string {
  return errorMessage(error, TEXTS.loginFailed);
}

/**
 * Whether a failed login was the right password at the other door: a client at `/distribuidores`
 * or a distributor at "Acceso de Cliente" (403 `FORBIDDEN` naming the `userType` field,
 * docs/product.md §7.3). The screen then links to the other door.
 */
export function isWrongDoor(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'FORBIDDEN' && error.field === 'userType';
}

// Everything cached except the session and the public configuration depends on who is looking
// (prices come from the session on the server).
const dependsOnViewer = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== SESSION_KEY[0] && query.queryKey[0] !== 'config';

/**
 * Records a new viewer: stores the server session and drops or refetches every viewer-dependent
 * query, so no price fetched for the previous viewer stays on screen.
 */
export function applyViewer(client: QueryClient, session: ServerSession): void {
  client.setQueryData(SESSION_KEY, session);
  client.removeQueries({ predicate: dependsOnViewer, type: 'inactive' });
  void client.invalidateQueries({ predicate: dependsOnViewer });
}

// --- login / logout ---------------------------------------------------------------------------

export interface LoginInput {
  username: string;
  password: string;
  userType: 'client' | 'distributor' | 'admin';
}

/** `POST /api/auth/login`; the server sets the session cookie. Returns the server session. */
export async function login(input: LoginInput): Promise<ServerSession> {
  const { user } = await apiRequest('/api/auth/login', loginResponseSchema, { method: 'POST', body: input });
  return {
    isAuthenticated: true,
    userId: user.id,
    username: user.username,
    userType: user.userType,
    email: user.email,
    fullName: user.fullName,
    clientCode: user.clientCode,
  };
}

/**
 * Login as a mutation (busy state for the dialogs); success replaces the viewer. The previous viewer's
 * offline copies are dropped before anything is fetched for the new one, and the session is read
 * again so the service worker keeps the new one for an offline reload (docs/product.md §17).
 */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (session) => {
      await clearOfflineData();
      clearGuestSession();
      markLanding();
      applyViewer(client, session);
      void client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}

/**
 * Logout: `POST /api/auth/logout` when the server holds a session (a guest has none), then back to
 * the start screen. The call finishes before anything refetches, so no query runs with the old cookie.
 * The catalogue kept for offline use is deleted, even when the server could not be told (docs/product.md §17).
 */
export function useLogout(): () => Promise<void> {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    const signedIn = fromServerSession(client.getQueryData<ServerSession>(SESSION_KEY)) !== null;
    if (signedIn) {
      try {
        await apiRequest('/api/auth/logout', messageSchema, { method: 'POST' });
      } catch {
        // The local session ends either way; the server session expires on its own.
      }
    }
    await clearOfflineData();
    clearGuestSession();
    applyViewer(client, ANONYMOUS_SESSION);
    navigate(routes.home);
  };
}

// --- registration and password recovery -------------------------------------------------------

export interface RegisterInput {
  username: string;
  password: string;
  fullName: string;
  email: string;
  phone?: string;
  company?: string;
}

/** `POST /api/auth/register` (confirmPassword is not sent; the server always creates a pending client). */
export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest('/api/auth/register', messageSchema, { method: 'POST', body: input }),
  });
}

/** `POST /api/auth/forgot-password`; outside production the answer may carry `resetToken`. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (usernameOrEmail: string) =>
      apiRequest('/api/auth/forgot-password', forgotResponseSchema, { method: 'POST', body: { usernameOrEmail } }),
  });
}

/** `GET /api/auth/validate-reset-token/:token` (only when a token is present). */
export function useResetTokenValidation(token: string) {
  return useQuery({
    queryKey: ['reset-token', token] as const,
    queryFn: ({ signal }) =>
      apiGet(`/api/auth/validate-reset-token/${encodeURIComponent(token)}`, validateTokenResponseSchema, undefined, signal),
    enabled: token !== '',
    staleTime: 0,
    gcTime: 0,
  });
}

/** `POST /api/auth/reset-password`; the server ends the account's sessions, so the session is re-read. */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiRequest('/api/auth/reset-password', messageSchema, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}

// --- profile ----------------------------------------------------------------------------------

export interface ProfileInput {
  fullName: string;
  email: string;
  currentPassword?: string;
  newPassword?: string;
}

/** `PUT /api/user/profile`; on success stores the answer and re-reads the session (docs/product.md §7.5). */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiRequest('/api/user/profile', sessionSchema, { method: 'PUT', body: input }),
    onSuccess: async (session) => {
      client.setQueryData(SESSION_KEY, session);
      await client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}
