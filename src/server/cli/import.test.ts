import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { FIXTURES, inventoryXlsx } from '../test/catalogues.ts';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));

/** Runs `npm run import -- …`'s entry point against a PGlite folder of its own. */
function importCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return importCliWith({}, ...args);
}

/** {@link importCli} with `extra` added to its environment. */
function importCliWith(extra: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runNode(['--import', 'tsx', 'src/server/cli/import.ts', ...args], extra);
}

/** Runs Node with `args` against this file's data folder; resolves with its exit code and output. */
async function runNode(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', ...extra };
  try {
    const { stdout, stderr } = await run(process.execPath, args, { env });
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
    expect(lines.at(-1)).toBe('imported: 6 inserted, 0 updated, 0 unchanged, 4 rejected, 1 duplicates, 1 blank');
    expect(lines.filter((l) => /^(rejected|duplicate|heading|merged|conflict): row /.test(l))).toEqual([
      'rejected: row 6: Falta el código del producto.',
      'rejected: row 7: Fila sin código ni descripción.',
      'duplicate: row 10 (052BBB2100): Código repetido con otra descripción: se conservó la fila 8.',
      'rejected: row 11 (ACERO PARABOLICO): El código son palabras sin números (un título o una familia, no un código de artículo).',
      'rejected: row 12 (ACERO PARABOLICO): El código son palabras sin números (un título o una familia, no un código de artículo).',
    ]);
    expect(lines).toContain(
      'column ignored: PRECIO COSTO (columna de costo: no se publica como lista de precios salvo que se la asigne explícitamente)',
    );
  });

  it('maps columns, previews with --dry-run, refuses a large change without --confirm-large and writes --report', async () => {
    const erp = path.join(dataDir, 'erp.json');
    fs.writeFileSync(
      erp,
      JSON.stringify([
        { i: 1, c: '4PK-0640', n: 'CORREA POLY-V 4PK 640', s: 3, p: 25000, l: 'CORREAS' },
        { i: 2, c: '4PK-0640', n: 'CORREA POLY-V 4PK 640', s: 2, p: 25000, l: 'CORREAS' },
      ]),
    );
    const mapping = path.join(dataDir, 'mapping.json');
    fs.writeFileSync(mapping, JSON.stringify({ partNumber: 'c', description: 'n', ignore: ['i'] }));
    const maps = ['--map', 'stock=s', '--map', 'priceList1=p', '--map', 'category1=l', '--mapping', mapping];
    const preview = await importCli(erp, ...maps, '--dry-run');
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('dry run: nothing was changed');
    expect(preview.stdout).toContain('merged: row 2 (4PK-0640): Igual a la fila 1: se sumó su stock.');
    expect(preview.stdout.trim().split('\n').at(-1)).toBe('imported: 1 inserted, 0 updated, 0 unchanged, 0 rejected, 1 merged');
    const applied = await importCli(erp, ...maps, '--report', path.join(dataDir, 'rejects.csv'));
    expect(applied.stdout.trim().split('\n').at(-1)).toBe('imported: 1 inserted, 0 updated, 0 unchanged, 0 rejected, 1 merged');
    expect(fs.readFileSync(path.join(dataDir, 'rejects.csv'), 'utf8')).toBe(
      'row,kind,partNumber,reason\n2,merged,4PK-0640,Igual a la fila 1: se sumó su stock.\n',
    );
    const bad = await importCli(erp, '--map', 'precio=p');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--map precio=p: use destino=columna');

    // A full sync with only this part would deactivate the 7 others: refused until confirmed.
    const refused = await importCli(erp, ...maps, '--full-sync');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/error: Desactivaría 6 de 7 productos activos/);
  });

  it('reports every part unchanged on a second run, and a full sync deactivates the parts a file lacks', async () => {
    const again = await importCli(path.join(dataDir, 'inventario.xlsx'));
    expect(again.stdout.trim().split('\n').at(-1)).toBe('imported: 0 inserted, 0 updated, 6 unchanged, 4 rejected, 1 duplicates, 1 blank');
    const sync = await importCli(FIXTURES.latin1Csv, '--full-sync', '--confirm-large');
    expect(sync.code).toBe(0);
    expect(sync.stdout.trim().split('\n').at(-1)).toBe(
      'imported: 4 inserted, 0 updated, 0 unchanged, 1 rejected, 1 duplicates, 1 blank, 7 deactivated',
    );
  });

  it('runs as npm run import does (scripts/import.mjs: bundled, without tsx), passing the exit code on', async () => {
    // scripts/import.mjs bundles the command beside the server and runs it without tsx.
    const again = await runNode(['scripts/import.mjs', path.join(dataDir, 'inventario.xlsx')]);
    expect(again.code).toBe(0);
    expect(again.stdout.trim().split('\n').at(-1)).toMatch(/^imported: \d+ inserted, \d+ updated, \d+ unchanged, 4 rejected/);
    const usage = await runNode(['scripts/import.mjs']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^error: /);
  });

  it('refuses to write into an embedded database another running process holds, and takes over a stale lock', async () => {
    const lock = path.join(dataDir, 'pglite', 'portal.lock');
    // This test's own process is alive: as if a server held the folder.
    fs.writeFileSync(lock, String(process.pid));
    const refused = await importCli(FIXTURES.latin1Csv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`está abierta por otro proceso (pid ${process.pid})`);
    // A process that has exited left its lock behind: the import takes the folder over.
    const gone = await run(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(lock, gone.stdout);
    const taken = await importCli(FIXTURES.latin1Csv);
    expect(taken.code).toBe(0);
    expect(fs.existsSync(lock)).toBe(false);
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
    // Help is not an error; a wrong option is named in Spanish.
    const help = await importCli('--help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Uso: npm run import -- <archivo-o-url> \[opciones\]/);
    const unknown = await importCli(bad, '--dryrun');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^error: Opción desconocida: --dryrun\.\nUso: /);
    const environment = await importCliWith({ PGLITE_SHARED_BUFFERS_MB: 'mucho' }, bad);
    expect(environment.code).toBe(2);
    expect(environment.stderr).toBe('error: Configuración inválida:\n  PGLITE_SHARED_BUFFERS_MB: Debe ser un número.\n');
  });

  it('warns of each price it cannot read and names the hand edits it keeps', async () => {
    const file = path.join(dataDir, 'precios.csv');
    fs.writeFileSync(file, 'codigo,descripcion,precio\nCLI-P1,Filtro uno,consultar\nCLI-P2,Filtro dos,1500\n');
    const first = await importCli(file, '--source', 'precios');
    expect(first.code).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines).toContain('price: row 2 (CLI-P1): no se pudo leer el precio «consultar» de la lista 1; se importa sin ese precio.');
    expect(lines).toContain('unreadable prices: 1 row imported without that price');
    expect(lines.at(-1)).toBe('imported: 2 inserted, 0 updated, 0 unchanged, 0 rejected');

    // Staff edit a price by hand (the CLI has let the folder go): the next run names the edit it keeps.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await database.db.execute(
        sql`update parts set price_list_1 = 1800, hand_edited_fields = '{priceList1}' where part_number = 'CLI-P2'`,
      );
    } finally {
      await database.close();
    }
    fs.writeFileSync(file, 'codigo,descripcion,precio\nCLI-P1,Filtro uno,consultar\nCLI-P2,Filtro dos,1600\n');
    const second = await importCli(file, '--source', 'precios', '--dry-run');
    expect(second.stdout.trim().split('\n')).toContain('hand edit kept: CLI-P2 priceList1: «1800.00» (file: «1600.00»)');
  });

  it('refuses an empty --source, which would leave the parts of no source', async () => {
    const result = await importCli(path.join(dataDir, 'any.json'), '--source', ' ');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --source: Indique el nombre de la fuente/);
  });

  it('takes a file past the upload limits when IMPORT_MAX_ROWS and IMPORT_MAX_MB allow it, and refuses it otherwise', async () => {
    const file = path.join(dataDir, 'tres.json');
    fs.writeFileSync(file, JSON.stringify([1, 2, 3].map((i) => ({ codigo: `LIM-${i}00`, descripcion: `RESORTE ${i}` }))));
    const refused = await importCliWith({ IMPORT_MAX_ROWS: '2' }, file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/error: El archivo tiene más de 2 filas\./);
    const taken = await importCliWith({ IMPORT_MAX_ROWS: '3', IMPORT_MAX_MB: '1' }, file, '--dry-run');
    expect(taken.code).toBe(0);
    expect(taken.stdout.trim().split('\n').at(-1)).toBe('imported: 3 inserted, 0 updated, 0 unchanged, 0 rejected');
    // A file over IMPORT_MAX_MB is refused before it is read, naming the limit.
    const heavy = path.join(dataDir, 'pesado.json');
    fs.writeFileSync(heavy, `${JSON.stringify([{ codigo: 'LIM-900', descripcion: 'RESORTE' }])}${' '.repeat(1024 * 1024)}`);
    const over = await importCliWith({ IMPORT_MAX_MB: '1' }, heavy);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/error: El archivo supera el máximo de 1 MB\./);
    expect((await importCliWith({ IMPORT_MAX_MB: '2' }, heavy, '--dry-run')).code).toBe(0);
    const bad = await importCliWith({ IMPORT_MAX_MB: '0' }, file);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/IMPORT_MAX_MB/);
  });

  it('refuses a file with a repeated code under --duplicates reject-file, and an unknown mode', async () => {
    // The inventory repeats 052BBB2100 with another description (rows 8 and 10).
    const workbook = path.join(dataDir, 'inventario.xlsx');
    const refused = await importCli(workbook, '--duplicates', 'reject-file');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/error: El código 052BBB2100 se repite en las filas 8 y 10/);
    const unknown = await importCli(workbook, '--duplicates', 'todas');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--duplicates debe ser');
  });
});
