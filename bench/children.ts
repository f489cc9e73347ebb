/**
 * Child processes of the bench (the real server and the ceiling server): a free loopback port,
 * start with captured output, wait for health, RSS sampling from /proc, and a stop that always
 * ends the process. Every child is tracked by cleanup.ts, so no exit path leaves one running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { trackChild } from './cleanup.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const HOST = '127.0.0.1';

/** A TCP port free on loopback at the time of asking. */
export { freePort } from '../src/server/test/net.ts';

export interface Child {
  process: ChildProcess;
  pid: number;
  origin: string;
  /** The last lines the child printed (stdout and stderr). */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `node <args>` with `env` added to this process's environment.
 * @param label prefix of the child's lines when echoed.
 * @param args Node's arguments: flags and the script, e.g. `serverArgs()` of scripts/server.mjs.
 */
export async function startNodeChild(label: string, args: string[], port: number, env: Record<string, string>): Promise<Child> {
  const script = args.at(-1);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 60) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    child.once('exit', () => resolve());
  });
  if (child.pid === undefined) throw new Error(`${label}: could not start ${script}`);
  return {
    process: child,
    pid: child.pid,
    origin: `http://${HOST}:${port}`,
    output: () => lines.map((l) => `  [${label}] ${l}`).join('\n'),
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200, the child exits, or `timeoutMs` passes. */
export async function waitForOk(child: Child, url: string, timeoutMs = 180_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null)
      throw new Error(`child exited with code ${child.process.exitCode} before ${url} answered:\n${child.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return await response.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${child.output()}`);
}

/** Resident set size of a process in MB (VmRSS of /proc/<pid>/status), or NaN when unreadable. */
export function readRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Resident set of the processes `pid` started (its children: a catalogue job's own process on
 * PostgreSQL, src/server/modules/sync/job-process.ts), summed in MB; 0 when it has none or they
 * cannot be read.
 */
function childrenRssMb(pid: number): number {
  let children: string;
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    return 0;
  }
  return children
    .split(' ')
    .filter(Boolean)
    .map((child) => readRssMb(Number(child)))
    .filter(Number.isFinite)
    .reduce((sum, rss) => sum + rss, 0);
}

/**
 * Samples a child's RSS every 250 ms: the peak since the last `startWindow()` and overall; and the
 * peak of the processes it started itself within the window ({@link windowChildrenPeakMb}).
 */
export class RssSampler {
  private timer: NodeJS.Timeout;
  private windowPeak = 0;
  private windowChildrenPeak = 0;
  overallPeak = 0;

  constructor(private readonly pid: number) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 250);
    this.timer.unref();
  }

  private sample(): void {
    const rss = readRssMb(this.pid);
    if (!Number.isFinite(rss)) return;
    if (rss > this.windowPeak) this.windowPeak = rss;
    if (rss > this.overallPeak) this.overallPeak = rss;
    const children = childrenRssMb(this.pid);
    if (children > this.windowChildrenPeak) this.windowChildrenPeak = children;
  }

  /** Starts a new measurement window (one scenario), seeded with the current RSS. */
  startWindow(): void {
    this.windowPeak = 0;
    this.windowChildrenPeak = 0;
    this.sample();
  }

  /** Peak RSS of the current window in MB, sampling once more first. */
  windowPeakMb(): number {
    this.sample();
    return this.windowPeak;
  }

  /** Peak RSS in MB of the processes the sampled one started, within the current window (0 when none ran). */
  windowChildrenPeakMb(): number {
    this.sample();
    return this.windowChildrenPeak;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
