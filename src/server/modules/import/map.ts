/**
 * Maps source records to validated catalogue rows (docs/product.md §11.3). Headers are matched by name,
 * ignoring case, accents and punctuation, through aliases; every bad row is reported with its row
 * number and reason, never silently dropped.
 */
import { parsePrice } from '../../../shared/pricing.ts';
import { stockLevelFromQuantity, stockLevelFromText } from '../../../shared/stock.ts';
import {
  type ColumnAssignment,
  type DuplicateMode,
  type HandEditableField,
  type ImportTarget,
  PRICE_LIST_TARGETS,
  type PriceListTarget,
} from '../../../shared/import.ts';
import { foldText, partNumberKey } from '../../../shared/text.ts';
import { AppError } from '../../errors.ts';
import type { SourceRecord } from './parse.ts';

/** Price lists a part carries (1–10). */
export const PRICE_LIST_COUNT = 10;

/** A valid catalogue row ready to upsert. Prices are two-decimal strings (ARS) or null. */
export interface CatalogueRow {
  row: number;
  partNumber: string;
  description: string;
  brand: string | null;
  /** Category names from level 1 down (0 to 3 entries). */
  categoryPath: string[];
  alternateCodes: string[];
  price: string | null;
  /** Price lists 1..10, index 0 = list 1. */
  priceLists: (string | null)[];
  stockQuantity: number | null;
  stockLevel: string;
  salesUnit: string | null;
  imageUrl: string | null;
  /** Free-text remarks (sizes, supersessions). */
  notes: string | null;
  /** Vehicle or machine models the part fits. */
  applications: string | null;
  documentUrl: string | null;
  videoUrl: string | null;
  /**
   * Fields this row leaves as the catalogue has them although the file carries them: a JSON record
   * without the key, or an empty sales unit (a blank cell never resets the unit staff chose).
   */
  keep: HandEditableField[];
}

/**
 * A price cell that holds something but not a price (`consultar`, `-50`, `1e20`, `12,34,56`): the
 * row is imported without that price and the preview warns of it (docs/product.md §11.3).
 */
export interface UnreadablePrice {
  row: number;
  partNumber: string;
  /** Price list 1–10 of the first such cell of the row. */
  list: number;
  /** The text read: the cell, or the entry of an ERP's dash list. */
  text: string;
}

export interface Rejection {
  row: number;
  partNumber?: string;
  reason: string;
}

