/**
 * Maps source records to validated catalogue rows (docs/product.md §11.3). Headers are matched by name,
 * ignoring case, accents and punctuation, through aliases; every bad row is reported with its row
 * number and reason, never silently dropped.
 */
import { parsePrice } from '../../../shared/pricing.ts';
import { stockLevelFromQuantity } from '../../../shared/stock.ts';
import { foldText, partNumberKey } from '../../../shared/text.ts';
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

/** Header aliases per field, in priority order: the first present header wins. */
const ALIASES = {
  partNumber: ['codigo', 'code', 'sku', 'cod', 'codigo articulo', 'part number', 'partnumber', 'nro parte'],
  description: ['descripcion', 'producto', 'nombre', 'name', 'description', 'detalle'],
  category1: ['categoria1', 'categoria 1', 'rubro', 'categoria', 'category', 'familia', 'grupo'],
  category2: ['categoria2', 'categoria 2', 'subrubro', 'subcategoria', 'modelo'],
  category3: ['categoria3', 'categoria 3', 'subsubrubro', 'linea'],
  priceList: ['precios'],
  stock: ['stock', 'existencia', 'existencias', 'cantidad'],
  image: ['imagen', 'image', 'imagenes', 'foto', 'images'],
  brand: ['marca', 'brand', 'fabricante'],
  alternates: [
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
} as const;

type Field = keyof typeof ALIASES;

/** Which source header feeds each field, plus the ordered single-price columns. */
export interface HeaderMap {
  fields: Partial<Record<Field, string[]>>;
  /** Single-price columns in source order: the first is list 1 (and the base price when alone). */
  priceColumns: string[];
}

/** Builds the header map from the union of the records' keys. */
export function mapHeaders(headers: Iterable<string>): HeaderMap {
  const byNormal = new Map<string, string>();
  for (const h of headers) {
    const n = normalizeHeader(h);
    if (n && !byNormal.has(n)) byNormal.set(n, h);
  }
  const fields: HeaderMap['fields'] = {};
  const used = new Set<string>();
  for (const field of Object.keys(ALIASES) as Field[]) {
    const matches: string[] = [];
    for (const alias of ALIASES[field]) {
      const source = byNormal.get(alias);
      if (source && !used.has(source)) matches.push(source);
    }
    if (matches.length === 0) continue;
    // Alternates gather every alias column; the other fields take the first by priority.
    const chosen = field === 'alternates' ? matches : matches.slice(0, 1);
    fields[field] = chosen;
    for (const c of chosen) used.add(c);
  }
  const priceColumns = [...byNormal.entries()]
    .filter(([n, source]) => !used.has(source) && /^(precio|price|lista)(\s|\d|$)/.test(n))
    .map(([, source]) => source);
  return { fields, priceColumns };
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
/** Level-1 name for parts whose level 2 comes from an image folder but have no level 1. */
export const FALLBACK_LEVEL1 = 'Varios';

export interface MapOptions {
  /** Stock quantity (units) below which the level is "Bajo Stock". */
  lowStock: number;
}

export interface MapResult {
  rows: CatalogueRow[];
  rejections: Rejection[];
}

/**
 * Maps and validates records. Duplicate part numbers keep the first row; later ones are rejected
 * naming the row that won.
 */
export function mapRecords(records: SourceRecord[], options: MapOptions): MapResult {
  const headers = new Set<string>();
  for (const r of records) for (const k of Object.keys(r.values)) headers.add(k);
  const map = mapHeaders(headers);
  const rows: CatalogueRow[] = [];
  const rejections: Rejection[] = [];
  const seen = new Map<string, number>();

  if (!map.fields.partNumber) {
    for (const r of records) rejections.push({ row: r.row, reason: 'No se encontró la columna de código (codigo, sku, code).' });
    return { rows, rejections };
  }

  for (const record of records) {
    const v = record.values;
    if ('__invalid' in v) {
      rejections.push({ row: record.row, reason: 'El registro no es un objeto.' });
      continue;
    }
    const codes = splitCodeCell(text(firstValue(v, map.fields.partNumber)));
    const description = text(firstValue(v, map.fields.description));
    const partNumber = codes[0];
    if (!partNumber) {
      rejections.push({
        row: record.row,
        reason: description ? 'Falta el código del producto.' : 'Fila sin código ni descripción (título de sección o fila vacía).',
      });
      continue;
    }
    if (partNumber.length > MAX_CODE) {
      rejections.push({ row: record.row, partNumber: partNumber.slice(0, 40), reason: `El código supera ${MAX_CODE} caracteres.` });
      continue;
    }
    if (!description) {
      rejections.push({ row: record.row, partNumber, reason: 'Falta la descripción.' });
      continue;
    }
    if (!partNumberKey(partNumber)) {
      rejections.push({ row: record.row, partNumber, reason: 'El código no tiene letras ni números.' });
      continue;
    }
    const firstRow = seen.get(partNumber);
    if (firstRow !== undefined) {
      rejections.push({ row: record.row, partNumber, reason: `Código duplicado: ya aparece en la fila ${firstRow}.` });
      continue;
    }
    seen.set(partNumber, record.row);

    // Prices: a dash list ("a-b-c") fills lists 1..n; single columns fill list 1, 2, … in order.
    const priceLists: (string | null)[] = Array.from({ length: PRICE_LIST_COUNT }, () => null);
    let price: string | null = null;
    const dashList = firstValue(v, map.fields.priceList);
    if (dashList !== undefined) {
      const entries = typeof dashList === 'number' ? [dashList] : splitPriceList(text(dashList));
      entries.slice(0, PRICE_LIST_COUNT).forEach((entry, i) => {
        priceLists[i] = parsePrice(typeof entry === 'number' ? entry : entry.trim());
      });
    }
    map.priceColumns.slice(0, PRICE_LIST_COUNT).forEach((column, i) => {
      if (dashList === undefined || priceLists[i] === null) priceLists[i] = parsePrice(v[column]);
    });
    if (dashList === undefined && map.priceColumns.length === 1) price = priceLists[0] ?? null;

    // Stock: a number becomes a quantity and a level; text is kept as the level.
    let stockQuantity: number | null = null;
    let stockLevel = 'En Stock';
    const stock = firstValue(v, map.fields.stock);
    if (stock !== undefined) {
      const s = typeof stock === 'number' ? String(stock) : text(stock).replace(',', '.');
      if (/^-?\d+(\.\d+)?$/.test(s)) {
        const qty = Math.trunc(Number(s));
        stockQuantity = Math.max(-2_000_000_000, Math.min(2_000_000_000, qty));
        stockLevel = stockLevelFromQuantity(stockQuantity, options.lowStock);
      } else {
        stockLevel = text(stock).slice(0, 60);
      }
    }

    const imageUrl = text(firstValue(v, map.fields.image)) || null;
    const categoryPath: string[] = [];
    const c1 = cleanCategory(text(firstValue(v, map.fields.category1)));
    let c2 = cleanCategory(text(firstValue(v, map.fields.category2)));
    const c3 = cleanCategory(text(firstValue(v, map.fields.category3)));
    if (!c2 && !map.fields.category2 && imageUrl) c2 = folderCategory(imageUrl) ?? '';
    if (c1 || c2) categoryPath.push(c1 || FALLBACK_LEVEL1);
    if (c2) categoryPath.push(c2);
    if (c2 && c3) categoryPath.push(c3);

    const alternates: string[] = [...codes.slice(1)];
    for (const column of map.fields.alternates ?? []) alternates.push(...splitAlternateCodes(text(v[column])));
    const ownKey = partNumberKey(partNumber);
    const altKeys = new Set<string>([ownKey]);
    const alternateCodes = alternates.filter((code) => {
      const key = partNumberKey(code);
      if (!key || altKeys.has(key) || code.length > MAX_CODE) return false;
      altKeys.add(key);
      return true;
    });

    const brand = text(firstValue(v, map.fields.brand)).slice(0, 120) || null;
    const salesUnit = text(firstValue(v, map.fields.salesUnit)).slice(0, 60) || null;
    rows.push({
      row: record.row,
      partNumber,
      description: description.slice(0, MAX_DESCRIPTION),
      brand,
      categoryPath,
      alternateCodes: alternateCodes.slice(0, 50),
      price,
      priceLists,
      stockQuantity,
      stockLevel,
      salesUnit,
      imageUrl: imageUrl?.slice(0, 2000) ?? null,
    });
  }
  return { rows, rejections };
}
