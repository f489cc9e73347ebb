import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, inventoryXlsx } from '../test/catalogues.ts';

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

describe('npm run import', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('imports an XLSX, lists rejected rows and prints the summary line', async () => {
    const workbook = path.join(dataDir, 'inventario.xlsx');
    fs.writeFileSync(workbook, await inventoryXlsx());
    const result = await importCli('--', workbook);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('imported: 7 inserted, 0 updated, 0 unchanged, 4 rejected');
    expect(lines.filter((l) => l.startsWith('rejected: row '))).toEqual([
      'rejected: row 6: Falta el código del producto.',
      'rejected: row 7: Fila sin código ni descripción (título de sección o fila vacía).',
      'rejected: row 10 (052BBB2100): Código duplicado: ya aparece en la fila 8.',
      'rejected: row 12 (ACERO PARABOLICO): Código duplicado: ya aparece en la fila 11.',
    ]);
  });

  it('reports every part unchanged on a second run, and a full sync deactivates the parts a file lacks', async () => {
    const again = await importCli(path.join(dataDir, 'inventario.xlsx'));
    expect(again.stdout.trim().split('\n').at(-1)).toBe('imported: 0 inserted, 0 updated, 7 unchanged, 4 rejected');
    const sync = await importCli(FIXTURES.latin1Csv, '--full-sync');
    expect(sync.code).toBe(0);
    expect(sync.stdout.trim().split('\n').at(-1)).toBe('imported: 4 inserted, 0 updated, 0 unchanged, 2 rejected, 7 deactivated');
  });

  it('exits non-zero with a clear message when nothing can be imported', async () => {
    const bad = path.join(dataDir, 'bad.json');
    fs.writeFileSync(bad, '{"not": "a catalogue"}');
    const result = await importCli(bad);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/error: El JSON debe ser una lista/);
    const missing = await importCli(path.join(dataDir, 'missing.csv'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No se pudo leer el archivo/);
    const usage = await importCli();
    expect(usage.code).toBe(2);
  });
});
