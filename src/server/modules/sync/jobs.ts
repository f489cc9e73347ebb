/**
 * Catalogue import and ERP sync jobs, kept in the `jobs` table so that every process behind a
 * balancer sees the same ones (issue 20): ids are unique, any process answers a job's progress,
 * and at most one job runs at a time — a second one is refused with 409 at once, by whichever
 * process gets it (the table's partial unique index on `status = 'running'`).
 *
 * The process running a job renews its heartbeat every {@link HEARTBEAT_MS}. A `running` job whose
 * heartbeat is older than {@link STALE_MS} lost its process (a crash, a SIGKILL): it is marked
 * `interrupted` and audited by the next process that starts or that starts a job, so a restarted
 * process imports again within seconds. A process stopped with SIGTERM marks its own job
 * interrupted ({@link JobSlot.stop}). The API shows an interrupted job as `failed` with a message
 * saying so.
 *
 * Finished jobs are pruned when a job starts ({@link pruneFinishedJobs}): the newest
 * {@link KEEP_FINISHED_JOBS} and any that finished within {@link KEEP_FINISHED_DAYS} days are kept;
 * the audit trail keeps every import for good.
 */
import os from 'node:os';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { jobs } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ImportProgress, ImportReport } from '../import/service.ts';

export type JobKind = 'sync' | 'upload';

/** A job as the API answers it (`jobStateSchema`). */
export interface JobState {
  id: number;
  kind: JobKind;
  status: 'running' | 'done' | 'failed';
  progress: ImportProgress;
  report: ImportReport | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
  actor: string;
}

/** How often the running process renews its job's heartbeat, ms. */
export const HEARTBEAT_MS = 1000;
/** A running job whose heartbeat is older than this lost its process, ms. */
export const STALE_MS = 4000;
/** Finished jobs always kept: the newest this many. */
export const KEEP_FINISHED_JOBS = 50;
/** Finished jobs always kept: those that finished within this many days. */
export const KEEP_FINISHED_DAYS = 30;
/** Progress is written at most this often, ms (the first of each phase always). */
const PROGRESS_EVERY_MS = 250;

export const JOB_CONFLICT = 'Ya hay una importación o sincronización en curso.';
/** The error of a job whose process stopped or crashed while it ran. */
export const JOB_INTERRUPTED =
  'La importación se interrumpió porque el servidor se detuvo; no se aplicó ningún cambio. Vuelva a intentarlo.';

type Row = typeof jobs.$inferSelect;

function present(row: Row): JobState {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status === 'interrupted' ? 'failed' : row.status,
    progress: row.progress as ImportProgress,
    report: (row.report as ImportReport | null) ?? null,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    actor: row.actor,
  };
}

/** Audits jobs marked interrupted (who had started them, what they were). */
async function auditInterrupted(database: Database, rows: Row[], reason: string): Promise<void> {
  for (const row of rows) {
    await recordAudit(
      database.db,
      { userId: null, username: row.actor },
      {
        action: 'catalogue.job_interrupted',
        entity: 'catalogue',
        entityId: row.id,
        before: { status: 'running', kind: row.kind, owner: row.owner, progress: row.progress },
        after: { status: 'interrupted', reason },
      },
    );
  }
}

/**
 * Deletes finished jobs (done, failed, interrupted) that are neither among the newest
 * {@link KEEP_FINISHED_JOBS} finished ones nor finished within {@link KEEP_FINISHED_DAYS} days, so
 * the `jobs` table stays small however many imports and syncs run. A running job is never touched.
 * @returns how many rows were deleted.
 */
export async function pruneFinishedJobs(database: Database): Promise<number> {
  const rows = await database.db
    .delete(jobs)
    .where(
      sql`${jobs.status} <> 'running'
        and coalesce(${jobs.finishedAt}, ${jobs.startedAt}) < now() - make_interval(days => ${KEEP_FINISHED_DAYS})
        and ${jobs.id} not in (select id from jobs where status <> 'running' order by id desc limit ${KEEP_FINISHED_JOBS})`,
    )
    .returning({ id: jobs.id });
  return rows.length;
}

export class JobSlot {
  private running: Promise<void> | null = null;
  private runningId: number | null = null;
  /** Ends the running job's own process, if it has one (job-process.ts), when a stop interrupts it. */
  private abort: AbortController | null = null;
  private readonly owner = `${os.hostname()}:${process.pid}`;

  /** @param onFinish called after every job of this process, successful or not (the app marks its cache dirty). */
  constructor(
    private readonly database: Database,
    private readonly onFinish: () => void = () => {},
  ) {}

  /**
   * Marks `running` jobs whose process is gone as interrupted, and audits them. On PGlite (one
   * process per database) every running job not of this process is gone; on PostgreSQL those
   * whose heartbeat stopped more than {@link STALE_MS} ago.
   * @returns how many jobs were marked.
   */
  async recoverInterrupted(): Promise<number> {
    const stale =
      this.database.kind === 'pglite'
        ? sql`status = 'running' and owner <> ${this.owner}`
        : sql`status = 'running' and heartbeat_at < now() - make_interval(secs => ${STALE_MS / 1000})`;
    const rows = await this.database.db
      .update(jobs)
      .set({ status: 'interrupted', error: JOB_INTERRUPTED, finishedAt: sql`now()` })
      .where(this.runningId === null ? stale : sql`${stale} and id <> ${this.runningId}`)
      .returning();
    await auditInterrupted(this.database, rows, 'process lost');
    return rows.length;
  }