/** Folds a header for alias matching: `Código` → `codigo`, `PRECIO COSTO` → `precio costo`. */
export function normalizeHeader(header: string): string {
  return foldText(header)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Header aliases per field, in priority order: the first present header wins. `cantidad` is not a
 * stock alias: parts lists use it for the quantity per assembly (map it explicitly when it is stock).
 */
const ALIASES = {
  partNumber: ['codigo', 'code', 'sku', 'cod', 'codigo articulo', 'part number', 'partnumber', 'nro parte'],
  description: ['descripcion', 'producto', 'nombre', 'name', 'description', 'detalle'],
  category1: ['categoria1', 'categoria 1', 'rubro', 'categoria', 'category', 'familia', 'grupo'],
  category2: ['categoria2', 'categoria 2', 'subrubro', 'subcategoria', 'modelo'],
  category3: ['categoria3', 'categoria 3', 'subsubrubro', 'linea'],
  priceLists: ['precios'],
  stock: ['stock', 'existencia', 'existencias'],
  imageUrl: ['imagen', 'image', 'imagenes', 'foto', 'images'],
  brand: ['marca', 'brand', 'fabricante'],
  alternateCodes: [
    'codbarras',
    'cod barras',
    'codigo barras',
    'codigo de barras',
    'originalcode',
    'original code',
    'codigo original',
    'oem',
    'equivalencias',
    'equivalencia',
    'ean',
    'barcode',
    'codigos alternativos',
  ],
  salesUnit: ['unidad', 'unidad de venta', 'unidad venta', 'sales unit', 'salesunit'],
  notes: ['observaciones', 'observacion', 'obs', 'notas', 'nota', 'notes', 'comentarios', 'comentario'],
  applications: ['aplicacion', 'aplicaciones', 'aplica', 'applications', 'application', 'vehiculo', 'vehiculos', 'modelos'],
  documentUrl: ['documento', 'ficha tecnica', 'ficha', 'pdf', 'document'],
  videoUrl: ['video', 'youtube'],
} as const;

/** Fields found through aliases; `priceLists` is an ERP's dash-separated list of every price list. */
type Field = keyof typeof ALIASES;

/** A header that names a cost: never published as a price list unless mapped explicitly. */
const COST_HEADER = /(^|\s)(costo|costos|cost|coste|compra)(\s|$)/;

/** Which source header feeds each field, plus the price list columns. */
export interface HeaderMap {
  fields: Partial<Record<Field, string[]>>;
  /** Source column of each price list, index 0 = list 1; null = the file does not carry that list. */
  priceColumns: (string | null)[];
  /** Columns left out on purpose, with why (cost columns, `ignore`). */
  ignored: { column: string; reason: string }[];
}

/** Spanish reason a cost column is left out. */
export const COST_COLUMN_REASON = 'columna de costo: no se publica como lista de precios salvo que se la asigne explícitamente';

/**
 * Builds the header map from the union of the records' keys: explicit assignments first (by exact
 * header, then ignoring case and accents), aliases for every target left.
 * @throws AppError VALIDATION when an assignment names a column the file does not have.
 */
export function mapHeaders(headers: Iterable<string>, explicit: readonly ColumnAssignment[] = []): HeaderMap {
  const all = [...headers];
  const byNormal = new Map<string, string>();
  for (const h of all) {
    const n = normalizeHeader(h);
    if (n && !byNormal.has(n)) byNormal.set(n, h);
  }
  const fields: HeaderMap['fields'] = {};
  const priceColumns: (string | null)[] = Array.from({ length: PRICE_LIST_COUNT }, () => null);
  const ignored: HeaderMap['ignored'] = [];
  const used = new Set<string>();
  const explicitTargets = new Set<string>();
  for (const { target, column } of explicit) {
    const source = all.includes(column) ? column : byNormal.get(normalizeHeader(column));
    if (source === undefined) {
      throw new AppError(
        'VALIDATION',
        `La columna «${column}» no está en el archivo. Columnas del archivo: ${all.slice(0, 40).join(', ')}.`,
      );
    }
    used.add(source);
    explicitTargets.add(target);
    // A cost column keeps its own reason when the mapping leaves it out too (the panel sends every
    // column it does not import as `ignore`).
    if (target === 'ignore')
      ignored.push({ column: source, reason: COST_HEADER.test(normalizeHeader(source)) ? COST_COLUMN_REASON : 'ignorada por el mapeo' });
    else if (target.startsWith('priceList')) priceColumns[Number(target.slice('priceList'.length)) - 1] = source;
    else {
      const field = target as Exclude<ImportTarget, PriceListTarget>;
      fields[field] = field === 'alternateCodes' ? [...(fields.alternateCodes ?? []), source] : [source];
    }
  }
  const explicitPrices = PRICE_LIST_TARGETS.some((t) => explicitTargets.has(t));
  for (const field of Object.keys(ALIASES) as Field[]) {
    if (explicitTargets.has(field) || (field === 'priceLists' && explicitPrices)) continue;
    const matches: string[] = [];
    for (const alias of ALIASES[field]) {
      const source = byNormal.get(alias);
      if (source && !used.has(source)) matches.push(source);
    }
    if (matches.length === 0) continue;
    // Alternates gather every alias column; the other fields take the first by priority.
    const chosen = field === 'alternateCodes' ? matches : matches.slice(0, 1);
    fields[field] = chosen;
    for (const c of chosen) used.add(c);
  }
  // Price-like columns fill the lists not assigned explicitly, in column order; cost columns never.
  let list = 0;
  for (const [n, source] of byNormal) {
    if (used.has(source) || !/^(precio|price|lista)(\s|\d|$)/.test(n)) continue;
    if (COST_HEADER.test(n)) continue;
    while (list < PRICE_LIST_COUNT && priceColumns[list]) list++;
    if (list < PRICE_LIST_COUNT) priceColumns[list++] = source;
    used.add(source);
  }
  for (const [n, source] of byNormal) {
    if (!used.has(source) && COST_HEADER.test(n)) ignored.push({ column: source, reason: COST_COLUMN_REASON });
  }
  return { fields, priceColumns, ignored };
}

/** The assignments a header map stands for (shown in previews and saved as a mapping). */
export function assignmentsOf(map: HeaderMap): ColumnAssignment[] {
  const out: ColumnAssignment[] = [];
  for (const [field, columns] of Object.entries(map.fields) as [Field, string[]][]) {
    if (field === 'priceLists') continue;
    for (const column of columns) out.push({ target: field, column });
  }
  map.priceColumns.forEach((column, i) => {
    if (column) out.push({ target: PRICE_LIST_TARGETS[i] as PriceListTarget, column });
  });
  for (const { column } of map.ignored) out.push({ target: 'ignore', column });
  return out;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  // Most cells have no run of spaces and no tab or line break: trimming them is enough.
  if (typeof value === 'string') return /[^\S ]| {2}/.test(value) ? value.replace(/\s+/g, ' ').trim() : value.trim();
  if (typeof value === 'boolean') return '';
  return '';
}

/**
 * Splits a raw ERP price list `"a-b-c"` (lists 1..n in order) where an entry may itself be `-`
 * (no price): `"100.50---200"` → `["100.50", "-", "200"]`, `"100--200"` → `["100", "", "200"]`.
 */
export function splitPriceList(value: string): string[] {
  const entries: string[] = [];
  const pattern = /\s*(\d[\d.,]*|-|)\s*(?:-|$)/y;
  let last = -1;
  while (pattern.lastIndex < value.length && pattern.lastIndex !== last) {
    last = pattern.lastIndex;
    const match = pattern.exec(value);
    if (!match) break;
    entries.push(match[1] ?? '');
  }
  return entries;
}

/** A whole dash-separated price list {@link splitPriceList} reads to its end. */
const DASH_LIST = /^\s*(\d[\d.,]*|-|)\s*(-\s*(\d[\d.,]*|-|)\s*)*$/;

/**
 * True when a price cell says on purpose that there is no price (docs/product.md §3.3): empty, `-`,
 * or zero in any form (`0`, `0,00`, `$ 0`). Any other cell {@link parsePrice} cannot read is a
 * price that could not be read, and the preview warns of it.
 */
function meansNoPrice(value: unknown): boolean {
  if (typeof value === 'number') return value === 0;
  const t = text(value).replace(/[$\s]/g, '');
  return t === '' || /^-+$/.test(t) || /^0+([.,]0*)?$/.test(t);
}

/** Removes Excel's text escapes: `"=""8200216462"""` and `="0046"` become the bare value. */
export function unescapeExcel(value: string): string {
  let v = value.trim();
  for (let i = 0; i < 3; i++) {
    const m = /^"?=\s*"+([^"]*)"+$/.exec(v) ?? /^"+([^"]*)"+$/.exec(v);
    if (!m) break;
    v = (m[1] ?? '').trim();
  }
  return v;
}

const PLACEHOLDER_CODE = /^(s\s*\/\s*n|s\s*\/\s*c(odigo)?|sin codigo|sin cod|n\s*\/\s*a|-+|\.+|0)$/;

/** True when a token looks like a part code: at least 3 characters with a digit. */
function isCodeLike(token: string): boolean {
  return token.length >= 3 && /\d/.test(token);
}

/**
 * Splits a code cell. `A / B / C` and `A // B` always split; a cell of several whitespace-separated
 * tokens splits when at least two of them look like full codes (5+ characters with a digit), and
 * then keeps only the code-like tokens. Otherwise the whole cell is one code (`CUMMINS 6CT/ISCE`).
 * @returns the codes in order; the first is the part number.
 */
export function splitCodeCell(cell: string): string[] {
  const value = unescapeExcel(cell);
  if (!value || PLACEHOLDER_CODE.test(foldText(value))) return [];
  const bySlash = value
    .split(/\s+\/+\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const codes: string[] = [];
  for (const piece of bySlash) {
    const tokens = piece.split(/\s+/);
    const full = tokens.filter((t) => t.length >= 5 && /\d/.test(t));
    if (tokens.length > 1 && full.length >= 2) codes.push(...full);
    else codes.push(piece);
  }
  return codes;
}

/** Alternate codes from an OEM/barcode cell: code-like tokens only (`FÁBRICA` is not a code). */
export function splitAlternateCodes(cell: string): string[] {
  const value = unescapeExcel(cell);
  return value
    .split(/[\s,;]+|\s*\/\/\s*/)
    .map((t) => unescapeExcel(t))
    .filter(isCodeLike);
}

/** The text of the first of `sources` that holds one ('' when none does): `text(firstValue(…))`, each cell read once. */
function firstText(values: Record<string, unknown>, sources: readonly string[] | undefined): string {
  if (!sources) return '';
  for (const s of sources) {
    const t = text(values[s]);
    if (t !== '') return t;
  }
  return '';
}

function firstValue(values: Record<string, unknown>, sources: readonly string[] | undefined): unknown {
  if (!sources) return undefined;
  for (const s of sources) {
    const v = values[s];
    if (v !== undefined && v !== null && text(v) !== '') return v;
  }
  return undefined;
}

/** Cleans a category name; an image folder name like `om352` becomes `OM352`, `OM352 2` → `OM352`. */
function cleanCategory(name: string): string {
  return name.replace(/\s+/g, ' ').trim().slice(0, 120);
}

function folderCategory(imagePath: string): string | null {
  const segments = imagePath.split('/').filter(Boolean);
  if (segments.length < 2 || /^https?:$/i.test(segments[0] ?? '')) return null;
  const folder = (segments[segments.length - 2] ?? '').replace(/\s+\d$/, '').trim();
  if (!folder || /^(img|images|imagenes|products|productos|fotos)$/i.test(folder)) return null;
  return folder === folder.toLowerCase() ? folder.toUpperCase() : folder;
}

const MAX_CODE = 100;
const MAX_DESCRIPTION = 2000;
const MAX_NOTES = 4000;
/** Level-1 name for parts whose level 2 comes from an image folder but have no level 1. */
export const FALLBACK_LEVEL1 = 'Varios';

export interface MapOptions {
  /** Stock quantity (units) below which the level is "Bajo Stock". */
  lowStock: number;
  /** Explicit column assignments (`--map`, a saved mapping); aliases fill the rest. */
  mapping?: readonly ColumnAssignment[];
  /** What to do with rows that repeat a part number (default `merge`). */
  duplicates?: DuplicateMode;
}

/** A later row folded into an earlier one of the same code and description (stock added). */
export interface MergedRow {
  row: number;
  into: number;
  partNumber: string;
}

/** Rows that share a part number but differ: the first is kept, the others are not imported. */
export interface DuplicateGroup {
  partNumber: string;
  /** Row numbers in file order; the first is the one kept. */
  rows: number[];
  descriptions: string[];
}

export interface MapResult {
  rows: CatalogueRow[];
  rejections: Rejection[];
  /** Rows with no value at all. */
  blank: number;
  /** Section headings: a lone text cell and nothing else. */
  headings: { row: number; text: string }[];
  merged: MergedRow[];
  duplicates: DuplicateGroup[];
  /** The hand-editable fields the file carries (a field it does not carry is never written). */
  carried: Set<HandEditableField>;
  /** The column assignments used, explicit and automatic. */
  assignments: ColumnAssignment[];
  ignoredColumns: { column: string; reason: string }[];
  /** Imported rows with a price cell that holds no readable price, the first cell of each. */
  unreadablePrices: UnreadablePrice[];
}

/** Cleans Excel's doubled quotes in free text: `CAÑO ""SALIDA COSTADO""` → `CAÑO "SALIDA COSTADO"`. */
export function cleanQuotes(value: string): string {
  if (!value.includes('""')) return value;
  const single = value.replace(/""/g, '"');
  const wrapped = /^"([^"]*)"$/.exec(single);
  return (wrapped ? (wrapped[1] ?? '') : single).trim();
}

