/**
 * The ERP sync itself (docs/product.md §11.2): a full sync from `ERP_SOURCE`, as one job of the
 * job slot. "Sincronizar Datos" on `/debug` (`POST /api/debug/sync`) and the scheduled sync
 * (`ERP_SYNC_CRON`, schedule.ts) both run {@link erpSyncJob}, so they cannot drift apart.
 */
import { eq } from 'drizzle-orm';
import { type ColumnAssignment, columnMappingSchema } from '../../../shared/import.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { importMappings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ImportProgress, ImportReport } from '../import/service.ts';
import { sourceLimits } from '../import/parse.ts';
import { type JobLog, runCatalogueImport } from './job-process.ts';

/** A full sync is refused when more than this share of the feed's rows is rejected. */
export const SYNC_MAX_REJECTED_RATIO = 0.2;

/** Source name of the ERP sync's parts (docs/product.md §11.4). */
export const ERP_SOURCE_NAME = 'erp';

/**
 * `ERP_SOURCE` from the configuration (never from a request).
 * @throws AppError VALIDATION when it is not configured.
 */
export function erpSourceOf(ctx: Pick<AppContext, 'config'>): string {
  if (!ctx.config.erpSource) throw new AppError('VALIDATION', 'ERP_SOURCE no está configurado en el servidor.');
  return ctx.config.erpSource;
}

/**
 * The column mapping saved under the name {@link ERP_SOURCE_NAME} (`erp`) in the panel, which the
 * sync applies before the aliases (docs/product.md §11.3); undefined when none is saved or it no
 * longer reads as a list of `{target, column}`.
 */
export async function savedErpMapping(db: Db): Promise<ColumnAssignment[] | undefined> {
  const [row] = await db
    .select({ assignments: importMappings.assignments })
    .from(importMappings)
    .where(eq(importMappings.name, ERP_SOURCE_NAME));
  const parsed = columnMappingSchema.safeParse(row?.assignments);
  return parsed.success && parsed.data.length > 0 ? parsed.data : undefined;
}

/**
 * Records a finished import or sync in the audit trail (who imported what, with the counts).
 * @returns the report, unchanged.
 */
export async function auditImport(
  ctx: Pick<AppContext, 'db'>,
  action: string,
  actor: Actor,
  report: ImportReport,
  source: string,
): Promise<ImportReport> {
  const { rejections: _r, ...counts } = report;
  await recordAudit(ctx.db, actor, { action, entity: 'catalogue', entityId: null, before: null, after: { source, ...counts } });
  return report;
}

/**
 * The body of an ERP sync job, for {@link JobSlot.start}: reads `ERP_SOURCE`, runs it as a full
 * sync with the saved `erp` mapping ({@link savedErpMapping}; source `erp`, refused above {@link SYNC_MAX_REJECTED_RATIO} rejected rows, and refused as
 * a large change unless `confirmLarge`), audits it as `catalogue.sync` unless it is a preview. On
 * PostgreSQL the import runs in a process of its own ({@link runCatalogueImport}), which `log` tells
 * of its end (time, peak memory).
 * @throws AppError (through the job, which then fails with its message) when the source cannot be
 *   read or the import refuses the run.
 */
export function erpSyncJob(
  ctx: Pick<AppContext, 'config' | 'db' | 'database'>,
  actor: Actor,
  options: { dryRun: boolean; confirmLarge: boolean; log?: JobLog },
): (onProgress: (p: ImportProgress) => void, signal: AbortSignal) => Promise<ImportReport> {
  const source = erpSourceOf(ctx);
  const { config } = ctx;
  return async (onProgress, signal) => {
    onProgress({ phase: 'reading', read: 0, written: 0, total: 0 });
    const limits = sourceLimits(config.importLimits);
    const mapping = await savedErpMapping(ctx.db);
    // On PostgreSQL in a process of its own (job-process.ts), which reads the source itself.
    const report = await runCatalogueImport(
      ctx.database,
      { source },
      {
        limits,
        lowStock: config.lowStock,
        fullSync: true,
        maxRejectedRatio: SYNC_MAX_REJECTED_RATIO,
        source: ERP_SOURCE_NAME,
        actor: actor.username,
        dryRun: options.dryRun,
        confirmLarge: options.confirmLarge,
        imageDir: config.imageDir,
        mapping,
      },
      onProgress,
      signal,
      options.log,
    );
    // A preview changes nothing: it is not audited.
    return options.dryRun ? report : auditImport(ctx, 'catalogue.sync', actor, report, source);
  };
}
