/**
 * The scheduled ERP sync (issue 17 item 8, docs/product.md §11.5) on PGlite and, with
 * DATABASE_URL, PostgreSQL: the cron adapter and its start-up check, a scheduled instant run once
 * across processes through the job slot, a skipped run while another job runs, a refused large
 * change and a failed source mailed to STAFF_EMAIL (a real SMTP server), and `GET /api/admin/jobs`.
 * No test waits on the clock: `runAt(instant)` is what the timer calls.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobHistoryEntry } from '../../../shared/admin.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { importMappings, jobs, scheduledSyncs } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { createUser, loginCookie } from '../../test/factories.ts';
import { type ReceivedMail, readMail, startSmtp } from '../../test/smtp.ts';
import { createMailer } from '../auth/mail.ts';
import type { ImportReport } from '../import/service.ts';
import { cronProblem, cronSchedule } from './cron.ts';
import { JobSlot } from './jobs.ts';
import { ScheduledSync } from './schedule.ts';

/** The subject and body of a received mail, decoded. */
function mailText(mail: ReceivedMail | undefined): string {
  const { subject, text } = readMail(mail ?? { to: [], raw: '' });
  return `${subject}\n${text}`;
}

const ZONE = 'America/Argentina/Buenos_Aires';

describe('cron adapter and ERP_SYNC_CRON check', () => {
  it('reads five-field patterns and nicknames in the configured zone', () => {
    const daily = cronSchedule('0 3 * * *', ZONE);
    // 03:00 in Buenos Aires (UTC−3) is 06:00 UTC.
    expect(daily.nextRuns(2, new Date('2026-11-25T05:59:59Z')).map((d) => d.toISOString())).toEqual([
      '2026-11-25T06:00:00.000Z',
      '2026-11-26T06:00:00.000Z',
    ]);
    expect(daily.instantAt(new Date('2026-11-25T06:00:00.400Z'))?.toISOString()).toBe('2026-11-25T06:00:00.000Z');
    expect(daily.instantAt(new Date('2026-11-25T05:59:59Z'))?.toISOString()).toBe('2026-11-24T06:00:00.000Z');
    const weekdays = cronSchedule('30 7 * * 1-5', ZONE);
    // Friday 27 Nov 2026 07:30, then Monday 30 Nov.
    expect(weekdays.nextRuns(2, new Date('2026-11-27T10:00:00Z')).map((d) => d.toISOString())).toEqual([
      '2026-11-27T10:30:00.000Z',
      '2026-11-30T10:30:00.000Z',
    ]);
    expect(cronSchedule('@hourly', 'UTC').nextRuns(1, new Date('2026-11-25T10:15:00Z'))[0]?.toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(cronProblem('*/15 * * * *', ZONE)).toBeNull();
  });

  it('fires at each instant with that instant, never two at once, and stops', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T05:59:58.500Z') });
    try {
      const ticks: string[] = [];
      let finish = () => {};
      const stop = cronSchedule('*/30 * * * *', ZONE).start(async (instant) => {
        ticks.push(`${instant.toISOString()} at ${new Date().toISOString().slice(11, 19)}`);
        await new Promise<void>((resolve) => (finish = resolve));
      });
      await vi.advanceTimersByTimeAsync(2000);
      expect(ticks).toEqual(['2026-11-25T06:00:00.000Z at 06:00:00']);
      // Still running through 06:30 and 07:00: nothing starts alongside it.
      await vi.advanceTimersByTimeAsync(70 * 60_000);
      expect(ticks).toHaveLength(1);
      // Once it ends, the latest missed instant runs once, late; then the schedule goes on.
      finish();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(ticks[1]).toMatch(/^2026-11-25T07:00:00.000Z at 07:10:/);
      finish();
      await vi.advanceTimersByTimeAsync(20 * 60_000);
      expect(ticks[2]).toBe('2026-11-25T07:30:00.000Z at 07:30:00');
      finish();
      stop();
      await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
      expect(ticks).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('explains a bad pattern or zone in Spanish, and start-up refuses it', () => {
    expect(cronProblem('61 * * * *', ZONE)).toMatch(/^expresión cron inválida «61 \* \* \* \*»: use cinco campos/);
    expect(cronProblem('todos los días', ZONE)).toMatch(/expresión cron inválida/);
    expect(cronProblem('0 0 30 2 *', ZONE)).toMatch(/no tiene ninguna fecha futura/);
    expect(cronProblem('0 3 * * *', 'Marte/Olimpo')).toMatch(/zona horaria desconocida «Marte\/Olimpo»/);
    expect(() => cronSchedule('61 * * * *', ZONE)).toThrow(/expresión cron inválida/);

    const env = { NODE_ENV: 'test', ERP_SOURCE: '/tmp/erp.json' };
    expect(() => loadConfig({ ...env, ERP_SYNC_CRON: '61 * * * *' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, ERP_SYNC_CRON: '61 * * * *' })).toThrow(/ERP_SYNC_CRON: expresión cron inválida/);
    expect(() => loadConfig({ NODE_ENV: 'test', ERP_SYNC_CRON: '0 3 * * *' })).toThrow(/ERP_SYNC_CRON: .*necesita ERP_SOURCE/);
    expect(() => loadConfig({ ...env, ERP_SYNC_CRON: '0 3 * * *', ERP_SYNC_TIMEZONE: 'Nowhere/City' })).toThrow(/zona horaria desconocida/);
    expect(() => loadConfig({ ...env, STAFF_EMAIL: 'no-es-un-mail' })).toThrow(/STAFF_EMAIL: debe ser un email/);
    const config = loadConfig({ ...env, ERP_SYNC_CRON: ' 0 3 * * * ', STAFF_EMAIL: 'staff@example.com' });
    expect(config).toMatchObject({ erpSyncCron: '0 3 * * *', erpSyncTimezone: ZONE, staffEmail: 'staff@example.com' });
    expect(loadConfig({ NODE_ENV: 'test' }).erpSyncCron).toBeNull();
  });
});

const record = (i: number) => ({
  codigo: `PRG-${String(i).padStart(4, '0')}`,
  descripcion: `Repuesto programado ${i}`,
  categoria1: 'Repuestos',
  categoria2: 'Motor',
  precios: `${100 + i}.00-${90 + i}.00`,
  stock: i % 7,
  imagen: '',
});

describe.each(testEngines())('scheduled ERP sync on %s', (engine) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-schedule-'));
  const erpFile = path.join(dir, 'erp.json');
  const erp = (count: number) => fs.writeFileSync(erpFile, JSON.stringify(Array.from({ length: count }, (_, i) => record(i + 1))));
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let client: string;
  /** The scheduler as the app would run it in one process; `slot` stands for another process's. */
  const scheduler = (slot: JobSlot = t.app.jobs, config = t.config) =>
    new ScheduledSync({
      ctx: { config, db: t.database.db, database: t.database },
      jobs: slot,
      mailer: createMailer(config, t.app.log),
      log: t.app.log,
    });
  const history = async (limit = 20) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/jobs?limit=${limit}`, headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    return response.json().runs as JobHistoryEntry[];
  };
  const activeParts = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from parts where is_active`))[0]?.n;

  beforeAll(async () => {
    erp(30);
    smtp = await startSmtp();
    t = await buildTestApp(engine, {
      // No erpSyncCron: the app's own timer must not fire during the test; runAt stands in for it.
      erpSource: erpFile,
      erpSyncTimezone: ZONE,
      staffEmail: 'staff@example.com',
      smtpUrl: smtp.url,
    });
    admin = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'admin', username: 'staff' }), 'admin');
    client = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'client' }), 'client');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('runs the full ERP sync at an instant, once however many processes reach it, and lists it', async () => {
    const instant = new Date('2026-01-05T06:00:00Z');
    expect(await scheduler().runAt(instant)).toMatchObject({ kind: 'done' });
    expect(await activeParts()).toBe(30);
    // Another process reaching the same instant (its own job slot) stands aside: no second job.
    expect(await scheduler(new JobSlot(t.database)).runAt(instant)).toEqual({ kind: 'elsewhere' });
    expect(await t.database.db.select({ id: jobs.id }).from(jobs)).toHaveLength(1);
    const [job] = await t.database.db.select().from(jobs);
    expect(job).toMatchObject({ kind: 'sync', status: 'done', actor: 'programada' });
    expect((job?.report as ImportReport | undefined)?.inserted).toBe(30);

    const [run] = await history();
    expect(run).toMatchObject({
      jobId: job?.id,
      kind: 'sync',
      trigger: 'scheduled',
      actor: 'programada',
      result: 'ok',
      error: null,
      counts: { inserted: 30, updated: 0, unchanged: 0, deactivated: 0, rejected: 0 },
    });
    expect(run?.finishedAt).not.toBeNull();
    expect(smtp.received).toHaveLength(0);

    // The next day's run finds nothing new.
    expect(await scheduler().runAt(new Date('2026-01-06T06:00:00Z'))).toMatchObject({ kind: 'done' });
    expect((await history())[0]?.counts).toEqual({ inserted: 0, updated: 0, unchanged: 30, deactivated: 0, rejected: 0 });
  });

  it('skips and records a run while another job holds the slot, and mails staff', async () => {
    let release = () => {};
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
    // An upload started by hand in another process, still running at the instant.
    const other = new JobSlot(t.database);
    await other.start(
      'upload',
      { userId: null, username: 'staff' },
      () => new Promise<ImportReport>((resolve) => (release = () => resolve(report))),
    );
    const instant = new Date('2026-01-07T06:00:00Z');
    const outcome = await scheduler().runAt(instant);
    release();
    await other.idle();
    expect(outcome).toMatchObject({ kind: 'skipped' });
    expect(outcome.kind === 'skipped' && outcome.reason).toMatch(
      /^No se ejecutó: una importación iniciada por staff a las .+ seguía en curso\.$/,
    );
    const [row] = await t.database.db.select().from(scheduledSyncs).where(eq(scheduledSyncs.scheduledFor, instant));
    expect(row).toMatchObject({ outcome: 'skipped', jobId: null });

    const runs = await history();
    const skipped = runs.find((r) => r.result === 'skipped');
    expect(skipped).toMatchObject({
      jobId: null,
      trigger: 'scheduled',
      actor: 'programada',
      startedAt: instant.toISOString(),
      counts: null,
    });
    expect(skipped?.error).toMatch(/seguía en curso/);
    // Newest first, skipped instants (by their instant) among the jobs (by their start).
    const times = runs.map((r) => r.startedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(runs.find((r) => r.kind === 'upload')).toMatchObject({ trigger: 'manual', actor: 'staff', result: 'ok' });

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['staff@example.com']);
    const text = mailText(smtp.received[0]);
    expect(text).toContain('Sincronización programada no se ejecutó');
    expect(text).toContain('La sincronización programada del ERP de las 07/01/2026, 03:00 no se ejecutó.');
    expect(text).toContain('una importación iniciada por staff');
  });

  it('refuses a large change without applying it, records the failure and mails staff', async () => {
    // The feed lost 28 of its 30 parts: deactivating them is more than 10 % of the catalogue.
    erp(2);
    try {
      const outcome = await scheduler().runAt(new Date('2026-01-08T06:00:00Z'));
      expect(outcome).toMatchObject({ kind: 'failed', refused: true });
      expect(outcome.kind === 'failed' && outcome.error).toMatch(/Desactivaría 28 de 30 productos activos/);
      expect(await activeParts()).toBe(30);
      const [run] = await history(1);
      expect(run).toMatchObject({ trigger: 'scheduled', result: 'failed', counts: null });
      expect(run?.error).toMatch(/no se aplicó ningún cambio/);

      expect(smtp.received).toHaveLength(1);
      const text = mailText(smtp.received[0]);
      expect(text).toContain('Sincronización programada fue rechazada');
      expect(text).toContain('Desactivaría 28 de 30 productos activos');
      expect(text).toContain('No se aplicó ningún cambio al catálogo.');
      expect(text).toContain(`${t.config.publicOrigin}/debug`);
    } finally {
      erp(30);
    }
  });

  it('mails staff when the ERP source cannot be read', async () => {
    const broken = { ...t.config, erpSource: path.join(dir, 'missing.json') };
    const outcome = await scheduler(t.app.jobs, broken).runAt(new Date('2026-01-09T06:00:00Z'));
    expect(outcome).toMatchObject({ kind: 'failed', refused: false });
    expect(outcome.kind === 'failed' && outcome.error).toMatch(/^No se pudo leer/);
    expect(smtp.received).toHaveLength(1);
    expect(mailText(smtp.received[0])).toContain('Sincronización programada falló');
    expect(await activeParts()).toBe(30);
  });

  it('lists manual runs and previews by whom, newest first, admin only', async () => {
    const preview = await t.app.inject({ method: 'POST', url: '/api/debug/sync?dryRun=true', headers: { cookie: admin } });
    expect(preview.statusCode).toBe(202);
    await t.app.jobs.idle();
    const [run] = await history(1);
    expect(run).toMatchObject({ kind: 'sync', trigger: 'manual', actor: 'staff', result: 'preview' });
    expect(run?.counts).toEqual({ inserted: 0, updated: 0, unchanged: 30, deactivated: 0, rejected: 0 });
    expect(await history(3)).toHaveLength(3);

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: { cookie: client } })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/jobs?limit=0', headers: { cookie: admin } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/El límite va de 1 a 100/);
    const word = await t.app.inject({ method: 'GET', url: '/api/admin/jobs?limit=muchos', headers: { cookie: admin } });
    expect(word.statusCode).toBe(400);
  });
  it('applies the column mapping saved as «erp»', async () => {
    // The ERP now exports short keys: without a mapping no row has a code.
    const short = Array.from({ length: 30 }, (_, i) => ({ i: i + 1, c: record(i + 1).codigo, n: record(i + 1).descripcion, p: 101 + i }));
    fs.writeFileSync(erpFile, JSON.stringify(short));
    try {
      const unmapped = await scheduler().runAt(new Date('2026-01-10T06:00:00Z'));
      expect(unmapped).toMatchObject({ kind: 'failed', refused: false });
      await t.database.db.insert(importMappings).values({
        name: 'erp',
        assignments: [
          { target: 'partNumber', column: 'c' },
          { target: 'description', column: 'n' },
          { target: 'priceList1', column: 'p' },
          { target: 'ignore', column: 'i' },
        ],
        updatedBy: 'staff',
      });
      expect(await scheduler().runAt(new Date('2026-01-11T06:00:00Z'))).toMatchObject({ kind: 'done' });
      const [run] = await history(1);
      expect(run).toMatchObject({ trigger: 'scheduled', result: 'ok' });
      expect(run?.counts).toMatchObject({ inserted: 0, deactivated: 0, rejected: 0 });
      expect(await activeParts()).toBe(30);
    } finally {
      await t.database.db.delete(importMappings);
      erp(30);
    }
  });
});
