/**
 * The scheduled ERP sync (issue 17 item 8, docs/product.md §11.5): `ERP_SYNC_CRON` runs the same
 * full sync as "Sincronizar Datos" ({@link erpSyncJob}) — never a preview, never confirming a large
 * change, so a large change is refused and reported — through the same job slot.
 *
 * Every process runs the schedule; at each instant the first process to insert the instant into
 * `scheduled_syncs` runs it and the others stand aside (a refused claim is not an error). When
 * another import or sync holds the job slot the run is skipped and recorded. A failed, refused or
 * skipped run is mailed to `STAFF_EMAIL`. {@link listJobHistory} is the history `/debug` shows.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import type { JobHistoryEntry } from '../../../shared/admin.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { jobs, scheduledSyncs } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../audit/service.ts';
import type { Mailer } from '../auth/mail.ts';
import { cronSchedule } from './cron.ts';
import { erpSyncJob } from './erp.ts';
import { JOB_INTERRUPTED, KEEP_FINISHED_DAYS, KEEP_FINISHED_JOBS, type JobSlot } from './jobs.ts';

/** The actor of scheduled runs, shown as their trigger ("Programada"). */
export const SCHEDULED_ACTOR: Actor = { userId: null, username: 'programada' };

/** What one scheduled instant came to in this process. */
export type ScheduledOutcome =
  /** Another process claimed this instant: it runs it. */
  | { kind: 'elsewhere' }
  /** Another import or sync held the job slot (or the job could not start): recorded and mailed. */
  | { kind: 'skipped'; reason: string }
  /** The sync ran and applied its changes. */
  | { kind: 'done'; jobId: number }
  /** The sync failed (unreadable source, too many rejected rows) or was refused (a large change): mailed. */
  | { kind: 'failed'; jobId: number; error: string; refused: boolean };

export interface ScheduledSyncOptions {
  ctx: Pick<AppContext, 'config' | 'db' | 'database'>;
  jobs: JobSlot;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** False while the process stops: instants are then left to the other processes. */
  active?: () => boolean;
}

/** A date as staff read it in the mail: es-AR, 24 h, in the schedule's zone (`07/01/2026, 03:00`). */
function localTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('es-AR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** Whether a job error is the import refusing a large change that needs an explicit confirmation. */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof AppError) || error.code !== 'IMPORT_FAILED') return false;
  return (error.details as { largeChange?: unknown } | undefined)?.largeChange !== undefined;
}

export class ScheduledSync {
  private stopTimer: (() => void) | null = null;

  constructor(private readonly options: ScheduledSyncOptions) {}

  /**
   * Starts firing {@link runAt} at each instant of `ERP_SYNC_CRON` (no-op without it).
   * @throws Error when the pattern is not valid (the configuration checks it first).
   */
  start(): void {
    const { config } = this.options.ctx;
    if (!config.erpSyncCron || this.stopTimer) return;
    const schedule = cronSchedule(config.erpSyncCron, config.erpSyncTimezone);
    this.stopTimer = schedule.start(async (instant) => {
      if (this.options.active && !this.options.active()) return;
      try {
        await this.runAt(instant);
      } catch (error) {
        this.options.log.error({ err: error }, 'scheduled ERP sync failed to run');
      }
    });
    const [next] = schedule.nextRuns(1, new Date());
    this.options.log.info({ cron: config.erpSyncCron, next: next?.toISOString() }, 'scheduled ERP sync on');
  }

  /** Stops the schedule (a sync already running goes on; the job slot's stop handles it). */
  stop(): void {
    this.stopTimer?.();
    this.stopTimer = null;
  }

