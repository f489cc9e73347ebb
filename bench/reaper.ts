/**
 * The bench's last line of cleanup (see cleanup.ts): a detached process that polls the bench
 * process every 500 ms and, once it is gone, kills the children it left, removes its temp folders,
 * drops its PostgreSQL databases and deletes the state file. Usage: reaper.ts <state-file>.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import type { ReaperState } from './cleanup.ts';

const stateFile = process.argv[2];
if (!stateFile) process.exit(2);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const read = (): ReaperState | null => {
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8')) as ReaperState;
  } catch {
    return null;
  }
};

/** Only processes the bench starts: the real server or the ceiling server. */
const ours = (pid: number) => {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.includes('dist/server/main.js') || cmd.includes('bench/ceiling-server.ts');
  } catch {
    return false;
  }
};

async function reap(state: ReaperState): Promise<void> {
  for (const pid of state.pids) if (alive(pid) && ours(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of state.dirs) rmSync(dir, { recursive: true, force: true });
  for (const { adminUrl, name } of state.databases) {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
    } catch {
      // nothing more to do
    } finally {
      await client.end().catch(() => {});
    }
  }
}

const first = read();
if (!first) process.exit(0);
const timer = setInterval(() => {
  if (alive(first.owner)) return;
  clearInterval(timer);
  const state = read() ?? first;
  void reap(state).finally(() => {
    if (existsSync(stateFile)) rmSync(stateFile, { force: true });
    process.exit(0);
  });
}, 500);
