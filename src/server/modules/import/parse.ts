/**
 * Reads a catalogue source into plain records: JSON (raw ERP records, any array of objects, or an
 * object holding one such array), CSV (comma, semicolon or tab; UTF-8, UTF-16 with its mark, or
 * Latin-1) or XLSX (first sheet,
 * header row first, below at most a few one-cell title rows), detected by content, never by file name (docs/product.md §11.2).
 */
import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { AppError } from '../../errors.ts';
import { checkXlsxArchive } from './xlsx-archive.ts';

/** One source record with the row number a person sees in the file (1-based; XLSX/CSV count the header). */
export interface SourceRecord {
  row: number;
  values: Record<string, unknown>;
}

export type SourceFormat = 'json' | 'csv' | 'xlsx';

export interface ParsedSource {
  format: SourceFormat;
  records: SourceRecord[];
}

/** Limits that protect the process from hostile or oversized files (archive bombs, huge sheets). */
export interface SourceLimits {
  /** Largest accepted source, bytes. */
  maxBytes: number;
  /** Most records in one source. */
  maxRecords: number;
  /** Most bytes all entries of an XLSX may actually inflate to (counted, never read from the zip's headers). */
  maxXlsxInflatedBytes: number;
  /** Most entries in an XLSX zip. */
  maxXlsxEntries: number;
}

/**
 * XLSX bytes allowed per record: a supplier's 819-row inventory inflates to 260 KB, about 330
 * bytes a row, so a workbook of `maxRecords` such rows fits.
 */
const XLSX_BYTES_PER_RECORD = 400;

/**
 * The limits of a file uploaded from the panel (whose request body is also capped at 20 MB,
 * shared/admin.ts `MAX_UPLOAD_BYTES`), and the defaults of operator sources ({@link sourceLimits}).
 */
export const SOURCE_LIMITS: SourceLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxRecords: 500_000,
  maxXlsxInflatedBytes: 200 * 1024 * 1024,
  maxXlsxEntries: 2_000,
};

/**
 * Limits for a source an operator names (`npm run import`, the ERP sync's `ERP_SOURCE`), from
 * `IMPORT_MAX_MB` and `IMPORT_MAX_ROWS` (docs/product.md §11.2): a catalogue of a million parts
 * needs more than a browser upload may send. The XLSX inflation bound grows with the rows, never
 * below the default's.
 * @param limits.maxMb largest source, MB; `limits.maxRows` most records (config.ts `importLimits`).
 */
export function sourceLimits({ maxMb, maxRows }: { maxMb: number; maxRows: number }): SourceLimits {
  return {
    ...SOURCE_LIMITS,
    maxBytes: maxMb * 1024 * 1024,
    maxRecords: maxRows,
    maxXlsxInflatedBytes: Math.max(SOURCE_LIMITS.maxXlsxInflatedBytes, maxRows * XLSX_BYTES_PER_RECORD),
  };
}

const fail = (message: string): never => {
  throw new AppError('IMPORT_FAILED', message);
};

/**
 * Files staff upload by mistake, known by their first bytes, with what to tell them: the old
 * binary Excel workbook (an OLE2 compound file) above all, which an ERP may still write.
 */
const OTHER_FILES: readonly { magic: readonly number[]; message: string }[] = [
  {
    magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    message: 'Es una planilla de Excel antigua (.xls): ábrala en Excel, guárdela como .xlsx o CSV e impórtela de nuevo.',
  },
  { magic: [0x25, 0x50, 0x44, 0x46], message: 'Es un PDF: la importación lee planillas XLSX, archivos CSV o JSON.' },
  { magic: [0x89, 0x50, 0x4e, 0x47], message: 'Es una imagen: la importación lee planillas XLSX, archivos CSV o JSON.' },
  { magic: [0xff, 0xd8, 0xff], message: 'Es una imagen: la importación lee planillas XLSX, archivos CSV o JSON.' },
  { magic: [0x47, 0x49, 0x46, 0x38], message: 'Es una imagen: la importación lee planillas XLSX, archivos CSV o JSON.' },
];

/** Bytes read for a NUL, the sign of a binary file (text never holds one; UTF-16 text is decoded first). */
const BINARY_SNIFF_BYTES = 8192;

/**
 * Refuses a file that is not a spreadsheet, CSV or JSON, by its first bytes, before a parser reads
 * it as a one-column CSV or fails in its own English.
 * @throws AppError IMPORT_FAILED with what the file is and what the import reads.
 */
