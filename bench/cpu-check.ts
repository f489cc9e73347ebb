/**
 * How fast this machine's cores are right now: a fixed piece of CPU work timed on one core alone,
 * then on two cores at once. Runs of the bench on different days, or at different moments of one
 * run, are only comparable when these agree: the machines it ran on have differed by 3× between
 * sessions, and a busy host can halve a core's speed within seconds (docs/performance.md
 * "Session 23"). Printed at the start and end of a run and kept in latest-options.json.
 */
import { Worker } from 'node:worker_threads';

/** Iterations of the fixed work: about 0.2 s on one core of session 23's machine. */
export const CPU_CHECK_ITERATIONS = 40_000_000;

/** One check, ms of wall time. */
export interface CpuCheck {
  /** The work on one core, nothing else of ours running (best of three). */
  one_core_ms: number;
  /** The same work on two cores at once: the slower of the two (best of three). */
  two_cores_ms: number;
}

/**
 * The fixed work, as worker source: a chain of integer multiply-adds V8 cannot skip (each step
 * needs the previous one), posting its own wall time in ms.
 */
const WORK = `
const { parentPort, workerData } = require('node:worker_threads');
const started = performance.now();
let x = 1;
for (let i = 0; i < workerData; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
parentPort.postMessage({ ms: performance.now() - started, x });
`;

/** Runs the work once in a new worker thread; resolves with its wall time, ms. */
function timedWork(iterations: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORK, { eval: true, workerData: iterations });
    worker.once('message', (m: { ms: number }) => {
      resolve(m.ms);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * Times the fixed work on one core, then on two at once, three times each, keeping the best.
 * @param iterations the work's size (tests pass a small one).
 * @throws when a worker thread cannot start.
 */
export async function cpuCheck(iterations = CPU_CHECK_ITERATIONS): Promise<CpuCheck> {
  let one = Number.POSITIVE_INFINITY;
  let two = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    one = Math.min(one, await timedWork(iterations));
    const pair = await Promise.all([timedWork(iterations), timedWork(iterations)]);
    two = Math.min(two, Math.max(...pair));
  }
  return { one_core_ms: Math.round(one), two_cores_ms: Math.round(two) };
}

/** "one core 210 ms, two at once 260 ms", for the log. */
export function formatCpuCheck(check: CpuCheck): string {
  return `one core ${check.one_core_ms} ms, two at once ${check.two_cores_ms} ms`;
}

/**
 * How this run's machine compares with the previous run's, for the comparison's heading: the
 * ratio of the one-core times (above 1: this run's machine was slower), or `null` when either run
 * has no check (runs before session 23).
 */
export function machineRatio(previous: CpuCheck | null, current: CpuCheck | null): number | null {
  if (!previous || !current || !(previous.one_core_ms > 0) || !(current.one_core_ms > 0)) return null;
  return current.one_core_ms / previous.one_core_ms;
}
