/**
 * `npm run import -- <file-or-url> [options]` (docs/product.md §11.2–11.4): imports a JSON, CSV or
 * XLSX catalogue into the configured database, prints every row not imported, what changed, then
 * one summary line `imported: N inserted, N updated, N unchanged, N rejected[, …]`. Exits 1 when
 * nothing was imported or the run was refused, 2 on bad arguments.
 *
 * Options: `--map target=column` (repeatable), `--mapping FILE.json`, `--dry-run`, `--confirm-large`,
 * `--duplicates merge|keep-first|reject-file`, `--report rejects.csv`, `--source NAME`,
 * `--overwrite field,field`, `--full-sync`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import {
  type ColumnAssignment,
  DUPLICATE_MODES,
  type DuplicateMode,
  HAND_EDITABLE_FIELDS,
  type HandEditableField,
  importSourceSchema,
  mappingFromJson,
  parseMapEntries,
} from '../../shared/import.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { checkBuffers } from '../db/buffers.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { type ImportReport, formatSummary, importCatalogueFile, sourceFromFileName } from '../modules/import/service.ts';
import { sourceLimits } from '../modules/import/parse.ts';
import { readSource } from '../modules/import/source.ts';

const USAGE = `Uso: npm run import -- <archivo-o-url> [opciones]
  --map destino=columna     asigna una columna (repetible; destino: ${['partNumber', 'description', 'category1', '…', 'priceList1', '…', 'ignore'].join(', ')})
  --mapping archivo.json    asignaciones en un JSON {"partNumber": "c", "ignore": ["x"]}
  --dry-run                 muestra lo que haría sin cambiar nada
  --confirm-large           confirma un cambio grande (más del 10 % desactivado o 30 % de precios)
  --duplicates modo         merge (predeterminado), keep-first o reject-file
  --report rechazos.csv     escribe cada fila no importada en un CSV
  --source nombre           nombre de la fuente (predeterminado: el nombre del archivo)
  --overwrite a,b           campos editados a mano que el archivo puede reemplazar
  --full-sync               desactiva los productos activos que no están en el archivo`;

interface CliOptions {
  target: string;
  mapping: ColumnAssignment[];
  dryRun: boolean;
  confirmLarge: boolean;
  duplicates: DuplicateMode;
  reportFile: string | undefined;
  source: string;
  overwrite: HandEditableField[];
  fullSync: boolean;
}

/** `node:util` parseArgs's error in Spanish (its messages are English; the option is quoted in them). */
function argumentError(error: Error & { code?: string }): string {
  const option = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Opción desconocida: ${option}.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `La opción ${option} necesita un valor.`;
    default:
      return 'Argumentos no válidos.';
  }
}

/** Reads the command line; a string is the Spanish message of a bad argument. */
function readOptions(argv: string[]): CliOptions | string {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv.filter((a) => a !== '--'),
      allowPositionals: true,
      options: {
        map: { type: 'string', multiple: true },
        mapping: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'confirm-large': { type: 'boolean' },
        duplicates: { type: 'string' },
        report: { type: 'string' },
        source: { type: 'string' },
        overwrite: { type: 'string' },
        'full-sync': { type: 'boolean' },
      },
    });
  } catch (error) {
    return argumentError(error as Error & { code?: string });
  }
  const { values, positionals } = parsed;
  const target = positionals[0];
  if (!target || positionals.length > 1) return 'Indique un único archivo o URL.';
  const mapping: ColumnAssignment[] = [];
  if (typeof values.mapping === 'string') {
    let data: unknown;
    try {
      data = JSON.parse(fs.readFileSync(values.mapping, 'utf8'));
    } catch (error) {
      return `No se pudo leer el mapeo ${values.mapping}: ${(error as Error).message}`;
    }
    const fromFile = mappingFromJson(data);
    if ('error' in fromFile) return fromFile.error;
    mapping.push(...fromFile.assignments);
  }
  const fromFlags = parseMapEntries((values.map as string[] | undefined) ?? []);
  if ('error' in fromFlags) return fromFlags.error;
  mapping.push(...fromFlags.assignments);
  const duplicates = (values.duplicates as string | undefined) ?? 'merge';
  if (!(DUPLICATE_MODES as readonly string[]).includes(duplicates)) return `--duplicates debe ser ${DUPLICATE_MODES.join(', ')}.`;
  const overwrite = ((values.overwrite as string | undefined) ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const unknown = overwrite.find((f) => !(HAND_EDITABLE_FIELDS as readonly string[]).includes(f));
  if (unknown) return `--overwrite: campo desconocido ${unknown} (use ${HAND_EDITABLE_FIELDS.join(', ')}).`;
  // An empty name would make the parts of no source: a later supplier's same code would never be a conflict.
  const source = values.source === undefined ? undefined : importSourceSchema.safeParse(values.source);
  if (source && !source.success) return `--source: ${source.error.issues[0]?.message ?? 'nombre inválido.'}`;
  return {
    target,
    mapping,
    dryRun: values['dry-run'] === true,
    confirmLarge: values['confirm-large'] === true,
    duplicates: duplicates as DuplicateMode,
    reportFile: values.report as string | undefined,
    source: source?.data ?? sourceFromFileName(target.split('?')[0] ?? target),
    overwrite: overwrite as HandEditableField[],
    fullSync: values['full-sync'] === true,
  };
}

/** A row of the file that was not imported as it stands: what happened to it. */
interface NotImported {
  kind: 'rejected' | 'heading' | 'merged' | 'duplicate' | 'conflict';
  row: number;
  partNumber: string;
  reason: string;
}

