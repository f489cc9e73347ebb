/**
 * Scenario `import-command`: the catalogue imported by `npm run import` as a supplier runs it, in
 * its own process (scripts/server.mjs `importArgs`: the bundled command with the heap flags of
 * `importNodeFlags`), from a JSON file of the generated records into a new database that is
 * already created and migrated, as a server's first start leaves it. Reports its time and its peak
 * RSS (`VmHWM`), the figure of issue 23 item 4 ("a 100,000-part import peaks below 500 MB" on
 * PGlite), which the `import` row cannot give: that one is this process, which generated the
 * records and holds them.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importArgs, serverEnv } from '../scripts/server.mjs';
import { openDatabase } from '../src/server/db/client.ts';
import type { SourceRecord } from '../src/server/modules/import/parse.ts';
import { SOURCE_LIMITS } from '../src/server/modules/import/parse.ts';
import type { DatabaseKind } from './args.ts';
import { ROOT } from './children.ts';
import { createDatabase } from './database.ts';

export interface ImportCommandRun {
  /** Wall time of the command, ms (start of the process to its exit). */
  ms: number;
  /** Peak resident set of the command's process, MB (`VmHWM`, read every 100 ms until it exits). */
  peakMb: number;
  /** The command's summary line (`imported: N inserted, …`). */
  summary: string;
  inserted: number;
}

/**
 * `IMPORT_MAX_MB` and `IMPORT_MAX_ROWS` for a source of `bytes` and `rows`: what the operator of a
 * catalogue past the default limits (50 MB, 500,000 rows; docs/product.md §11.2) sets, never below
 * the defaults. The bench's import command and its server's ERP sync run with them, so that a
 * 1,000,000-part run measures them too instead of being refused.
 */
export function operatorImportLimits(bytes: number, rows: number): { IMPORT_MAX_MB: string; IMPORT_MAX_ROWS: string } {
  return {
    IMPORT_MAX_MB: String(Math.max(SOURCE_LIMITS.maxBytes / 1024 / 1024, Math.ceil(bytes / 1024 / 1024) + 1)),
    IMPORT_MAX_ROWS: String(Math.max(SOURCE_LIMITS.maxRecords, rows)),
  };
}

/** `VmHWM` of `pid` in MB, or NaN once the process is gone. */
function readHwmMb(pid: number): number {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Writes `records` as the JSON array an ERP would send into `scratch`, then runs the import command
 * on it against a new database of `kind`, dropped afterwards.
 * With a file over the import's default limits it runs as an operator would, with them raised
 * ({@link operatorImportLimits}).
 * @throws Error when the command fails or imports fewer parts than the file holds.
 */
export async function runImportCommand(kind: DatabaseKind, records: readonly SourceRecord[], scratch: string): Promise<ImportCommandRun> {
  const file = path.join(scratch, 'catalogue.json');
  writeFileSync(file, JSON.stringify(records.map((r) => r.values)));
  const limits = operatorImportLimits(statSync(file).size, records.length);
  const prepared = await createDatabase(kind, process.env.DATABASE_URL);
  try {
    const dataDir = prepared.serverEnv.DATA_DIR;
    const created = await openDatabase({
      databaseUrl: prepared.serverEnv.DATABASE_URL,
      pgliteDir: dataDir ? path.join(dataDir, 'pglite') : undefined,
    });
    try {
      await created.migrate();
    } finally {
      await created.close();
    }
    const started = performance.now();
    const env = { ...process.env, ...serverEnv(), DATABASE_URL: '', ...prepared.serverEnv, DEMO_CATALOGUE: 'false', ...limits };
    const child = spawn(process.execPath, importArgs([file], env), {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    let peakMb = 0;
    const timer = setInterval(() => {
      const hwm = readHwmMb(child.pid as number);
      if (hwm > peakMb) peakMb = hwm;
    }, 100);
    const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
    clearInterval(timer);
    const ms = performance.now() - started;
    const summary = stdout.trim().split('\n').at(-1) ?? '';
    const inserted = Number(/^imported: (\d+) inserted/.exec(summary)?.[1] ?? Number.NaN);
    if (code !== 0 || inserted !== records.length) {
      throw new Error(`npm run import exited ${code} with "${summary}": ${stderr.trim().slice(-500)}`);
    }
    return { ms, peakMb, summary, inserted };
  } finally {
    await prepared.cleanup();
  }
}
