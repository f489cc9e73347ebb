/**
 * Undo of the newest applied import or sync (issue 17, docs/product.md §11.4): the panel reads what
 * the last run changed, asks, then undoes it. Admin only; audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lastImportRunSchema, undoReportSchema } from '../../../shared/import.ts';
import type { AppContext } from '../../context.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { lastImportRun, undoLastImport } from './service.ts';

export function importRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.addHook('onRequest', requireAdmin);

    app.get('/api/admin/import/last-run', { schema: { tags: ['sync'], response: { 200: lastImportRunSchema } } }, async () => ({
      run: await lastImportRun(db),
    }));

    app.post('/api/admin/import/undo', { schema: { tags: ['sync'], response: { 200: undoReportSchema } } }, async (request) => {
      const run = await lastImportRun(db);
      // Imports write through the pool without the request statement timeout; so does their undo.
      const report = await undoLastImport(ctx.database.bulk);
      await recordAudit(db, actorOf(request), {
        action: 'catalogue.undo',
        entity: 'catalogue',
        entityId: report.runId,
        before: run ? { actor: run.actor, source: run.source, createdAt: run.createdAt, ...run.summary } : null,
        after: report,
      });
      return report;
    });
  };
}
