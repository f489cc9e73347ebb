/**
 * The process of one catalogue job on PostgreSQL (started by job-process.ts `runCatalogueImport`):
 * waits for its {@link WorkerRequest}, imports the file into the database at `databaseUrl` with
 * job-process.ts `importHere` (as the server does on PGlite), sends its progress (at most every
 * {@link PROGRESS_EVERY_MS}, each new phase at once) and then one outcome, and exits. It ends at
 * once when the server's IPC channel closes (the server stopped or died) or the server kills it;
 * its connection closes and PostgreSQL rolls the import back. SIGINT and SIGTERM are left to the
 * server.
 */
import { openDatabase } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { ImportProgress } from '../import/service.ts';
import { importHere, type WorkerMessage, type WorkerRequest } from './job-process.ts';

/** Progress goes to the server at most this often, ms (each new phase at once). */
const PROGRESS_EVERY_MS = 100;
/** Exit code when the server's channel closed before the job ended. */
const EXIT_ORPHANED = 70;

const send = (message: WorkerMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send || !process.connected) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });

const maxRssBytes = () => process.resourceUsage().maxRSS * 1024;

async function run(request: WorkerRequest): Promise<void> {
  let lastPhase: ImportProgress['phase'] | null = null;
  let sentAt = 0;
  const onProgress = (progress: ImportProgress) => {
    const now = Date.now();
    if (progress.phase === lastPhase && now - sentAt < PROGRESS_EVERY_MS) return;
    lastPhase = progress.phase;
    sentAt = now;
    void send({ type: 'progress', progress });
  };
  const database = await openDatabase({ databaseUrl: request.databaseUrl, poolSize: 1 });
  try {
    const { file, options } = request;
    // IPC's structured clone delivers the upload as a plain Uint8Array: viewed as a Buffer, not copied.
    const bytes = 'upload' in file ? { upload: Buffer.from(file.upload.buffer, file.upload.byteOffset, file.upload.byteLength) } : file;
    const report = await importHere(database, bytes, options, onProgress);
    await send({ type: 'done', report, maxRssBytes: maxRssBytes() });
  } finally {
    await database.close();
  }
}

process.on('disconnect', () => process.exit(EXIT_ORPHANED));
// A terminal's Ctrl-C or a service manager's SIGTERM to the whole group reaches this process too:
// the server decides (its graceful stop lets the job finish within SHUTDOWN_TIMEOUT_MS, then ends it).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
process.once('message', (request: WorkerRequest) => {
  run(request).then(
    () => process.exit(0),
    async (error: unknown) => {
      if (!(error instanceof AppError)) console.error('catalogue job failed:', error);
      const failure = error instanceof AppError ? { code: error.code, message: error.message, details: error.details } : null;
      await send({ type: 'failed', error: failure, maxRssBytes: maxRssBytes() });
      process.exit(1);
    },
  );
});
