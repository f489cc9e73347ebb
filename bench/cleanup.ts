/**
 * Everything the bench must remove on exit: child processes, temp folders, PostgreSQL databases.
 *
 * Three layers: try/finally in run.ts; signal and `exit` handlers; and a detached reaper process
 * (bench/reaper.ts) that watches this process and removes what is left if it dies without running
 * any handler. That last case is real: `npm run bench` runs under the tsx CLI, which SIGKILLs its
 * child when a Ctrl-C finds the event loop busy (during the in-process import, say) for 60 ms.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface ReaperState {
  /** The bench process the reaper watches. */
  owner: number;
  pids: number[];
  dirs: string[];
  databases: { adminUrl: string; name: string }[];
}

const children = new Set<ChildProcess>();
const dirs = new Set<string>();
const databases = new Map<string, string>();
const stateFile = path.join(os.tmpdir(), `repuestos-bench-reaper-${process.pid}.json`);
let reaperStarted = false;

function saveState(): void {
  if (!reaperStarted) return;
  const state: ReaperState = {
    owner: process.pid,
    pids: [...children].map((c) => c.pid).filter((p): p is number => p !== undefined),
    dirs: [...dirs],
    databases: [...databases].map(([name, adminUrl]) => ({ name, adminUrl })),
  };
  writeFileSync(stateFile, JSON.stringify(state));
}

/** Starts the reaper (once); it ends by itself after this process ends. */
export function startReaper(root: string): void {
  if (reaperStarted) return;
  reaperStarted = true;
  saveState();
  const reaper = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'reaper.ts'), stateFile], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
  });
  reaper.unref();
}

export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => {
    children.delete(child);
    saveState();
  });
  saveState();
}

export function trackDir(dir: string): void {
  dirs.add(dir);
  saveState();
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  dirs.delete(dir);
  saveState();
}

export function trackDatabase(name: string, adminUrl: string): void {
  databases.set(name, adminUrl);
  saveState();
}

/** Drops a database created by the bench (closing its connections first). */
export async function dropDatabase(name: string): Promise<void> {
  const adminUrl = databases.get(name);
  if (!adminUrl) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
  databases.delete(name);
  saveState();
}

/** Kills the children and removes the folders, synchronously (an `exit` handler can do no more). */
export function cleanupSync(): void {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
  saveState();
}

/** Everything, databases included. */
export async function cleanupAll(): Promise<void> {
  for (const child of children) child.kill('SIGKILL');
  for (const name of [...databases.keys()]) {
    await dropDatabase(name).catch((error: unknown) => console.error(`could not drop database ${name}:`, error));
  }
  cleanupSync();
}
