/**
 * What the server tells the web app's service worker about an answer (docs/product.md §17): whose
 * view of the catalogue it is. The service worker keeps offline copies of catalogue answers in one
 * cache per viewer and stores an answer only in the cache its label names, so one role's prices
 * never land among another's.
 */

/** Response header on every `/api/` answer: the viewer the server computed it for ({@link viewerLabel}). */
export const VIEWER_HEADER = 'x-portal-viewer';

/** The roles a viewer label names. */
export type ViewerLabelRole = 'guest' | 'client' | 'distributor' | 'admin';

/**
 * The label of a viewer: `guest` without a session, else `role.userId` (`client.42`). Decided by the
 * server from the session cookie, never from the request.
 */
export function viewerLabel(role: ViewerLabelRole, userId?: number): string {
  return role === 'guest' || userId === undefined ? 'guest' : `${role}.${userId}`;
}

/** True for a label {@link viewerLabel} can produce (anything else is never used as a cache name). */
export function isViewerLabel(text: string): boolean {
  return /^(?:guest|(?:client|distributor|admin)\.\d{1,12})$/.test(text);
}
