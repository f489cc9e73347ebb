/**
 * `npm run import` on a supplier's real workbook of ../shared/data (never copied into the
 * repository). Run by `npm run test:data`; `import.test.ts` covers the same on our own fixtures.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REAL_DATA } from '../test/data.ts';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));

/** Runs `npm run import -- …`'s entry point against a PGlite folder of its own. */
async function importCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run import on a real catalogue', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('imports a real XLSX, lists rejected rows and prints the summary line', async () => {
    const result = await importCli('--', REAL_DATA.resortes);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    // 824 rows: 785 parts, 29 rejected (10 of them "ACERO PARABOLICO" in the code column), 1 merged,
    // 4 repeated with another description, 5 blank.
    expect(lines.at(-1)).toBe('imported: 785 inserted, 0 updated, 0 unchanged, 29 rejected, 1 merged, 4 duplicates, 5 blank');
    expect(lines).toContain('rejected: row 524: Fila sin código ni descripción.');
    expect(lines.filter((l) => l.startsWith('rejected: row '))).toHaveLength(29);
    expect(lines.filter((l) => l.startsWith('rejected: row ') && l.includes('(ACERO PARABOLICO)'))).toHaveLength(10);
    expect(lines.filter((l) => /^(merged|duplicate): row /.test(l))).toHaveLength(5);
  });

  it('reports every part unchanged on a second run', async () => {
    const result = await importCli(REAL_DATA.resortes);
    expect(result.stdout.trim().split('\n').at(-1)).toBe(
      'imported: 0 inserted, 0 updated, 785 unchanged, 29 rejected, 1 merged, 4 duplicates, 5 blank',
    );
  });
});
