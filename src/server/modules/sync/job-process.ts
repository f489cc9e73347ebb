/**
 * Where a catalogue job (an ERP sync, a panel upload) runs its import. On PostgreSQL it runs in a
 * process of its own ({@link runCatalogueImport}, job-worker.ts), so that a large import's heap
 * (about 2 GB for a million-part feed) and its garbage collection pauses never reach the server
 * that answers the catalogue: measured at 1,000,000 parts, an ERP sync inside the server held it at
 * 2,090 MB and made reads wait up to 7.8 s (docs/performance.md "Catalogue jobs in a process of
 * their own"). On PGlite, whose database lives inside the server's process, the import runs in the
 * server as before.
 *
 * The job's process connects to the same database, writes the same transaction and reports its
 * progress and its report to the server over Node's IPC channel; the server keeps the job row,
 * its heartbeat and the audit (jobs.ts, erp.ts). When the server stops or dies, the job's process
 * ends too (its connection closes and PostgreSQL rolls the import back).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';
import { type ImportOptions, type ImportProgress, type ImportReport, importCatalogueFile } from '../import/service.ts';
import { readSource } from '../import/source.ts';

/** Where the server logs a job process's end and errors. */
export type JobLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** What the job imports: a source an operator configured (path or URL), or an uploaded file's bytes. */
export type CatalogueFile = { source: string } | { upload: Buffer };

/** The import's options that travel to the job's process (the callbacks stay behind). */
export type CatalogueImportOptions = Omit<ImportOptions, 'onProgress' | 'sideConnection'>;

/** The one message the server sends the job's process. */
export interface WorkerRequest {
  databaseUrl: string;
  file: CatalogueFile;
  options: CatalogueImportOptions;
}

/** Messages from the job's process: progress any number of times, then one outcome. */
export type WorkerMessage =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; report: ImportReport; maxRssBytes: number }
  | { type: 'failed'; error: { code: ErrorCode; message: string; details?: unknown } | null; maxRssBytes: number };

/**
 * V8 flags of a job's process: those of `npm run import` into PostgreSQL (scripts/server.mjs
 * `importNodeFlags`): a 10 % old-space growth step, and V8's own young generation. The server's
 * 2 MB young generation is not passed on: it holds the server's resident set, and it made a
 * million-part sync spend most of its time collecting garbage (137.9 s instead of 62 s,
 * docs/performance.md "The ERP sync of a million parts inside the server").
 */
const JOB_NODE_FLAGS = ['--heap-growing-percent=10'];

/**
 * The entry of the job's process and the Node flags to run it with: the bundle beside the
 * server's (dist/server/job-worker.js, scripts/server.mjs) in production; the TypeScript source
 * through tsx when the server itself runs from source (tests, `npm run dev`).
 */
function workerEntry(): { path: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { path: fileURLToPath(new URL('./job-worker.ts', import.meta.url)), execArgv: [...JOB_NODE_FLAGS, '--import', 'tsx'] }
    : { path: fileURLToPath(new URL('./job-worker.js', import.meta.url)), execArgv: [...JOB_NODE_FLAGS, '--enable-source-maps'] };
}

/** The job's error as the server rethrows it: an AppError keeps its code and Spanish message. */
function rebuildError(error: { code: ErrorCode; message: string; details?: unknown } | null): Error {
  return error ? new AppError(error.code, error.message, error.details) : new Error('the catalogue job process failed');
}

/**
 * Runs one catalogue import in a process of its own and resolves with its report.
 * @param onProgress told of each step the job's process reports.
 * @param signal aborting it ends the job's process (its transaction rolls back).
 * @throws AppError as the import threw it (IMPORT_FAILED, VALIDATION, CONFLICT: the job fails with
 *   its message); Error when the process failed otherwise, ended without an answer or was aborted.
 */
function runInWorker(
  request: WorkerRequest,
  onProgress: (progress: ImportProgress) => void,
  signal: AbortSignal,
  log?: JobLog,
): Promise<ImportReport> {
  const { path, execArgv } = workerEntry();
  const startedAt = Date.now();
  return new Promise<ImportReport>((resolve, reject) => {
    let outcome: WorkerMessage | null = null;
    const child: ChildProcess = fork(path, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const kill = () => child.kill('SIGKILL');
    signal.addEventListener('abort', kill, { once: true });
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress(message.progress);
      else outcome = message;
    });
    child.on('error', (error) => {
      log?.error({ err: error }, 'catalogue job process error');
      // A process that could not be started never exits: the job fails now instead of waiting.
      if (child.pid === undefined) reject(error);
    });
    child.on('exit', (code, exitSignal) => {
      signal.removeEventListener('abort', kill);
      const settled = outcome as WorkerMessage | null;
      log?.info(
        {
          pid: child.pid,
          ms: Date.now() - startedAt,
          code,
          signal: exitSignal,
          maxRssMb: settled && 'maxRssBytes' in settled ? Math.round(settled.maxRssBytes / 1048576) : null,
        },
        'catalogue job process ended',
      );
      if (settled?.type === 'done') resolve(settled.report);
      else if (settled?.type === 'failed') reject(rebuildError(settled.error));
      else reject(new Error(`the catalogue job process ended without an answer (code ${code}, signal ${exitSignal})`));
    });
    if (signal.aborted) kill();
    else child.send(request);
  });
}

/**
 * Imports `file` as a catalogue job: in a process of its own on PostgreSQL (`database.url`), in
 * this process on PGlite. Reads an operator's `source` (path or URL) with `options.limits`.
 * @returns the import's report (import/service.ts `importCatalogueFile`).
 * @throws AppError as `importCatalogueFile` and `readSource` throw it; Error when the job's process
 *   failed otherwise or `signal` ended it.
 */
export async function runCatalogueImport(
  database: Database,
  file: CatalogueFile,
  options: CatalogueImportOptions,
  onProgress: (progress: ImportProgress) => void,
  signal: AbortSignal,
  log?: JobLog,
): Promise<ImportReport> {
  if (database.url) return runInWorker({ databaseUrl: database.url, file, options }, onProgress, signal, log);
  return importHere(database, file, options, onProgress);
}

/**
 * The import itself, in the process that calls it: the server's on PGlite, the job's own on
 * PostgreSQL (job-worker.ts). Reads an operator's `source` with `options.limits`.
 * @throws AppError as `importCatalogueFile` and `readSource` throw it.
 */
export async function importHere(
  database: Database,
  file: CatalogueFile,
  options: CatalogueImportOptions,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  const buffer = 'upload' in file ? file.upload : await readSource(file.source, options.limits);
  // Jobs are not requests: they write through the bulk pool, without the request statement timeout.
  return importCatalogueFile(database.bulk, buffer, { ...options, onProgress, sideConnection: database.sideConnection });
}