const SUPERSESSION =
  /(?:\bsub(?:stitut(?:ed|es)?)?\s+(?:for|by)|\bsuperseded\s+by|\bsupersedes|\breemplaza(?:do)?(?:\s+(?:por|a))?|\breemp\.?|\bsustituye(?:\s+a)?|\bsust\.?)\s*:?\s*([A-Za-z0-9][A-Za-z0-9./-]*)/gi;

/**
 * Codes named by supersession remarks ("SUB FOR AR12345", "REEMPLAZA 0011843925", "REEMPLAZADO POR
 * X-12"): they become alternate codes, so a search for the old code finds the new part.
 */
export function supersededCodes(notes: string): string[] {
  const codes: string[] = [];
  for (const match of notes.matchAll(SUPERSESSION)) {
    const code = (match[1] ?? '').replace(/[.\-/]+$/, '');
    if (isCodeLike(code)) codes.push(code);
  }
  return codes;
}

const filled = (value: unknown) => text(value) !== '';

/** Hand-editable field fed by each mapped field. */
const CARRIES: Partial<Record<Field, HandEditableField>> = {
  description: 'description',
  brand: 'brand',
  category1: 'category1',
  category2: 'category1',
  category3: 'category1',
  stock: 'stock',
  salesUnit: 'salesUnit',
  imageUrl: 'imageUrl',
  alternateCodes: 'alternateCodes',
  notes: 'notes',
  applications: 'applications',
  documentUrl: 'documentUrl',
  videoUrl: 'videoUrl',
};

