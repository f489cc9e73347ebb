/**
 * Who is looking at the catalogue: the viewer a request carries (`request.viewer`), decided by the
 * server from the session cookie in the `onRequest` hook (security.ts), never from the request's
 * own claims. Every read that depends on a role (prices, admin routes) takes it from here.
 */
import type { SessionUser } from './sessions.ts';

/** Who is looking: decided by the server from the session, never from the request. */
export interface Viewer {
  role: 'guest' | 'client' | 'distributor' | 'admin';
  userId?: number;
  username?: string;
}

/** The viewer of a request without a session. */
export const GUEST: Viewer = { role: 'guest' };

/** The viewer of a resolved session (a guest without one). */
export function viewerOf(user: SessionUser | null): Viewer {
  if (!user) return { role: 'guest' };
  return { role: user.profileType, userId: user.userId, username: user.username };
}
