/**
 * `npm run import -- <file-or-url>` (docs/product.md §11.2): imports a JSON, CSV or
 * XLSX catalogue into the configured database and prints rejected rows, then one summary line
 * `imported: N inserted, N updated, N unchanged, N rejected`. Exits 1 when nothing was imported.
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { readSource } from '../modules/import/source.ts';
import { formatSummary, importCatalogueFile } from '../modules/import/service.ts';

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const fullSync = args.includes('--full-sync');
  const target = args.find((a) => !a.startsWith('--'));
  if (!target) {
    console.error('Uso: npm run import -- <archivo-o-url> [--full-sync]');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    const buffer = await readSource(target);
    const report = await importCatalogueFile(database.db, buffer, { lowStock: config.lowStock, fullSync });
    for (const r of report.rejections) {
      console.log(`rejected: row ${r.row}${r.partNumber ? ` (${r.partNumber})` : ''}: ${r.reason}`);
    }
    console.log(formatSummary(report));
    return report.inserted + report.updated + report.unchanged > 0 ? 0 : 1;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`error: ${error.message}`);
      console.log('imported: 0 inserted, 0 updated, 0 unchanged, 0 rejected');
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
