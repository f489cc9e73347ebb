import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { bulkRecords, readFixture } from '../../test/catalogues.ts';
import { createTestDatabase, testEngines } from '../../test/db.ts';
import type { ImportProgress } from '../import/service.ts';
import { type JobLog, runCatalogueImport } from './job-process.ts';
import { JOB_INTERRUPTED, JobSlot } from './jobs.ts';

/** A log that keeps what it was told. */
function recordingLog() {
  const lines: { level: 'info' | 'error'; fields: Record<string, unknown>; message: string }[] = [];
  const log: JobLog = {
    info: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'info', fields, message }),
    error: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'error', fields, message }),
  } as unknown as JobLog;
  return { log, lines };
}

const partCount = async (database: Database) =>
  (await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from parts`))[0]?.count;

describe.each(testEngines())('a catalogue job on %s', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.execute(sql`truncate parts cascade`);
    await database.db.delete(jobs);
  });

  it(`imports ${engine === 'postgres' ? 'in a process of its own' : 'in the server process'}, reporting each step`, async () => {
    const { log, lines } = recordingLog();
    const phases: ImportProgress['phase'][] = [];
    const report = await runCatalogueImport(
      database,
      { upload: readFixture('productsArray') },
      { lowStock: 5, source: 'test' },
      (progress) => {
        if (phases.at(-1) !== progress.phase) phases.push(progress.phase);
      },
      new AbortController().signal,
      log,
    );
    expect(report.inserted).toBeGreaterThan(0);
    expect(await partCount(database)).toBe(report.inserted);
    expect(phases[0]).toBe('reading');
    expect(phases.at(-1)).toBe('done');
    const ended = lines.filter((line) => line.message === 'catalogue job process ended');
    if (engine === 'postgres') {
      expect(ended).toHaveLength(1);
      expect(ended[0]?.fields.pid).not.toBe(process.pid);
      expect(ended[0]?.fields.code).toBe(0);
      expect(ended[0]?.fields.maxRssMb).toBeGreaterThan(0);
    } else {
      expect(ended).toEqual([]);
    }
  });

  it('fails with the import’s own Spanish message and code, changing nothing', async () => {
    const failure = runCatalogueImport(database, { upload: Buffer.from('[]') }, { lowStock: 5 }, () => {}, new AbortController().signal);
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: 'IMPORT_FAILED', message: 'El archivo no tiene filas de datos.' });
    expect(await partCount(database)).toBe(0);
  });

  it('reads an operator’s source itself and refuses one it cannot read', async () => {
    const failure = runCatalogueImport(
      database,
      { source: '/nonexistent/erp.json' },
      { lowStock: 5, fullSync: true },
      () => {},
      new AbortController().signal,
    );
    await expect(failure).rejects.toMatchObject({
      code: 'IMPORT_FAILED',
      message: 'No se pudo leer el archivo /nonexistent/erp.json: ENOENT',
    });
  });
});

describe.each(testEngines().filter((engine) => engine === 'postgres'))('a catalogue job in its own process on %s', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('ends with the server’s stop: the job is interrupted, its process ended and nothing applied', async () => {
    const slot = new JobSlot(database);
    const upload = Buffer.from(JSON.stringify(bulkRecords(5000)));
    const { log, lines } = recordingLog();
    const job = await slot.start('upload', { userId: null, username: 'staff' }, (onProgress, signal) =>
      runCatalogueImport(database, { upload }, { lowStock: 5 }, onProgress, signal, log),
    );
    expect(await slot.stop(0)).toBe(true);
    await slot.idle();
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'interrupted', error: JOB_INTERRUPTED });
    expect(lines.find((line) => line.message === 'catalogue job process ended')?.fields.signal).toBe('SIGKILL');
    expect(await partCount(database)).toBe(0);
  });
});
