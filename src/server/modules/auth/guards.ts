/**
 * Access guards used as route `onRequest` hooks (before body validation, so a guest learns nothing): 401 without a session, 403 for the wrong role
 * (docs/product.md §10.1).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/** A signed-in client, distributor or admin. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.viewer.role === 'guest' || !request.viewer.userId) {
    throw new AppError('UNAUTHENTICATED', 'Debe iniciar sesión');
  }
}

/** An admin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.viewer.role !== 'admin') throw new AppError('FORBIDDEN', 'Acceso solo para administradores');
}