function refuseOtherFiles(buffer: Buffer): void {
  for (const { magic, message } of OTHER_FILES) {
    if (buffer.length >= magic.length && magic.every((byte, i) => buffer[i] === byte)) fail(`El archivo no se puede importar. ${message}`);
  }
  const zip = buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50;
  if (!utf16(buffer) && !zip && buffer.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
    fail('El archivo no se puede importar: no es una planilla XLSX, un CSV ni un JSON.');
  }
}

/** The UTF-16 byte order of a text with a byte order mark (Excel's "Texto Unicode"), or null. */
function utf16(buffer: Buffer): 'utf-16le' | 'utf-16be' | null {
  if (buffer.length >= 2 && buffer[0] === 0xff && buffer[1] === 0xfe) return 'utf-16le';
  if (buffer.length >= 2 && buffer[0] === 0xfe && buffer[1] === 0xff) return 'utf-16be';
  return null;
}

/** Detects the format from the bytes: `PK\x03\x04` is XLSX, `[` or `{` is JSON, anything else CSV. */
export function detectFormat(buffer: Buffer): SourceFormat {
  if (buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50) return 'xlsx';
  const head = decodeText(buffer.subarray(0, 64)).trimStart();
  if (head.startsWith('[') || head.startsWith('{')) return 'json';
  return 'csv';
}

/**
 * Decodes UTF-8 (with or without BOM) or UTF-16 with its BOM; falls back to Latin-1 when the bytes
 * are not valid UTF-8.
 */
export function decodeText(buffer: Buffer): string {
  const wide = utf16(buffer);
  if (wide) return new TextDecoder(wide).decode(buffer).replace(/^\uFEFF/, '');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('latin1').decode(buffer);
  }
}

/**
 * Parses a source held in memory. An XLSX is first inflated as a stream and refused when it
 * inflates past `limits.maxXlsxInflatedBytes` or holds too many entries (archive bombs).
 * @param limits {@link SOURCE_LIMITS} unless the source is an operator's ({@link sourceLimits}).
 * @throws AppError IMPORT_FAILED with a Spanish message when the file cannot be read at all or
 *   exceeds a limit of `limits`.
 */
export async function parseSource(buffer: Buffer, limits: SourceLimits = SOURCE_LIMITS): Promise<ParsedSource> {
  if (buffer.length === 0) fail('El archivo está vacío.');
  if (buffer.length > limits.maxBytes) {
    fail(`El archivo supera el máximo de ${limits.maxBytes / 1024 / 1024} MB.`);
  }
  refuseOtherFiles(buffer);
  const format = detectFormat(buffer);
  const records = format === 'xlsx' ? await parseXlsx(buffer, limits) : format === 'json' ? parseJson(buffer) : parseCsvText(buffer);
  if (records.length > limits.maxRecords) fail(`El archivo tiene más de ${limits.maxRecords.toLocaleString('es-AR')} filas.`);
  return { format, records };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(buffer: Buffer): SourceRecord[] {
  const text = decodeText(buffer);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail(jsonErrorMessage(text, error as Error));
  }
  let list: unknown[] | undefined;
  if (Array.isArray(data)) list = data;
  else if (isPlainObject(data)) list = Object.values(data).find((v): v is unknown[] => Array.isArray(v));
  if (!list) return fail('El JSON debe ser una lista de productos o un objeto que contenga una lista.');
  return list.map((values, index) => ({
    row: index + 1,
    values: isPlainObject(values) ? values : { __invalid: values },
  }));
}

function parseCsvText(buffer: Buffer): SourceRecord[] {
  const text = decodeText(buffer);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // The separator the header uses most: a comma, a semicolon (Excel in Spanish) or a tab (Excel's "Texto Unicode").
  const uses = (c: string) => firstLine.split(c).length - 1;
  const delimiter = [';', '\t'].reduce((best, c) => (uses(c) > uses(best) ? c : best), ',');
  let rows: string[][];
  try {
    rows = parseCsv(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, trim: true });
  } catch (error) {
    return fail(csvErrorMessage(error as Error & { code?: string; lines?: number }));
  }
  const header = rows[0];
  if (!header || header.every((h) => !h)) return fail('El CSV no tiene fila de encabezados.');
  const records: SourceRecord[] = [];
  // Blank lines stay records: the import counts them (docs/product.md §11.3), only a last empty line is dropped.
  const body = rows.slice(1);
  while (body.length && (body[body.length - 1] ?? []).every((c) => !c) && (body[body.length - 1] ?? []).length <= 1) body.pop();
  body.forEach((cells, index) => {
    const values: Record<string, unknown> = {};
    header.forEach((name, col) => {
      if (name) values[name] = cells[col] ?? '';
    });
    records.push({ row: index + 2, values });
  });
  return records;
}

