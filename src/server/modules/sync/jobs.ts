/**
 * The catalogue job slot: at most one import or ERP sync runs in this process at a time (a second
 * gets 409), and its live progress and final report are kept for the page that polls them. Across
 * processes the import's PostgreSQL advisory lock refuses a concurrent writer the same way.
 */
import { AppError } from '../../errors.ts';
import type { ImportProgress, ImportReport } from '../import/service.ts';

export type JobKind = 'sync' | 'upload';

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

export class JobSlot {
  private current: JobState | null = null;
  private running: Promise<void> | null = null;
  private sequence = 0;

  /** @param onFinish called after every job, successful or not (the app marks its cache dirty). */
  constructor(private readonly onFinish: () => void = () => {}) {}

  /** The running job, or the last one that finished. */
  get state(): JobState | null {
    return this.current;
  }

  /**
   * Starts `run` unless a job is running.
   * @throws AppError CONFLICT "Ya hay una importación o sincronización en curso."
   */
  start(kind: JobKind, actor: string, run: (onProgress: (p: ImportProgress) => void) => Promise<ImportReport>): JobState {
    if (this.current?.status === 'running') throw new AppError('CONFLICT', 'Ya hay una importación o sincronización en curso.');
    const job: JobState = {
      id: ++this.sequence,
      kind,
      status: 'running',
      progress: { phase: 'reading', read: 0, written: 0, total: 0 },
      report: null,
      error: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      actor,
    };
    this.current = job;
    this.running = run((progress) => {
      job.progress = progress;
    }).then(
      (report) => {
        job.report = report;
        job.status = 'done';
        job.finishedAt = new Date().toISOString();
        this.onFinish();
      },
      (error: unknown) => {
        job.error = error instanceof AppError ? error.message : 'Error interno durante la importación';
        job.status = 'failed';
        job.finishedAt = new Date().toISOString();
        this.onFinish();
      },
    );
    return { ...job };
  }

  /** Resolves when the running job (if any) has finished; for tests and shutdown. */
  async idle(): Promise<void> {
    await this.running;
  }
}