  /** The running job, or the last one that finished (from any process). */
  async current(): Promise<JobState | null> {
    const [row] = await this.database.db.select().from(jobs).orderBy(desc(jobs.id)).limit(1);
    if (row?.status === 'running' && row.id !== this.runningId && (await this.recoverInterrupted()) > 0) return this.current();
    return row ? present(row) : null;
  }

  /**
   * Starts `run` in this process unless a job is running in any process; first marks jobs of lost
   * processes interrupted and prunes old finished ones ({@link pruneFinishedJobs}).
   * @param actor who started it (audited with it).
   * @param run the job's body; its `signal` is aborted when {@link stop} interrupts it.
   * @param file the uploaded file's name, kept with the job's progress for the history (`file`).
   * @throws AppError CONFLICT {@link JOB_CONFLICT} when a job is running.
   */
  async start(
    kind: JobKind,
    actor: Actor,
    run: (onProgress: (p: ImportProgress) => void, signal: AbortSignal) => Promise<ImportReport>,
    file?: string,
  ): Promise<JobState> {
    await this.recoverInterrupted();
    await pruneFinishedJobs(this.database);
    // The file's name rides along with every progress written: the history reads it even of a failed run.
    const stored = (progress: ImportProgress) => (file === undefined ? progress : { ...progress, file: file.slice(0, 200) });
    let row: Row | undefined;
    try {
      [row] = await this.database.db
        .insert(jobs)
        .values({
          kind,
          status: 'running',
          progress: stored({ phase: 'reading', read: 0, written: 0, total: 0 }),
          actor: actor.username,
          owner: this.owner,
        })
        .returning();
    } catch (error) {
      if (uniqueViolation(error) !== null) throw new AppError('CONFLICT', JOB_CONFLICT);
      throw error;
    }
    if (!row) throw new Error('job insert returned no row');
    const id = row.id;
    this.runningId = id;
    const abort = new AbortController();
    this.abort = abort;
    const db = this.database.db;
    let latest: ImportProgress | null = null;
    let writtenAt = 0;
    let writing: Promise<unknown> = Promise.resolve();
    // Progress and heartbeat writes are best effort: a failed one never fails the job.
    const write = (values: Partial<typeof jobs.$inferInsert>) => {
      writing = writing
        .then(() =>
          db
            .update(jobs)
            .set({ ...values, heartbeatAt: sql`now()` })
            .where(eq(jobs.id, id)),
        )
        .catch(() => {});
      return writing;
    };
    const heartbeat = setInterval(() => {
      void write(latest ? { progress: stored(latest) } : {});
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const finish = async (values: Partial<typeof jobs.$inferInsert>) => {
      clearInterval(heartbeat);
      await writing;
      // Only a job still running is finished: one marked interrupted by a stop stays so.
      await db
        .update(jobs)
        .set({ ...values, finishedAt: sql`now()` })
        .where(sql`${jobs.id} = ${id} and ${jobs.status} = 'running'`)
        .catch(() => {});
      this.runningId = null;
      this.abort = null;
      this.onFinish();
    };
    this.running = run((progress) => {
      // A new phase is written at once: the panel shows each step, however short the one before.
      const newPhase = progress.phase !== latest?.phase;
      latest = progress;
      const now = Date.now();
      if (now - writtenAt >= PROGRESS_EVERY_MS || newPhase) {
        writtenAt = now;
        void write({ progress: stored(progress) });
      }
    }, abort.signal).then(
      async (report) => {
        await finish({ status: 'done', report, progress: latest ? stored(latest) : row.progress });
      },
      async (error: unknown) => {
        await finish({ status: 'failed', error: error instanceof AppError ? error.message : 'Error interno durante la importación' });
      },
    );
    return present(row);
  }

  /** Resolves when the job running in this process (if any) has finished; for tests and shutdown. */
  async idle(): Promise<void> {
    await this.running;
  }

  /**
   * Graceful stop: waits at most `timeoutMs` for the job running in this process; if it is still
   * running then, marks it interrupted, audits it and ends its own process if it has one (its
   * transaction rolls back when that process or the database is closed, so nothing of it is applied).
   * @returns whether a job had to be interrupted.
   */
  async stop(timeoutMs: number): Promise<boolean> {
    if (this.runningId === null) return false;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    const id = this.runningId;
    if (id === null) return false;
    // Marked first, then ended: a job process that exits at once must not finish it as failed first.
    const abort = this.abort;
    let rows: Row[];
    try {
      rows = await this.database.db
        .update(jobs)
        .set({ status: 'interrupted', error: JOB_INTERRUPTED, finishedAt: sql`now()` })
        .where(sql`${jobs.id} = ${id} and ${jobs.status} = 'running'`)
        .returning();
    } finally {
      abort?.abort();
    }
    await auditInterrupted(this.database, rows, 'server stopped (SIGTERM)');
    return rows.length > 0;
  }
}

/**
 * Decorates `app.jobs` with this process's job slot: `slot` when given (tests pass one to wait on
 * it), else a new one that calls `onFinish` after every job (the app marks its catalogue cache dirty).
 * @returns the slot.
 */
export function registerJobSlot(app: FastifyInstance, database: Database, onFinish: () => void, slot?: JobSlot): JobSlot {
  const jobs = slot ?? new JobSlot(database, onFinish);
  app.decorate('jobs', jobs);
  return jobs;
}