/**
 * A JSON parser's error in Spanish, with the line and column when the parser gives a position
 * (V8's messages are English and change between versions; only the position is read from them).
 */
function jsonErrorMessage(text: string, error: Error): string {
  const position = /at position (\d+)/.exec(error.message);
  const ended = /unexpected end/i.test(error.message) || (position !== null && Number(position[1]) >= text.trimEnd().length);
  if (ended) return 'El JSON no es válido: el archivo termina antes de cerrar la lista (¿está incompleto?).';
  if (!position) return 'El JSON no es válido: revise las comas, comillas y llaves del archivo.';
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `El JSON no es válido: revise las comas, comillas y llaves en la línea ${line}, columna ${column}.`;
}

/** A CSV parser's error (csv-parse's `code` and `lines`) in Spanish, with the line it stopped at. */
function csvErrorMessage(error: Error & { code?: string; lines?: number }): string {
  const at = typeof error.lines === 'number' ? ` en la línea ${error.lines}` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `El CSV no es válido: una comilla abierta${at} no se cierra.`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `El CSV no es válido: hay texto después de una comilla de cierre${at}.`;
    default:
      return `El CSV no es válido${at}: revise sus comillas y separadores.`;
  }
}

function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return value.result ?? null;
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return value.text;
    if ('error' in value) return null;
  }
  return value;
}

async function parseXlsx(buffer: Buffer, limits: SourceLimits): Promise<SourceRecord[]> {
  await checkXlsxArchive(buffer, { maxInflatedBytes: limits.maxXlsxInflatedBytes, maxEntries: limits.maxXlsxEntries });
  // Loaded on first use: exceljs adds ~20 MB to a process that may never read a spreadsheet.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    // exceljs's own message is English and says nothing a person can act on.
    return fail('El archivo XLSX no se pudo leer: está dañado o no es una planilla de Excel.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return fail('El archivo XLSX no tiene hojas.');
  // Rows the sheet stores without a value (a formatted empty row) are kept: the import counts them as blank.
  const stored: { number: number; cells: unknown[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    stored.push({ number, cells: (row.values as ExcelJS.CellValue[]).slice(1).map(cellValue) });
  });
  const rows = stored.filter((r) => r.cells.some(isFilled));
  if (rows.length === 0) return fail('La hoja está vacía.');
  const headerAt = headerRowIndex(rows.map((r) => r.cells));
  const headerRow = rows[headerAt] as { number: number; cells: unknown[] };
  const header = headerRow.cells.map((c) => (c === null ? '' : String(c).trim()));
  // Row numbers the sheet skips between the header and its last row are empty rows too.
  const byNumber = new Map(stored.map((r) => [r.number, r.cells]));
  const last = stored[stored.length - 1]?.number ?? headerRow.number;
  const body: { number: number; cells: unknown[] }[] = [];
  for (let number = headerRow.number + 1; number <= last && body.length <= limits.maxRecords; number++) {
    body.push({ number, cells: byNumber.get(number) ?? [] });
  }
  return body.map(({ number, cells }) => {
    const values: Record<string, unknown> = {};
    header.forEach((name, col) => {
      if (name) values[name] = cells[col] ?? null;
    });
    return { row: number, values };
  });
}

const isFilled = (cell: unknown): boolean => cell !== null && cell !== undefined && cell !== '';

/** Rows above the header a sheet may spend on titles (a catalogue's name, a date). */
const MAX_TITLE_ROWS = 5;

/**
 * Index of the header among a sheet's non-empty rows: the first row with at least two filled
 * cells, so that a one-cell title above the header (as in an exported catalogue) is skipped; the
 * first row when the first rows are all one-cell rows.
 */
function headerRowIndex(rows: unknown[][]): number {
  const index = rows.slice(0, MAX_TITLE_ROWS + 1).findIndex((cells) => cells.filter(isFilled).length >= 2);
  return index === -1 ? 0 : index;
}
