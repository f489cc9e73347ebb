/**
 * The quick order's parser (issue 19, "Pedido rápido"): pasted text from Excel, WhatsApp or an
 * e-mail becomes, line by line, the readings of a code and a quantity it may hold, most likely
 * first. Which reading is right is decided against the catalogue (quick.ts): the first whose code
 * is a part. Pure: no database.
 *
 * Formats read: `CODIGO CANTIDAD`, `CANTIDAD CODIGO`, tab- or `;`-separated cells (an Excel paste,
 * a CSV row, with a description cell or more), `2 x CODE`, `CODE x2`, `CODE (2)`, `CODE - 2 unidades`,
 * `cant: 2`, WhatsApp's `[12/03/25, 10:15] Nombre:` prefix and list bullets, Excel's escaped codes
 * (`="0305006150"`), codes with spaces or separators (the catalogue compares part-number keys), and
 * a line holding only a code (quantity 1). Header rows (`Código;Cantidad`) are skipped.
 */
import { foldText } from '../../../shared/text.ts';

/** One reading of a line: a code and its quantity (null: none written, 1 is meant). */
export interface LineReading {
  code: string;
  /** A valid quantity, null when none was written. */
  quantity: number | null;
  /** The quantity as written when it is not a whole number from 1 to 9,999. */
  badQuantity?: string;
}

/** A pasted line and its readings, most likely first (empty: nothing that could be a code). */
export interface ParsedLine {
  /** 1-based line number in the pasted text. */
  line: number;
  /** The line as pasted, trimmed. */
  text: string;
  readings: LineReading[];
}

/** Longest line kept (characters); the rest of a longer line is ignored. */
const MAX_LINE = 500;
/** Most whitespace-separated words of a line joined into one code (`06H 103 144`). */
const MAX_CODE_WORDS = 4;

/** WhatsApp export and copy prefixes: `[12/03/25, 10:15] Juan:`, `12/3/25 10:15 - Juan:`. */
const WHATSAPP_PREFIX = /^\[?\d{1,2}\/\d{1,2}\/\d{2,4},? \d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?\s?m\.?)?\]?(?:\s-)?\s[^:]{1,60}:\s*/i;
/** List bullets and numbering that are not quantities (`- `, `• `, `* `, `1) `). */
const BULLET = /^(?:[-•*·▪►]\s+|\d{1,3}\)\s+)/;
/** Words that only announce a quantity or its unit. */
const QUANTITY_WORDS = new Set([
  'x',
  'cant',
  'cantidad',
  'qty',
  'u',
  'un',
  'uds',
  'ud',
  'unid',
  'unids',
  'unidad',
  'unidades',
  'pza',
  'pzas',
  'pieza',
  'piezas',
  'pcs',
  'pc',
]);
/** Header words of a pasted table. */
const HEADER_WORDS = /^(codigo|cod|code|sku|articulo|art|producto|descripcion|detalle|cantidad|cant|qty|unidades|precio|item|repuesto)\.?$/;

/** A quantity as written: digits with an optional `x` before or after and an optional unit word. */
const QUANTITY_TOKEN =
  /^\(?(?:x|cant\.?:?)?\s*(-?\d{1,3}(?:\.\d{3})+|-?\d+(?:[.,]\d+)?)\s*(?:x|u|un|uds?|unid|unidad|unidades|pzas?|pcs)?\.?\)?$/i;

/**
 * The quantity of a token (`2`, `x2`, `2x`, `(2)`, `2u`, `1.000`), `{bad}` when it is a number but
 * not a whole one from 1 to 9,999, or null when the token is not a quantity.
 */
export function readQuantity(token: string): { value: number } | { bad: string } | null {
  const match = QUANTITY_TOKEN.exec(token.trim());
  if (!match?.[1]) return null;
  const raw = match[1];
  // es-AR thousands (`1.000`); a decimal comma or point otherwise (`2,5`, `2.0`).
  const value = /^-?\d{1,3}(\.\d{3})+$/.test(raw) ? Number(raw.replace(/\./g, '')) : Number(raw.replace(',', '.'));
  if (!Number.isInteger(value) || value < 1 || value > 9999) return { bad: token.trim() };
  return { value };
}

/** Excel's escaped text (`="0305006150"`, `'0305006150`) and quotes around a cell. */
function unquote(cell: string): string {
  let s = cell.trim();
  const excel = /^="(.*)"$/.exec(s);
  if (excel) s = excel[1] ?? '';
  if (s.startsWith("'")) s = s.slice(1);
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) s = s.slice(1, -1).replace(/""/g, '"');
  return s.trim();
}

/** True when a line is a table header (only header words, no digits). */
function isHeader(cells: string[]): boolean {
  if (cells.some((c) => /\d/.test(c))) return false;
  const words = cells.flatMap((c) => foldText(c).split(/[\s/]+/)).filter(Boolean);
  return words.length > 0 && words.every((w) => HEADER_WORDS.test(w) || w === 'de' || w === 'nro' || w === 'n°');
}

/** True when a text can be a part code: it holds a letter or a digit and is not a lone unit word. */
function codeLike(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text) && !QUANTITY_WORDS.has(foldText(text).replace(/[.:]$/, ''));
}