/** The mapper behind {@link mapRecords}: `add` maps one record into `result`. */
function recordMapper(records: SourceRecord[], options: MapOptions): { result: MapResult; add: (record: SourceRecord) => void } {
  const headers = new Set<string>();
  for (const r of records) for (const k of Object.keys(r.values)) headers.add(k);
  const map = mapHeaders(headers, options.mapping);
  const mode = options.duplicates ?? 'merge';
  const result: MapResult = {
    rows: [],
    rejections: [],
    blank: 0,
    headings: [],
    merged: [],
    duplicates: [],
    carried: carriedFields(map),
    assignments: assignmentsOf(map),
    ignoredColumns: map.ignored,
    unreadablePrices: [],
  };
  const { rows, rejections } = result;
  const codeColumns = new Set(map.fields.partNumber ?? []);
  const seen = new Map<string, CatalogueRow>();
  const groups = new Map<string, DuplicateGroup>();
  // What depends on the headers only, worked out once instead of for each record.
  const priceColumnCount = map.priceColumns.filter(Boolean).length;
  const carriedColumns: [HandEditableField, readonly string[]][] = [];
  for (const [field, owner] of Object.entries(CARRIES) as [Field, HandEditableField][]) {
    const columns = map.fields[field];
    if (columns && owner !== 'category1') carriedColumns.push([owner, columns]);
  }

  const add = (record: SourceRecord): void => {
    const v = record.values;
    if ('__invalid' in v) {
      rejections.push({ row: record.row, reason: 'El registro no es un objeto.' });
      return;
    }
    // The filled cells, counted up to two: none is a blank row, one may be a heading.
    let present = 0;
    let loneColumn = '';
    for (const column of Object.keys(v)) {
      if (!filled(v[column])) continue;
      present += 1;
      if (present > 1) break;
      loneColumn = column;
    }
    if (present === 0) {
      result.blank++;
      return;
    }
    if (present === 1) {
      const column = loneColumn;
      const value = v[column];
      const lone = text(value);
      // A lone text cell is a section heading, unless it is a description (a part without a code) or a code.
      const inDescription = map.fields.description?.includes(column) ?? false;
      if (typeof value !== 'number' && /\p{L}/u.test(lone) && !inDescription && (!codeColumns.has(column) || !/\d/.test(lone))) {
        result.headings.push({ row: record.row, text: lone.slice(0, 200) });
        return;
      }
    }
    if (!map.fields.partNumber) {
      rejections.push({
        row: record.row,
        reason: 'No se encontró la columna de código (codigo, sku, code). Asígnela con el mapeo de columnas.',
      });
      return;
    }
    const codes = splitCodeCell(firstText(v, map.fields.partNumber));
    const description = cleanQuotes(firstText(v, map.fields.description));
    const partNumber = codes[0];
    if (!partNumber) {
      rejections.push({
        row: record.row,
        reason: description ? 'Falta el código del producto.' : 'Fila sin código ni descripción.',
      });
      return;
    }
    if (partNumber.length > MAX_CODE) {
      rejections.push({ row: record.row, partNumber: partNumber.slice(0, 40), reason: `El código supera ${MAX_CODE} caracteres.` });
      return;
    }
    if (!description) {
      rejections.push({ row: record.row, partNumber, reason: 'Falta la descripción.' });
      return;
    }
    if (!partNumberKey(partNumber)) {
      rejections.push({ row: record.row, partNumber, reason: 'El código no tiene letras ni números.' });
      return;
    }
    // Words without a digit in the code column ("ACERO PARABOLICO") name a family or a section, not a part.
    if (/\s/.test(partNumber) && !/\d/.test(partNumber)) {
      rejections.push({
        row: record.row,
        partNumber,
        reason: 'El código son palabras sin números (un título o una familia, no un código de artículo).',
      });
      return;
    }
    const stock = readStock(firstValue(v, map.fields.stock), options.lowStock);
    const first = seen.get(partNumber);
    if (first !== undefined) {
      const same = foldText(first.description) === foldText(description.slice(0, MAX_DESCRIPTION));
      if (mode === 'reject-file') {
        throw new AppError(
          'IMPORT_FAILED',
          `El código ${partNumber} se repite en las filas ${first.row} y ${record.row}: no se aplicó ningún cambio (modo de duplicados «reject-file»).`,
        );
      }
      if (mode === 'merge' && same) {
        if (first.stockQuantity !== null && stock.quantity !== null) {
          first.stockQuantity = clampStock(first.stockQuantity + stock.quantity);
          first.stockLevel = stockLevelFromQuantity(first.stockQuantity, options.lowStock);
        }
        result.merged.push({ row: record.row, into: first.row, partNumber });
        return;
      }
      let group = groups.get(partNumber);
      if (!group) {
        group = { partNumber, rows: [first.row], descriptions: [first.description] };
        groups.set(partNumber, group);
        result.duplicates.push(group);
      }
      group.rows.push(record.row);
      group.descriptions.push(description.slice(0, 200));
      return;
    }

    // Prices: a dash list ("a-b-c") fills lists 1..n; single columns fill their lists.
    const priceLists: (string | null)[] = new Array(PRICE_LIST_COUNT).fill(null);
    let price: string | null = null;
    // The first cell of the row that holds something other than a price (docs/product.md §11.3).
    let unreadable: { list: number; text: string } | null = null;
    const readPrice = (value: unknown, list: number): string | null => {
      const parsed = parsePrice(value);
      if (parsed === null && unreadable === null && !meansNoPrice(value)) unreadable = { list, text: text(value).slice(0, 60) };
      return parsed;
    };
    const dashList = firstValue(v, map.fields.priceLists);
    if (dashList !== undefined) {
      const cell = text(dashList);
      const entries = typeof dashList === 'number' ? [dashList] : splitPriceList(cell);
      entries.slice(0, PRICE_LIST_COUNT).forEach((entry, i) => {
        priceLists[i] = readPrice(typeof entry === 'number' ? entry : entry.trim(), i + 1);
      });
      // A list the pattern stops reading (`100-consultar`): the whole cell is what was read.
      if (typeof dashList !== 'number' && unreadable === null && !DASH_LIST.test(cell)) {
        unreadable = { list: Math.min(entries.length + 1, PRICE_LIST_COUNT), text: cell.slice(0, 60) };
      }
    }
    map.priceColumns.forEach((column, i) => {
      if (column && (dashList === undefined || priceLists[i] === null)) priceLists[i] = readPrice(v[column], i + 1);
    });
    if (unreadable !== null)
      result.unreadablePrices.push({ row: record.row, partNumber, ...(unreadable as { list: number; text: string }) });
    if (dashList === undefined && priceColumnCount === 1 && map.priceColumns[0]) price = priceLists[0] ?? null;

    const imageUrl = firstText(v, map.fields.imageUrl) || null;
    const categoryPath: string[] = [];
    const c1 = cleanCategory(cleanQuotes(firstText(v, map.fields.category1)));
    let c2 = cleanCategory(cleanQuotes(firstText(v, map.fields.category2)));
    const c3 = cleanCategory(cleanQuotes(firstText(v, map.fields.category3)));
    if (!c2 && !map.fields.category2 && imageUrl) c2 = folderCategory(imageUrl) ?? '';
    if (c1 || c2) categoryPath.push(c1 || FALLBACK_LEVEL1);
    if (c2) categoryPath.push(c2);
    if (c2 && c3) categoryPath.push(c3);

    const notes = cleanQuotes(firstText(v, map.fields.notes)).slice(0, MAX_NOTES) || null;
    const alternates: string[] = [...codes.slice(1)];
    for (const column of map.fields.alternateCodes ?? []) alternates.push(...splitAlternateCodes(text(v[column])));
    if (notes) alternates.push(...supersededCodes(notes));
    const ownKey = partNumberKey(partNumber);
    const altKeys = new Set<string>([ownKey]);
    const alternateCodes = alternates.filter((code) => {
      const key = partNumberKey(code);
      if (!key || altKeys.has(key) || code.length > MAX_CODE) return false;
      altKeys.add(key);
      return true;
    });

    const row: CatalogueRow = {
      row: record.row,
      partNumber,
      description: description.slice(0, MAX_DESCRIPTION),
      brand: cleanQuotes(firstText(v, map.fields.brand)).slice(0, 120) || null,
      categoryPath,
      alternateCodes: alternateCodes.slice(0, 50),
      price,
      priceLists,
      stockQuantity: stock.quantity,
      stockLevel: stock.level,
      salesUnit: cleanQuotes(firstText(v, map.fields.salesUnit)).slice(0, 60) || null,
      imageUrl: imageUrl?.slice(0, 2000) ?? null,
      notes,
      applications: cleanQuotes(firstText(v, map.fields.applications)).slice(0, MAX_NOTES) || null,
      documentUrl: firstText(v, map.fields.documentUrl).slice(0, 2000) || null,
      videoUrl: firstText(v, map.fields.videoUrl).slice(0, 2000) || null,
      keep: [],
    };
    if (!row.salesUnit) row.keep.push('salesUnit');
    for (const [owner, columns] of carriedColumns) if (columns.every((c) => !(c in v))) row.keep.push(owner);
    if (!map.fields.priceLists) {
      map.priceColumns.forEach((column, i) => {
        if (column && !(column in v)) row.keep.push(PRICE_LIST_TARGETS[i] as PriceListTarget);
      });
    }
    seen.set(partNumber, row);
    rows.push(row);
  };
  return { result, add };
}