/** Every row of the file that was not imported, one line each, in file order. */
function notImported(report: ImportReport): NotImported[] {
  const lines: NotImported[] = report.rejections.map((r) => ({
    kind: 'rejected',
    row: r.row,
    partNumber: r.partNumber ?? '',
    reason: r.reason,
  }));
  for (const h of report.headings ?? [])
    lines.push({ kind: 'heading', row: h.row, partNumber: '', reason: `Título de sección: ${h.text}` });
  for (const m of report.merged ?? []) {
    lines.push({ kind: 'merged', row: m.row, partNumber: m.partNumber, reason: `Igual a la fila ${m.into}: se sumó su stock.` });
  }
  for (const d of report.duplicates ?? []) {
    for (const row of d.rows.slice(1)) {
      lines.push({
        kind: 'duplicate',
        row,
        partNumber: d.partNumber,
        reason: `Código repetido con otra descripción: se conservó la fila ${d.rows[0]}.`,
      });
    }
  }
  for (const c of report.conflicts ?? []) {
    lines.push({
      kind: 'conflict',
      row: c.row,
      partNumber: c.partNumber,
      reason: `El código ya es «${c.existing}» de la fuente ${c.source}: no se reemplazó.`,
    });
  }
  return lines.sort((x, y) => x.row - y.row);
}

/**
 * The preview's lines: changes by price list, categories, the hand edits kept, the prices that could
 * not be read (each row, then their count), ignored columns, images, large-change warnings.
 */
function previewLines(report: ImportReport): string[] {
  const out: string[] = [];
  const prices = report.priceChanges;
  if (prices && prices.parts > 0) {
    out.push(`price changes: ${prices.parts} parts`);
    for (const l of prices.lists) {
      out.push(
        `  list ${l.list}: ${l.up} up, ${l.down} down, ${l.added} added, ${l.removed} removed${l.meanPercent === null ? '' : `, mean ${l.meanPercent} %`}`,
      );
    }
    for (const c of prices.largest) {
      out.push(`  ${c.partNumber} list ${c.list}: ${c.before ?? '-'} → ${c.after ?? '-'}${c.percent === null ? '' : ` (${c.percent} %)`}`);
    }
  }
  if (report.categoriesAdded?.length) out.push(`categories added: ${report.categoriesAdded.join('; ')}`);
  if (report.categoriesEmptied?.length) out.push(`categories emptied: ${report.categoriesEmptied.join('; ')}`);
  if (report.handEditsKept) out.push(`hand edits kept: ${report.handEditsKept}`);
  for (const e of report.keptEdits ?? [])
    out.push(`hand edit kept: ${e.partNumber} ${e.field}: «${e.kept ?? ''}» (file: «${e.incoming ?? ''}»)`);
  const listed = report.keptEdits?.length ?? 0;
  if (report.handEditsKept && report.handEditsKept > listed && listed > 0) out.push(`  and ${report.handEditsKept - listed} more`);
  const unreadable = report.unreadablePrices;
  if (unreadable?.count) {
    for (const u of unreadable.first) {
      out.push(
        `price: row ${u.row} (${u.partNumber}): no se pudo leer el precio «${u.text}» de la lista ${u.list}; se importa sin ese precio.`,
      );
    }
    if (unreadable.count > unreadable.first.length) out.push(`  and ${unreadable.count - unreadable.first.length} more`);
    out.push(`unreadable prices: ${unreadable.count} ${unreadable.count === 1 ? 'row' : 'rows'} imported without that price`);
  }
  for (const c of report.ignoredColumns ?? []) out.push(`column ignored: ${c.column} (${c.reason})`);
  if (report.missingImages?.count) {
    out.push(`missing images: ${report.missingImages.count} (first: ${report.missingImages.first.slice(0, 10).join(', ')})`);
  }
  for (const reason of report.largeChange ?? []) out.push(`large change: ${reason}`);
  return out;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const options = readOptions(argv);
  if (typeof options === 'string') {
    console.error(`error: ${options}\n${USAGE}`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`error: ${error.message}`);
    return 2;
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    // The embedded database refuses a second process: never write into the folder of a running server.
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      pgliteSharedBuffersMb: config.db.pgliteSharedBuffersMb,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(`error: ${error.message}`);
    return 1;
  }
  try {
    await database.migrate();
    const limits = sourceLimits(config.importLimits);
    const buffer = await readSource(options.target, limits);
    const report = await importCatalogueFile(database.db, buffer, {
      limits,
      lowStock: config.lowStock,
      fullSync: options.fullSync,
      mapping: options.mapping,
      duplicates: options.duplicates,
      source: options.source,
      dryRun: options.dryRun,
      confirmLarge: options.confirmLarge,
      overwriteHandEdits: options.overwrite,
      imageDir: config.imageDir,
      sideConnection: database.sideConnection,
    });
    const lines = notImported(report);
    for (const l of lines) console.log(`${l.kind}: row ${l.row}${l.partNumber ? ` (${l.partNumber})` : ''}: ${l.reason}`);
    if (options.reportFile) {
      fs.writeFileSync(options.reportFile, stringify(lines, { header: true, columns: ['row', 'kind', 'partNumber', 'reason'] }));
      console.log(`report: ${lines.length} rows written to ${options.reportFile}`);
    }
    for (const line of previewLines(report)) console.log(line);
    if (options.dryRun) {
      console.log('dry run: nothing was changed');
      if (report.largeChange?.length) console.log('applying it will need --confirm-large');
    }
    console.log(formatSummary(report));
    if (!options.dryRun) await checkBuffers(database, { warn: (advice) => console.error(`warning: ${advice}`), debug: () => {} });
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
