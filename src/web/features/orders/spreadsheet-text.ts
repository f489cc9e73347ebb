/**
 * Turns an uploaded quick-order file into the text `POST /api/cart/quick` reads: a CSV (UTF-8, or
 * Windows-1252 as Excel in Argentina saves it) as it is, an XLSX's first sheet as one line per row
 * with the cells separated by tabs (what a copy from Excel pastes). Loaded only when a file is
 * chosen; the zip is read with fflate and the sheet's XML with the browser's DOMParser.
 */
import { unzipSync } from 'fflate';

/** Largest file read, bytes (a quick order is at most 500 lines). */
export const MAX_QUICK_FILE_BYTES = 5 * 1024 * 1024;
/** Largest inflated size of the parts read from an XLSX, bytes (a zip bomb stops here). */
const MAX_INFLATED_BYTES = 40 * 1024 * 1024;

/** A file that cannot be read, with the Spanish reason to show. */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

/** Text of a CSV or TXT: UTF-8 when it decodes cleanly, else Windows-1252. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function parseXml(bytes: Uint8Array | undefined): Document | null {
  if (!bytes) return null;
  const doc = new DOMParser().parseFromString(new TextDecoder().decode(bytes), 'application/xml');
  return doc.getElementsByTagName('parsererror').length > 0 ? null : doc;
}

const byTag = (node: Document | Element, tag: string) => Array.from(node.getElementsByTagNameNS('*', tag));

/** `B12` → 1 (zero-based column of a cell reference). */
function columnIndex(ref: string | null, fallback: number): number {
  const letters = /^([A-Z]+)/.exec(ref ?? '')?.[1];
  if (!letters) return fallback;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The path of the workbook's first sheet (workbook order through its relationships), or the first sheet file. */
function firstSheetPath(files: Record<string, Uint8Array>): string | undefined {
  const workbook = parseXml(files['xl/workbook.xml']);
  const rels = parseXml(files['xl/_rels/workbook.xml.rels']);
  const sheet = workbook ? byTag(workbook, 'sheet')[0] : undefined;
  const relId =
    sheet?.getAttribute('r:id') ?? sheet?.getAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'id');
  const target =
    rels && relId
      ? byTag(rels, 'Relationship')
          .find((r) => r.getAttribute('Id') === relId)
          ?.getAttribute('Target')
      : null;
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (files[path]) return path;
  }
  return Object.keys(files)
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))[0];
}

/** The first sheet of an XLSX as tab-separated lines. */
function xlsxText(bytes: Uint8Array): string {
  let inflated = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        const wanted =
          file.name === 'xl/sharedStrings.xml' || file.name.startsWith('xl/worksheets/sheet') || file.name.includes('workbook.xml');
        if (wanted) inflated += file.originalSize;
        if (inflated > MAX_INFLATED_BYTES) throw new SpreadsheetError('El archivo Excel es demasiado grande.');
        return wanted;
      },
    });
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError('No se pudo leer el archivo Excel.');
  }
  const path = firstSheetPath(files);
  const sheet = parseXml(path ? files[path] : undefined);
  if (!sheet) throw new SpreadsheetError('El archivo Excel no tiene hojas con datos.');
  const shared = parseXml(files['xl/sharedStrings.xml']);
  const strings = shared
    ? byTag(shared, 'si').map((si) =>
        byTag(si, 't')
          .map((t) => t.textContent ?? '')
          .join(''),
      )
    : [];
  const lines: string[] = [];
  for (const row of byTag(sheet, 'row')) {
    const cells: string[] = [];
    byTag(row, 'c').forEach((cell, position) => {
      const type = cell.getAttribute('t');
      const value = byTag(cell, 'v')[0]?.textContent ?? '';
      const text =
        type === 's'
          ? (strings[Number(value)] ?? '')
          : type === 'inlineStr'
            ? byTag(cell, 't')
                .map((t) => t.textContent ?? '')
                .join('')
            : value;
      cells[columnIndex(cell.getAttribute('r'), position)] = text.replace(/[\t\r\n]+/g, ' ').trim();
    });
    const line = Array.from(cells, (cell) => cell ?? '').join('\t');
    if (line.trim()) lines.push(line);
  }
  return lines.join('\n');
}

/** The file's bytes (FileReader: every browser, and jsdom, has it). */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(new SpreadsheetError('No se pudo leer el archivo.'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * The text of an uploaded quick-order file (CSV, TXT or XLSX, told apart by content).
 * @throws {SpreadsheetError} for a file over {@link MAX_QUICK_FILE_BYTES}, an unreadable XLSX or one without a sheet.
 */
export async function readQuickOrderFile(file: Blob): Promise<string> {
  if (file.size > MAX_QUICK_FILE_BYTES) throw new SpreadsheetError('El archivo supera los 5 MB.');
  const bytes = new Uint8Array(await readBytes(file));
  try {
    return isZip(bytes) ? xlsxText(bytes) : decodeText(bytes);
  } catch (error) {
    throw error instanceof SpreadsheetError ? error : new SpreadsheetError('No se pudo leer el archivo.');
  }
}
