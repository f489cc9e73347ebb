import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { UserType } from '../../../shared/api.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { getSession, setSession } from './session-store.ts';

/**
 * What the web reads from a login answer (spec 7: user.id, email, fullName, clientCode).
 * TODO(accounts issue): replace with the shared login response schema once src/shared has it.
 */
const loginResponseSchema = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string().optional(),
    email: z.string().nullish(),
    fullName: z.string().nullish(),
    clientCode: z.string().nullish(),
  }),
});

export interface LoginInput {
  username: string;
  password: string;
  userType: Extract<UserType, 'client' | 'distributor'>;
}

/** Generic failure text (DESIGN.md: failures answer one generic message and are shown). */
export const LOGIN_FAILED_MESSAGE = 'Usuario o contraseña incorrectos.';

/** The message to show for a failed login: the server's when it gave one, else the generic text. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return 'Error de conexión. Intente nuevamente.';
    if (error.serverMessage) return error.serverMessage;
  }
  return LOGIN_FAILED_MESSAGE;
}

/** `POST /api/auth/login`; on success stores an authenticated session of the requested type. */
export async function login(input: LoginInput): Promise<void> {
  const data = await apiRequest('/api/auth/login', loginResponseSchema, { method: 'POST', body: input });
  setSession({
    isAuthenticated: true,
    userId: data.user.id,
    username: data.user.username ?? input.username,
    userType: input.userType,
    email: data.user.email ?? null,
    fullName: data.user.fullName ?? null,
    clientCode: data.user.clientCode ?? null,
  });
}

/** Ends the session: the server session too when it is not a guest's (`POST /api/auth/logout`). */
export async function logout(): Promise<void> {
  const session = getSession();
  setSession(null);
  if (session && session.userType !== 'guest') {
    try {
      await apiRequest('/api/auth/logout', z.unknown(), { method: 'POST' });
    } catch {
      // The local session is gone either way; a stale cookie expires on the server.
    }
  }
}

/** Login as a mutation (busy state for the dialogs). */
export function useLogin() {
  return useMutation({ mutationFn: login });
}