  /**
   * Runs the scheduled sync of `instant` (what the timer calls; tests call it directly): claims the
   * instant, starts the sync in the job slot, waits for it and mails staff when it did not apply.
   * @param instant the schedule instant (whole seconds); the same in every process.
   * @returns what came of it; never throws for a failed sync or a busy slot.
   */
  async runAt(instant: Date): Promise<ScheduledOutcome> {
    const { ctx, jobs: slot } = this.options;
    const db = ctx.db;
    const claimed = await db
      .insert(scheduledSyncs)
      .values({ scheduledFor: instant, outcome: 'started' })
      .onConflictDoNothing()
      .returning({ at: scheduledSyncs.scheduledFor });
    if (claimed.length === 0) return { kind: 'elsewhere' };
    await pruneScheduledSyncs(ctx);

    let thrown: unknown;
    const body = erpSyncJob(ctx, SCHEDULED_ACTOR, { dryRun: false, confirmLarge: false, log: this.options.log });
    let jobId: number;
    try {
      const job = await slot.start('sync', SCHEDULED_ACTOR, async (onProgress, signal) => {
        try {
          return await body(onProgress, signal);
        } catch (error) {
          thrown = error;
          throw error;
        }
      });
      jobId = job.id;
    } catch (error) {
      const reason = await this.skipReason(error);
      await db.update(scheduledSyncs).set({ outcome: 'skipped', reason }).where(eq(scheduledSyncs.scheduledFor, instant));
      this.options.log.warn({ instant: instant.toISOString(), reason }, 'scheduled ERP sync skipped');
      await this.mail(instant, 'skipped', reason);
      return { kind: 'skipped', reason };
    }
    await db.update(scheduledSyncs).set({ jobId }).where(eq(scheduledSyncs.scheduledFor, instant));
    await slot.idle();
    const [row] = await db.select({ status: jobs.status, error: jobs.error }).from(jobs).where(eq(jobs.id, jobId));
    if (row?.status === 'done') return { kind: 'done', jobId };
    const error = row?.error ?? JOB_INTERRUPTED;
    const refused = isRefusal(thrown);
    await this.mail(instant, refused ? 'refused' : 'failed', error);
    return { kind: 'failed', jobId, error, refused };
  }

  /** Why the job slot refused to start the scheduled sync, in Spanish. */
  private async skipReason(error: unknown): Promise<string> {
    if (error instanceof AppError && error.code === 'CONFLICT') {
      const running = await this.options.jobs.current().catch(() => null);
      if (running?.status === 'running') {
        const what = running.kind === 'sync' ? 'una sincronización' : 'una importación';
        const when = localTime(new Date(running.startedAt), this.options.ctx.config.erpSyncTimezone);
        return `No se ejecutó: ${what} iniciada por ${running.actor} a las ${when} seguía en curso.`;
      }
      return `No se ejecutó: ${error.message}`;
    }
    this.options.log.error({ err: error }, 'scheduled ERP sync could not start');
    return `No se pudo iniciar: ${error instanceof AppError ? error.message : 'error interno'}.`;
  }

  /** Mails `STAFF_EMAIL` about a run that did not apply; a mail failure is only logged. */
  private async mail(instant: Date, what: 'failed' | 'refused' | 'skipped', detail: string): Promise<void> {
    const { config } = this.options.ctx;
    if (!config.staffEmail) {
      this.options.log.warn({ what }, 'scheduled ERP sync did not apply and STAFF_EMAIL is not set');
      return;
    }
    const when = localTime(instant, config.erpSyncTimezone);
    const headline = {
      failed: 'falló',
      refused: 'fue rechazada',
      skipped: 'no se ejecutó',
    }[what];
    try {
      await this.options.mailer.send({
        to: config.staffEmail,
        subject: `Sincronización programada ${headline} (${when}) — ${config.brandName}`,
        text: [
          `La sincronización programada del ERP de las ${when} ${headline}.`,
          '',
          detail,
          '',
          what === 'skipped' ? 'El catálogo quedó como estaba.' : 'No se aplicó ningún cambio al catálogo.',
          what === 'refused'
            ? 'Revise la vista previa en la página de diagnóstico y, si el cambio es correcto, aplíquelo confirmándolo.'
            : 'La próxima sincronización programada se intentará a la hora prevista.',
          '',
          `Historial de sincronizaciones: ${config.publicOrigin}/debug`,
        ].join('\n'),
      });
    } catch (error) {
      this.options.log.error({ err: error }, 'mail about the scheduled ERP sync failed');
    }
  }
}

/**
 * Deletes old `scheduled_syncs` rows, as the job slot prunes jobs: those older than
 * {@link KEEP_FINISHED_DAYS} days that are not among the newest {@link KEEP_FINISHED_JOBS}.
 */
async function pruneScheduledSyncs(ctx: Pick<AppContext, 'db'>): Promise<void> {
  await ctx.db.execute(sql`
    delete from scheduled_syncs
    where scheduled_for < now() - make_interval(days => ${KEEP_FINISHED_DAYS})
      and scheduled_for not in (select scheduled_for from scheduled_syncs order by scheduled_for desc limit ${KEEP_FINISHED_JOBS})`);
}

