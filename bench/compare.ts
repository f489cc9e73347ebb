/**
 * A run against the previous one (issue 23 item 5): the rows of the previous
 * `bench/results/latest.json` matched with this run's by scenario, database, parts and
 * connections, each figure's change in percent, and a flag where it moved beyond the noise of this
 * machine, so a regression shows at a glance.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ResultRow } from './budgets.ts';
import type { CpuCheck } from './cpu-check.ts';
import { type PostgresServer, asPostgresServer } from './postgres-server.ts';

/** Change (percent) beyond which a figure is flagged: runs of the same code move by about this much. */
export const NOISE_PERCENT = 15;
/** A p95 must also move by more than this (ms): sub-millisecond answers jitter by tens of percent. */
export const NOISE_MS = 1;

export interface ComparedRow {
  scenario: string;
  database: string;
  parts: number;
  connections: number;
  before: Pick<ResultRow, 'p95_ms' | 'rps' | 'rss_mb'>;
  now: Pick<ResultRow, 'p95_ms' | 'rps' | 'rss_mb'>;
  /** Percent changes (positive: the figure grew); NaN when the previous figure was 0 or missing. */
  p95Change: number;
  rpsChange: number;
  rssChange: number;
  /**
   * `slower`: p95 grew beyond {@link NOISE_PERCENT} and {@link NOISE_MS}, or req/s fell beyond
   * {@link NOISE_PERCENT}; `faster`: the opposite; `same` otherwise.
   */
  verdict: 'slower' | 'faster' | 'same';
}

const key = (r: ResultRow) => `${r.scenario}|${r.database}|${r.parts}|${r.connections}`;

const change = (before: number, now: number) =>
  Number.isFinite(before) && Number.isFinite(now) && before !== 0 ? ((now - before) / before) * 100 : Number.NaN;

/**
 * Reads the rows of a previous run.
 * @returns the rows, or `null` when the file is missing or is not an array of result rows.
 */
export function readPreviousRows(file: string): ResultRow[] | null {
  if (!existsSync(file)) return null;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(parsed)) return null;
    // A figure is null when a run completed no request (docs/performance.md): read as NaN, so that
    // row compares as unknown instead of discarding the whole previous run.
    const figure = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);
    const rows: ResultRow[] = [];
    for (const r of parsed as Record<string, unknown>[]) {
      if (typeof r !== 'object' || r === null || typeof r.scenario !== 'string' || typeof r.database !== 'string') return null;
      rows.push({
        scenario: r.scenario,
        database: r.database as ResultRow['database'],
        parts: figure(r.parts),
        connections: figure(r.connections),
        p50_ms: figure(r.p50_ms),
        p95_ms: figure(r.p95_ms),
        p99_ms: figure(r.p99_ms),
        rps: figure(r.rps),
        errors: figure(r.errors),
        rss_mb: figure(r.rss_mb),
      });
    }
    return rows;
  } catch {
    return null;
  }
}

/** This run's rows that the previous run also measured, in this run's order, with their changes. */
export function compareRuns(previous: readonly ResultRow[], current: readonly ResultRow[]): ComparedRow[] {
  const before = new Map(previous.map((r) => [key(r), r]));
  const compared: ComparedRow[] = [];
  for (const now of current) {
    const then = before.get(key(now));
    if (!then) continue;
    const p95Change = change(then.p95_ms, now.p95_ms);
    const rpsChange = change(then.rps, now.rps);
    // A one-shot row (import, exports: one request) has req/s = rows/s; both figures say the same.
    const p95Moved = Math.abs(now.p95_ms - then.p95_ms) > NOISE_MS; // false when either is NaN
    const worse = (p95Moved && p95Change > NOISE_PERCENT) || rpsChange < -NOISE_PERCENT;
    const better = (p95Moved && p95Change < -NOISE_PERCENT) || rpsChange > NOISE_PERCENT;
    compared.push({
      scenario: now.scenario,
      database: now.database,
      parts: now.parts,
      connections: now.connections,
      before: { p95_ms: then.p95_ms, rps: then.rps, rss_mb: then.rss_mb },
      now: { p95_ms: now.p95_ms, rps: now.rps, rss_mb: now.rss_mb },
      p95Change,
      rpsChange,
      rssChange: change(then.rss_mb, now.rss_mb),
      verdict: worse ? 'slower' : better ? 'faster' : 'same',
    });
  }
  return compared;
}

/** What the previous run's latest-options.json says of its machine. */
export interface PreviousMachine {
  /** When it started (`machine.date`), or `null`. */
  date: string | null;
  /** Its CPU check at the start (`machine.cpu_check_start`, bench/cpu-check.ts), or `null` (runs before session 23). */
  cpuCheck: CpuCheck | null;
  /** Its PostgreSQL server (`postgres`, bench/postgres-server.ts), or `null` (PGlite only, or runs before session 26). */
  postgres: PostgresServer | null;
}

/** The previous run's date, CPU check and PostgreSQL server; all `null` when the file is missing or unreadable. */
export function previousRunMachine(file: string): PreviousMachine {
  const none: PreviousMachine = { date: null, cpuCheck: null, postgres: null };
  if (!existsSync(file)) return none;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as {
      machine?: { date?: unknown; cpu_check_start?: Partial<CpuCheck> };
      postgres?: unknown;
    };
    const check = parsed.machine?.cpu_check_start;
    return {
      date: typeof parsed.machine?.date === 'string' ? parsed.machine.date : null,
      cpuCheck:
        typeof check?.one_core_ms === 'number' && typeof check.two_cores_ms === 'number'
          ? { one_core_ms: check.one_core_ms, two_cores_ms: check.two_cores_ms }
          : null,
      postgres: asPostgresServer(parsed.postgres),
    };
  } catch {
    return none;
  }
}
