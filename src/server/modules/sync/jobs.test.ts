import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import { auditLog, jobs } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { createTestDatabase, testEngines } from '../../test/db.ts';
import type { ImportReport } from '../import/service.ts';
import { JOB_INTERRUPTED, JobSlot, KEEP_FINISHED_DAYS, KEEP_FINISHED_JOBS, pruneFinishedJobs } from './jobs.ts';

const actor = { userId: null, username: 'staff' };
const report: ImportReport = {
  format: 'records',
  rows: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  deactivated: 0,
  rejected: 0,
  rejections: [],
};

/** A job body that runs until `release()` is called. */
function held() {
  let release = () => {};
  const run = () =>
    new Promise<ImportReport>((resolve) => {
      release = () => resolve(report);
    });
  return { run, release: () => release() };
}

/** Finished jobs inserted directly, `daysAgo` days old, in id order. */
async function insertFinished(database: Database, count: number, daysAgo: number): Promise<void> {
  await database.db.execute(sql`
    insert into jobs (kind, status, progress, actor, owner, started_at, heartbeat_at, finished_at)
    select 'upload', 'done', '{}'::jsonb, 'staff', 'elsewhere:1',
      now() - make_interval(days => ${daysAgo}), now() - make_interval(days => ${daysAgo}), now() - make_interval(days => ${daysAgo})
    from generate_series(1, ${count})`);
}

const interruptedAudits = (database: Database) =>
  database.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.job_interrupted'));

describe.each(testEngines())('import/sync jobs table on %s', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(jobs);
    await database.db.delete(auditLog);
  });

  it(`prunes finished jobs at job start, keeping the newest ${KEEP_FINISHED_JOBS} and those of the last ${KEEP_FINISHED_DAYS} days`, async () => {
    // ids 1–3 finished yesterday, 4–63 finished 40 days ago: the newest 50 finished are 14–63.
    await insertFinished(database, 3, 1);
    await insertFinished(database, 60, KEEP_FINISHED_DAYS + 10);
    const ids = async () => (await database.db.select({ id: jobs.id }).from(jobs).orderBy(jobs.id)).map((r) => r.id);
    const before = await ids();
    expect(before).toHaveLength(63);

    const slot = new JobSlot(database);
    const job = held();
    const started = await slot.start('upload', actor, job.run);
    const after = await ids();
    // Kept: the three recent ones (outside the newest 50), the newest 50, and the new running job.
    expect(after).toEqual([...before.slice(0, 3), ...before.slice(13), started.id]);
    job.release();
    await slot.idle();

    // A second start prunes again: the oldest of the 40-day-old ones drops out of the newest 50.
    const next = held();
    await slot.start('sync', actor, next.run);
    next.release();
    await slot.idle();
    const rows = await queryRows<{ old: number; recent: number; running: number }>(
      database.db,
      sql`select count(*) filter (where finished_at < now() - interval '30 days')::int as old,
                 count(*) filter (where finished_at >= now() - interval '30 days')::int as recent,
                 count(*) filter (where status = 'running')::int as running from jobs`,
    );
    expect(rows[0]).toEqual({ old: 49, recent: 5, running: 0 });
  });

  it('never prunes a running job, however old', async () => {
    await database.db.execute(sql`
      insert into jobs (kind, status, progress, actor, owner, started_at, heartbeat_at)
      values ('sync', 'running', '{}'::jsonb, 'staff', 'elsewhere:1', now() - interval '90 days', now() - interval '90 days')`);
    await insertFinished(database, KEEP_FINISHED_JOBS + 5, KEEP_FINISHED_DAYS + 1);
    expect(await pruneFinishedJobs(database)).toBe(5);
    const rows = await queryRows<{ status: string; n: number }>(
      database.db,
      sql`select status, count(*)::int as n from jobs group by status order by status`,
    );
    expect(rows).toEqual([
      { status: 'done', n: KEEP_FINISHED_JOBS },
      { status: 'running', n: 1 },
    ]);
  });

  it('a graceful stop marks the running job interrupted and audits it; its late end changes nothing', async () => {
    const slot = new JobSlot(database);
    const job = held();
    const started = await slot.start('sync', actor, job.run);
    await expect(slot.start('upload', actor, held().run)).rejects.toBeInstanceOf(AppError);

    expect(await slot.stop(0)).toBe(true);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, started.id));
    expect(row).toMatchObject({ status: 'interrupted', error: JOB_INTERRUPTED });
    expect(row?.finishedAt).not.toBeNull();
    const audits = await interruptedAudits(database);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUsername: 'staff',
      entity: 'catalogue',
      entityId: String(started.id),
      before: { status: 'running', kind: 'sync' },
      after: { status: 'interrupted', reason: 'server stopped (SIGTERM)' },
    });
    // Every process (here a second slot) shows it as failed, with the reason.
    expect(await new JobSlot(database).current()).toMatchObject({ id: started.id, status: 'failed', error: JOB_INTERRUPTED });

    // The job's own end, arriving after the stop, does not turn it into `done`.
    job.release();
    await slot.idle();
    const [still] = await database.db.select().from(jobs).where(eq(jobs.id, started.id));
    expect(still?.status).toBe('interrupted');
    // A stop with nothing running interrupts nothing.
    expect(await slot.stop(0)).toBe(false);
  });

  it('a job whose process was lost is marked interrupted and audited by the next process, which can start again', async () => {
    // Left `running` by a SIGKILLed process: its heartbeat stopped 10 s ago.
    await database.db.execute(sql`
      insert into jobs (kind, status, progress, actor, owner, started_at, heartbeat_at)
      values ('upload', 'running', '{}'::jsonb, 'staff', 'gone:42', now() - interval '20 seconds', now() - interval '10 seconds')`);
    const slot = new JobSlot(database);
    expect(await slot.recoverInterrupted()).toBe(1);
    const audits = await interruptedAudits(database);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toEqual({ status: 'interrupted', reason: 'process lost' });
    const job = held();
    const started = await slot.start('upload', actor, job.run);
    expect(started.status).toBe('running');
    job.release();
    await slot.idle();
    expect((await slot.current())?.status).toBe('done');
  });
});