interface HistoryRow {
  id: number;
  kind: 'sync' | 'upload';
  status: 'running' | 'done' | 'failed' | 'interrupted';
  actor: string;
  started_at: string | Date;
  finished_at: string | Date | null;
  error: string | null;
  dry_run: boolean | null;
  inserted: number | null;
  updated: number | null;
  unchanged: number | null;
  deactivated: number | null;
  rejected: number | null;
  scheduled: boolean;
  file: string | null;
}

/** A past run as the history answers it: {@link JobHistoryEntry} and the uploaded file's name. */
export type JobHistoryRun = JobHistoryEntry & { file: string | null };

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * The newest `limit` imports and syncs, newest first, with the scheduled runs that were skipped:
 * when, who or what started them, the counts and the result (docs/product.md §11.5). Reads only
 * the counts of each report, never its rows; `file` is the uploaded file's name (null for a sync).
 */
export async function listJobHistory(ctx: Pick<AppContext, 'db'>, limit: number): Promise<JobHistoryRun[]> {
  const rows = await queryRows<HistoryRow>(
    ctx.db,
    sql`select j.id, j.kind, j.status, j.actor, j.started_at, j.finished_at, j.error,
          (j.report->>'dryRun')::boolean as dry_run,
          (j.report->>'inserted')::int as inserted, (j.report->>'updated')::int as updated,
          (j.report->>'unchanged')::int as unchanged, (j.report->>'deactivated')::int as deactivated,
          (j.report->>'rejected')::int as rejected,
          exists (select 1 from scheduled_syncs s where s.job_id = j.id) as scheduled,
          j.progress->>'file' as file
        from jobs j order by j.started_at desc, j.id desc limit ${limit}`,
  );
  const skipped = await ctx.db
    .select()
    .from(scheduledSyncs)
    .where(eq(scheduledSyncs.outcome, 'skipped'))
    .orderBy(desc(scheduledSyncs.scheduledFor))
    .limit(limit);
  const entries: JobHistoryRun[] = rows.map((r) => {
    const finished = r.status !== 'running';
    const result = r.status === 'running' ? 'running' : r.status === 'done' ? (r.dry_run ? 'preview' : 'ok') : ('failed' as const);
    return {
      jobId: r.id,
      kind: r.kind,
      trigger: r.scheduled ? 'scheduled' : 'manual',
      actor: r.actor,
      file: r.file,
      startedAt: iso(r.started_at),
      finishedAt: finished && r.finished_at ? iso(r.finished_at) : null,
      result,
      error: result === 'failed' ? (r.error ?? JOB_INTERRUPTED) : null,
      counts:
        r.status === 'done' && r.inserted !== null
          ? {
              inserted: r.inserted,
              updated: r.updated ?? 0,
              unchanged: r.unchanged ?? 0,
              deactivated: r.deactivated ?? 0,
              rejected: r.rejected ?? 0,
            }
          : null,
    };
  });
  for (const s of skipped) {
    entries.push({
      jobId: null,
      kind: 'sync',
      trigger: 'scheduled',
      actor: SCHEDULED_ACTOR.username,
      startedAt: s.scheduledFor.toISOString(),
      finishedAt: s.createdAt.toISOString(),
      result: 'skipped',
      error: s.reason,
      counts: null,
      file: null,
    });
  }
  return entries.sort((a, b) => b.startedAt.localeCompare(a.startedAt) || (b.jobId ?? 0) - (a.jobId ?? 0)).slice(0, limit);
}

/**
 * Runs the schedule with the app when `ERP_SYNC_CRON` is set (docs/product.md §11.5): started once
 * the app is ready, stopped when it closes, idle while the process drains. Every process runs the
 * schedule; one runs each instant. Nothing happens without `ERP_SYNC_CRON`.
 */
export function registerScheduledSync(app: FastifyInstance, options: Pick<ScheduledSyncOptions, 'ctx' | 'jobs' | 'mailer'>): void {
  if (!options.ctx.config.erpSyncCron) return;
  const scheduled = new ScheduledSync({ ...options, log: app.log, active: () => !app.draining });
  app.addHook('onReady', async () => scheduled.start());
  app.addHook('onClose', async () => scheduled.stop());
}