function push(readings: LineReading[], code: string, quantity: ReturnType<typeof readQuantity>): void {
  const c = code.trim();
  if (!c || !codeLike(c)) return;
  const reading: LineReading =
    quantity === null
      ? { code: c, quantity: null }
      : 'bad' in quantity
        ? { code: c, quantity: null, badQuantity: quantity.bad }
        : { code: c, quantity: quantity.value };
  if (!readings.some((r) => r.code === reading.code && r.quantity === reading.quantity && r.badQuantity === reading.badQuantity)) {
    readings.push(reading);
  }
}

/** Readings of a line split into cells (tab or `;`): a quantity cell and a code cell. */
function cellReadings(cells: string[]): LineReading[] {
  const readings: LineReading[] = [];
  const quantities = cells.map((c) => readQuantity(c));
  // A code cell with a quantity cell after it (CODIGO … CANTIDAD), then before it (CANTIDAD CODIGO …).
  for (let q = cells.length - 1; q >= 0; q--) {
    const quantity = quantities[q];
    if (!quantity) continue;
    for (let c = 0; c < cells.length; c++) {
      if (c !== q) push(readings, cells[c] as string, quantity);
    }
  }
  // Only codes (a list of codes, one per line): quantity 1.
  for (const cell of cells) push(readings, cell, null);
  return readings;
}

/** Readings of a line of words: a quantity word at the end or at the start, the code the words before or after it. */
function wordReadings(text: string): LineReading[] {
  const readings: LineReading[] = [];
  // `2 x CODE`, `CODE x 2`, `CODE - 2 unidades`, `cant: 2`: a lone `x` joins the number beside it,
  // unit words after a number and dashes go.
  const tokens = text
    .replace(/\bcant(?:idad)?\s*[:.]?\s*(?=\d)/gi, '')
    .split(/\s+/)
    .filter((w) => w && w !== '-' && w !== '–' && w !== ':' && w !== '=');
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] as string;
    const previous = words[words.length - 1];
    const next = tokens[i + 1];
    if (/^[xX]$/.test(word)) {
      if (previous !== undefined && readQuantity(previous) && !(next !== undefined && readQuantity(next)))
        words[words.length - 1] = `${previous}x`;
      else if (next !== undefined && readQuantity(next)) {
        words.push(`x${next}`);
        i++;
      } else words.push(word);
    } else if (previous !== undefined && QUANTITY_WORDS.has(foldText(word).replace(/[.:]$/, '')) && readQuantity(previous)) {
      // `2 unidades`: the unit word goes.
    } else words.push(word);
  }
  if (!words.length) return readings;
  const last = readQuantity(words[words.length - 1] as string);
  const first = readQuantity(words[0] as string);
  const codeOf = (list: string[]) => list.slice(0, MAX_CODE_WORDS).join(' ');
  if (last && words.length > 1) {
    const rest = words.slice(0, -1);
    push(readings, rest.join(' ').length <= 80 ? rest.join(' ') : codeOf(rest), last);
    push(readings, rest[0] as string, last);
    push(readings, codeOf(rest), last);
  }
  if (first && words.length > 1) {
    const rest = words.slice(1);
    push(readings, rest.join(' ').length <= 80 ? rest.join(' ') : codeOf(rest), first);
    push(readings, rest[0] as string, first);
    push(readings, codeOf(rest), first);
  }
  // The whole line as a code (`06H 103 144`), then its first word, with quantity 1.
  push(readings, codeOf(words), null);
  push(readings, words[0] as string, null);
  return readings;
}

/**
 * Splits pasted text into lines and reads each one. Blank lines and table headers are skipped
 * (they do not appear in the answer); every other line appears with its 1-based number.
 */
export function parseQuickOrder(text: string): ParsedLine[] {
  const parsed: ParsedLine[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, index) => {
    const original = raw.trim();
    if (!original) return;
    let line = original.slice(0, MAX_LINE).replace(WHATSAPP_PREFIX, '').replace(BULLET, '').trim();
    // WhatsApp bold/italic markers around a code.
    line = line.replace(/[*_~]+(\S[^*_~]*?)[*_~]+/g, '$1');
    if (!line) return;
    const separator = line.includes('\t') ? '\t' : line.includes(';') ? ';' : null;
    const cells = (separator ? line.split(separator) : [line]).map(unquote).filter(Boolean);
    if (!cells.length || isHeader(cells)) return;
    // A two-cell CSV row with a comma (`CODE,2` / `2,CODE`) when there was no other separator.
    const comma = !separator ? /^([^,\s]+)\s*,\s*([^,\s]+)$/.exec(line) : null;
    const csvCells =
      comma && (readQuantity(comma[2] as string) || readQuantity(comma[1] as string))
        ? [comma[1], comma[2]].map((c) => unquote(c as string))
        : null;
    const readings = separator ? cellReadings(cells) : csvCells ? cellReadings(csvCells) : wordReadings(unquote(line));
    parsed.push({ line: index + 1, text: original.slice(0, MAX_LINE), readings });
  });
  return parsed;
}
