/**
 * The "import while reading" scenario (docs/performance.md): the server runs an ERP sync of the
 * whole catalogue with a fifth of the parts repriced, as a Monday's price list does, while readers
 * keep asking for pages and parts no cache holds. It reports the reads' latencies during the run and
 * the longest wait, which is what a parts counter feels while the administrator imports.
 */
import { writeFileSync } from 'node:fs';
import type { SourceRecord } from '../src/server/modules/import/parse.ts';
import { summarise } from './stats.ts';

/** What the bench reads of `GET /api/admin/jobs/current`. */
type JobState = { status: string; error: string | null; progress: { written: number; phase: string } };

/** Credentials of the admin the bench's server creates (`ADMIN_USERNAME`/`ADMIN_PASSWORD`). */
export interface BenchAdmin {
  username: string;
  password: string;
}

export interface ImportWhileReading {
  /** Milliseconds from the sync's request to its job's end. */
  importMs: number;
  /** Parts the sync inserted or updated. */
  written: number;
  /** Latency of each read answered during the sync (ms). */
  reads: number[];
  /** Reads that failed (network error or a status other than 200). */
  errors: number;
  /** The job's error when it failed. */
  failure: string | null;
  /** The longest read: when it was asked (ms after the sync's request) and the job's phase then. */
  longest: { atMs: number; phase: string } | null;
}

/**
 * Writes the ERP feed of the scenario: the catalogue's records, every fifth part with its prices
 * raised 7 % (list entries `-` stay empty), as the JSON array an ERP answers.
 * @returns how many parts the feed reprices.
 */
export function writeRepricedFeed(file: string, records: readonly SourceRecord[]): number {
  let repriced = 0;
  const feed = records.map((record, i) => {
    const values = { ...record.values };
    if (i % 5 === 0 && typeof values.precios === 'string' && /\d/.test(values.precios)) {
      values.precios = values.precios
        .split('-')
        .map((p) => (p === '' ? p : (Number(p) * 1.07).toFixed(2)))
        .join('-');
      repriced++;
    }
    return values;
  });
  writeFileSync(file, JSON.stringify(feed));
  return repriced;
}

/**
 * Runs the scenario against a server started with `ERP_SOURCE` at the feed and the bench admin.
 * @param readPath the next read's path (pages and parts no cache holds).
 * @param readers concurrent readers, each waiting for its answer before asking again.
 * @throws Error when the admin cannot log in or the sync cannot start.
 */
export async function importWhileReading(
  origin: string,
  admin: BenchAdmin,
  readPath: () => string,
  readers = 4,
): Promise<ImportWhileReading> {
  const headers = { origin, 'content-type': 'application/json' };
  const login = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ ...admin, userType: 'admin' }) });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  if (!login.ok || !cookie) throw new Error(`bench admin login answered ${login.status}: ${(await login.text()).slice(0, 200)}`);
  const reads: number[] = [];
  let errors = 0;
  let running = true;
  // The job's phase as last polled, and where the longest read so far began.
  let phase = 'reading';
  const longest = { ms: -1, atMs: 0, phase: '' };
  const reader = async () => {
    while (running) {
      const started = performance.now();
      const askedIn = phase;
      try {
        const response = await fetch(origin + readPath());
        await response.arrayBuffer();
        if (response.status !== 200) errors++;
      } catch {
        errors++;
      }
      const ms = performance.now() - started;
      if (!running) continue;
      reads.push(ms);
      if (ms > longest.ms) Object.assign(longest, { ms, atMs: started - syncAt, phase: askedIn });
    }
  };
  const syncAt = performance.now();
  const sync = await fetch(`${origin}/api/debug/sync?confirmLarge=true`, { method: 'POST', headers: { origin, cookie } });
  if (sync.status !== 202) throw new Error(`the sync answered ${sync.status}: ${(await sync.text()).slice(0, 200)}`);
  const loops = Array.from({ length: readers }, reader);
  let job: JobState | null = null;
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = await fetch(`${origin}/api/admin/jobs/current`, { headers: { cookie } });
      job = ((await answer.json()) as { job: JobState | null }).job;
      if (job?.status !== 'running') break;
      phase = job.progress.phase;
    }
  } finally {
    running = false;
    await Promise.all(loops);
  }
  return {
    importMs: performance.now() - syncAt,
    written: job?.progress.written ?? 0,
    reads,
    errors,
    failure: job?.status === 'failed' ? (job.error ?? 'failed') : null,
    longest: longest.ms >= 0 ? { atMs: longest.atMs, phase: longest.phase } : null,
  };
}

/** p50, p95, p99 and the longest of a scenario's read latencies (ms). */
export function readWaits(reads: readonly number[]): { p50: number; p95: number; p99: number; longest: number } {
  return { ...summarise(reads), longest: reads.length ? Math.max(...reads) : Number.NaN };
}
