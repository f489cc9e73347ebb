/**
 * The cron adapter (issue 17 item 8): parses `ERP_SYNC_CRON` and fires a callback at each of its
 * instants, through croner. Nothing else in the server imports croner, so the library can change
 * behind these two functions. Patterns are the usual five fields (minute hour day month weekday),
 * optionally with seconds first, or a nickname (`@daily`, `@hourly`…), read in `timezone`.
 */
import { Cron } from 'croner';

/** A parsed cron schedule. */
export interface CronSchedule {
  readonly pattern: string;
  readonly timezone: string;
  /** The next `count` instants strictly after `from`. */
  nextRuns(count: number, from: Date): Date[];
  /** The latest instant at or before `at` (the one a tick fired for), or null. */
  instantAt(at: Date): Date | null;
  /**
   * Calls `onTick` with the instant at each instant from now on. Ticks never overlap: instants
   * that pass while the previous tick still runs are caught up once, late, for the latest of them
   * (within 30 s of its end). The timer does not keep the process alive.
   * @returns a function that stops the schedule.
   */
  start(onTick: (instant: Date) => Promise<void>): () => void;
}

/**
 * Why `pattern` is not a usable cron schedule in `timezone`, in Spanish, or null when it is.
 * Used by the configuration to fail start-up with a clear message.
 */
export function cronProblem(pattern: string, timezone: string): string | null {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    return `zona horaria desconocida «${timezone}» (use un nombre IANA, p. ej. America/Argentina/Buenos_Aires)`;
  }
  try {
    const cron = new Cron(pattern, { timezone, paused: true });
    const next = cron.nextRun();
    cron.stop();
    if (!next) return `la expresión cron «${pattern}» no tiene ninguna fecha futura`;
    return null;
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^CronPattern:\s*/, '') : String(error);
    return `expresión cron inválida «${pattern}»: use cinco campos (minuto hora día mes día-de-semana), p. ej. "0 3 * * *" (${detail})`;
  }
}

/**
 * Parses a cron pattern.
 * @param pattern e.g. `0 3 * * *` (every day at 03:00) or `*\/30 * * * *`.
 * @param timezone IANA name the pattern is read in (e.g. `America/Argentina/Buenos_Aires`).
 * @throws Error with the {@link cronProblem} message when the pattern or the zone is not valid.
 */
export function cronSchedule(pattern: string, timezone: string): CronSchedule {
  const problem = cronProblem(pattern, timezone);
  if (problem) throw new Error(problem);
  // A paused instance only answers questions about the pattern; `start` makes its own.
  const parser = new Cron(pattern, { timezone, paused: true });
  return {
    pattern,
    timezone,
    nextRuns: (count, from) => parser.nextRuns(count, from),
    // previousRuns is strictly before its reference: one millisecond later includes `at` itself.
    instantAt: (at) => parser.previousRuns(1, new Date(at.getTime() + 1))[0] ?? null,
    start(onTick) {
      const job = new Cron(pattern, { timezone, protect: true, unref: true, catch: true }, async () => {
        const instant = parser.previousRuns(1, new Date(Date.now() + 1))[0] ?? new Date();
        await onTick(instant);
      });
      return () => job.stop();
    },
  };
}
