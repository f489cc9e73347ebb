/**
 * `GET /api/admin/counts` (issue 21 item 8): the pending counts the admin panel shows as badges on
 * its "Gestión de Usuarios", "Solicitudes" and "Pedidos" tabs. Admin only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCountsSchema } from '../../../shared/admin-users.ts';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../auth/guards.ts';
import { adminCounts } from './service.ts';

export function adminCountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/counts',
      {
        onRequest: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Pending access requests, part requests and new pedidos',
          response: { 200: adminCountsSchema },
        },
      },
      async () => adminCounts(ctx.db),
    );
  };
}