/**
 * Maps and validates records (docs/product.md §11.3). Every record ends in exactly one bucket: a
 * row, a rejection, a blank row, a heading, a merge into an earlier row, or a duplicate group.
 * @throws AppError VALIDATION when an explicit assignment names a missing column; IMPORT_FAILED
 *   with `duplicates: 'reject-file'` when a part number repeats.
 */
export function mapRecords(records: SourceRecord[], options: MapOptions): MapResult {
  const mapper = recordMapper(records, options);
  for (const record of records) mapper.add(record);
  return mapper.result;
}

/** Records mapped between two pauses of {@link mapRecordsInSteps}. */
const MAP_STEP = 5000;

/**
 * {@link mapRecords} in steps of {@link MAP_STEP} records, letting the server answer other requests
 * between them (a 100,000-row file takes about 2 s of CPU to map). Same result and errors.
 */
export async function mapRecordsInSteps(records: SourceRecord[], options: MapOptions): Promise<MapResult> {
  const mapper = recordMapper(records, options);
  for (let i = 0; i < records.length; i++) {
    if (i > 0 && i % MAP_STEP === 0) await new Promise((resolve) => setImmediate(resolve));
    mapper.add(records[i] as SourceRecord);
  }
  return mapper.result;
}

/** The hand-editable fields a header map feeds. */
function carriedFields(map: HeaderMap): Set<HandEditableField> {
  const carried = new Set<HandEditableField>();
  for (const field of Object.keys(map.fields) as Field[]) {
    const target = CARRIES[field];
    if (target) carried.add(target);
  }
  // An image folder can give the second category level.
  if (map.fields.imageUrl) carried.add('category1');
  if (map.fields.notes) carried.add('alternateCodes');
  map.priceColumns.forEach((column, i) => {
    if (column || map.fields.priceLists) carried.add(PRICE_LIST_TARGETS[i] as PriceListTarget);
  });
  if (map.fields.priceLists && !map.priceColumns.some(Boolean)) {
    // A dash list carries every list it holds; lists beyond its length are read as empty.
    for (const t of PRICE_LIST_TARGETS) carried.add(t);
  }
  return carried;
}

const clampStock = (qty: number) => Math.max(-2_000_000_000, Math.min(2_000_000_000, qty));

/**
 * Stock: a number becomes a quantity and a level; text naming a level (`sin stock`, `AGOTADO`)
 * becomes that level, other text is kept as the level; none is "En Stock" (docs/product.md §4.3).
 */
function readStock(stock: unknown, lowStock: number): { quantity: number | null; level: string } {
  if (stock === undefined) return { quantity: null, level: 'En Stock' };
  const s = typeof stock === 'number' ? String(stock) : text(stock).replace(',', '.');
  if (/^-?\d+(\.\d+)?$/.test(s)) {
    const quantity = clampStock(Math.trunc(Number(s)));
    return { quantity, level: stockLevelFromQuantity(quantity, lowStock) };
  }
  const level = text(stock).slice(0, 60);
  return { quantity: null, level: stockLevelFromText(level, foldText(level)) };
}
