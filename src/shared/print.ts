/**
 * Grouping and ordering rules of the printable catalogue (docs/product.md §9.3), shared by
 * the web page `/print` and the PDF export `GET /api/export/catalog.pdf` so both show the same
 * groups in the same order. Pure functions: no Node or DOM APIs.
 *
 * - Parts are grouped by their level-1, level-2 and level-3 category (`categoryPath`).
 * - Level-1 groups follow the preferred order repuestos, herramientas, productos, maquinaria,
 *   insumos (ignoring case and accents); every other level-1 group comes after them.
 * - Group names that start with digits and a dash (`990-PIEZAS NORMALIZADAS`, `072-BULONES`) sort
 *   by that number first, before unnumbered names; the rest sort alphabetically in Spanish order.
 * - Names are grouped without regard to case, accents or repeated spaces (`INYECCION` and
 *   `Inyección` are one group, as they are one category); the group shows the spelling with the
 *   most accents ({@link preferSpelling}).
 * - Parts without a category go to a last level-1 group "Sin categoría".
 * - Rows within a group are sorted by part number (Spanish order, digit runs compared as numbers).
 */
import * as z from 'zod/mini';
import { NO_PRICE_PRINT_TEXT, hasPrice } from './pricing.ts';
import { foldText } from './text.ts';

/** Level-1 names printed first, in this order (compared folded: case and accents ignored). */
export const LEVEL1_PREFERRED_ORDER = ['repuestos', 'herramientas', 'productos', 'maquinaria', 'insumos'] as const;

/** Name of the level-1 group of parts that have no category; always printed last. */
export const NO_CATEGORY_GROUP = 'Sin categoría';

/** Texts of the printable catalogue (docs/product.md §9.3). */
export const PRINT_TEXTS = {
  title: 'Catálogo de Productos',
  empty: 'No se encontraron productos para imprimir.',
  noImage: 'Sin imagen',
  columns: { partNumber: 'CÓDIGO', description: 'DESCRIPCIÓN', image: 'IMAGEN', price: 'PRECIO' },
} as const;

/** Category depth of a print group: 1 main group, 2 model or subgroup, 3 brand or subcategory. */
export type PrintLevel = 1 | 2 | 3;

/** The least a part needs to be grouped and ordered for print. */
export interface PrintablePart {
  partNumber: string;
  /** Category names from level 1 down to the part's own category (may be empty). */
  categoryPath: string[];
}

/**
 * One heading of the printed catalogue with the rows directly under it and its sub-groups, both
 * already in print order. Rows come before sub-groups.
 */
export interface PrintGroup<T extends PrintablePart = PrintablePart> {
  name: string;
  level: PrintLevel;
  /** Category names from level 1 down to this group (`['Repuestos', 'Motor']`). */
  path: string[];
  /** Parts whose category is exactly this group, sorted by part number. */
  parts: T[];
  children: PrintGroup<T>[];
  /** Number of parts in this group and all its sub-groups. */
  total: number;
}

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** Byte-wise tie-break so names equal under the collator still get one stable order. */
function codeUnitCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The leading number of a group name that starts with digits and a dash: `"072-BULONES"` → 72,
 * `"990 - PIEZAS"` → 990; null for any other name.
 */
export function groupNumber(name: string): number | null {
  const match = /^\s*(\d+)\s*-/.exec(name);
  return match ? Number(match[1]) : null;
}

/** Position of a level-1 name in {@link LEVEL1_PREFERRED_ORDER}, or -1. */
function preferredIndex(name: string): number {
  return (LEVEL1_PREFERRED_ORDER as readonly string[]).indexOf(foldText(name.trim()));
}

/**
 * Compares two group names of the same level for print (docs/product.md §9.3): at level 1 the
 * preferred names first in their order and "Sin categoría" last; then names starting with digits
 * and a dash by that number (before unnumbered names); then Spanish alphabetical order
 * (`Intl.Collator('es')`, case and accents ignored).
 * @returns negative when `a` prints first, positive when `b` does, 0 only for identical names.
 */
export function compareGroupNames(a: string, b: string, level: PrintLevel): number {
  if (level === 1) {
    if ((a === NO_CATEGORY_GROUP) !== (b === NO_CATEGORY_GROUP)) return a === NO_CATEGORY_GROUP ? 1 : -1;
    const pa = preferredIndex(a);
    const pb = preferredIndex(b);
    if (pa !== pb) {
      if (pa === -1) return 1;
      if (pb === -1) return -1;
      return pa - pb;
    }
  }
  const na = groupNumber(a);
  const nb = groupNumber(b);
  if (na !== null && nb !== null && na !== nb) return na - nb;
  if ((na === null) !== (nb === null)) return na === null ? 1 : -1;
  return collator.compare(a, b) || codeUnitCompare(a, b);
}

/**
 * Compares part numbers for the rows of a group: Spanish order, case ignored, digit runs compared
 * as numbers (`A9` before `A10`), ties broken byte-wise.
 */
export function comparePartNumbers(a: string, b: string): number {
  return collator.compare(a, b) || codeUnitCompare(a, b);
}

/**
 * The print path of a part: its category path cut to three levels, or `["Sin categoría"]` when it
 * has none. Blank names are dropped.
 */
export function printPath(categoryPath: readonly string[]): string[] {
  const path = categoryPath
    .map((name) => name.trim())
    .filter(Boolean)
    .slice(0, 3);
  return path.length ? path : [NO_CATEGORY_GROUP];
}

/** The grouping key of a category name: folded (case and accents ignored), spaces collapsed. */
export function groupKey(name: string): string {
  return foldText(name.trim().replace(/\s+/g, ' '));
}

const accentCount = (text: string) => text.normalize('NFD').length - text.normalize('NFC').length;

/**
 * Which of two spellings of one group (same {@link groupKey}) to print: the one with more accents
 * (`Inyección` over `INYECCION`, as the import names categories), else the first in byte order, so
 * the choice does not depend on the order parts arrive in.
 */
export function preferSpelling(a: string, b: string): string {
  const difference = accentCount(a) - accentCount(b);
  if (difference !== 0) return difference > 0 ? a : b;
  return codeUnitCompare(a, b) <= 0 ? a : b;
}

/**
 * Compares two print paths (from {@link printPath}) level by level with {@link compareGroupNames};
 * a path prints before its own sub-paths (a group's rows come before its sub-groups).
 */
export function comparePrintPaths(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareGroupNames(a[i] as string, b[i] as string, (i + 1) as PrintLevel);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/**
 * Groups parts for print: nested level-1 → level-2 → level-3 groups, groups and rows in print
 * order (see the module comment). The input is not modified.
 * @example groupForPrint(parts)[0]?.children[0]?.parts // rows of the first level-2 group
 */
export function groupForPrint<T extends PrintablePart>(parts: readonly T[]): PrintGroup<T>[] {
  const roots: PrintGroup<T>[] = [];
  const index = new Map<string, PrintGroup<T>>();
  const groupAt = (path: string[]): PrintGroup<T> => {
    const key = JSON.stringify(path.map(groupKey));
    const name = path[path.length - 1] as string;
    let group = index.get(key);
    if (!group) {
      group = { name, level: path.length as PrintLevel, path, parts: [], children: [], total: 0 };
      index.set(key, group);
      if (path.length === 1) roots.push(group);
      else groupAt(path.slice(0, -1)).children.push(group);
    } else {
      group.name = preferSpelling(group.name, name);
    }
    return group;
  };
  for (const part of parts) {
    const path = printPath(part.categoryPath);
    groupAt(path).parts.push(part);
    for (let i = 1; i <= path.length; i++) groupAt(path.slice(0, i)).total += 1;
  }
  const finish = (list: PrintGroup<T>[], parent: string[]) => {
    for (const group of list) group.path = [...parent, group.name];
    list.sort((a, b) => compareGroupNames(a.name, b.name, a.level));
    for (const group of list) {
      group.parts.sort((a, b) => comparePartNumbers(a.partNumber, b.partNumber));
      finish(group.children, group.path);
    }
  };
  finish(roots, []);
  return roots;
}

/** One line of a flattened print list: a heading or a part row. */
export type PrintLine<T extends PrintablePart = PrintablePart> =
  | { kind: 'heading'; group: PrintGroup<T> }
  | { kind: 'part'; part: T; group: PrintGroup<T> };

/**
 * The groups of {@link groupForPrint} as the lines of the printed page, in order: each heading
 * followed by its own rows, then its sub-groups.
 */
export function flattenPrintGroups<T extends PrintablePart>(groups: readonly PrintGroup<T>[]): PrintLine<T>[] {
  const lines: PrintLine<T>[] = [];
  const visit = (group: PrintGroup<T>) => {
    lines.push({ kind: 'heading', group });
    for (const part of group.parts) lines.push({ kind: 'part', part, group });
    for (const child of group.children) visit(child);
  };
  for (const group of groups) visit(group);
  return lines;
}

const printPriceFormatter = new Intl.NumberFormat('es-AR', {
  style: 'currency',
  currency: 'ARS',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * The PRECIO cell of the printed catalogue (docs/product.md §9.3, §1): the ARS
 * amount in es-AR with two decimals (`"$ 1.234,50"`), or "Consultar" when the part has no usable
 * price. Returns null when prices are not printed (the PRECIO column is left out).
 * @param price the viewer's price as a decimal string ("1234.50") or number, ARS.
 */
export function formatPrintPrice(price: string | number | null | undefined, includePrices: boolean): string | null {
  if (!includePrices) return null;
  return hasPrice(price) ? printPriceFormatter.format(Number(price)) : NO_PRICE_PRINT_TEXT;
}

/** Time zone of printed dates: the supplier is Argentine. */
export const PRINT_TIME_ZONE = 'America/Argentina/Buenos_Aires';

/** Date and time of generation in es-AR (`"21/11/2025, 14:05"`), Argentine time. */
export function formatPrintDateTime(date: Date): string {
  return new Intl.DateTimeFormat('es-AR', { dateStyle: 'short', timeStyle: 'short', timeZone: PRINT_TIME_ZONE }).format(date);
}

/** Date of generation in es-AR (`"21/11/2025"`), Argentine time. */
export function formatPrintDate(date: Date): string {
  return new Intl.DateTimeFormat('es-AR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: PRINT_TIME_ZONE }).format(date);
}

/** Maximum number of ids in `categoryIds`. */
export const MAX_PRINT_CATEGORY_IDS = 500;

/**
 * Parses the `categoryIds` parameter of `/print` and the PDF export: `"all"`, empty, missing or a
 * list holding 0 (the index's "all products" entry) mean every category; otherwise a comma list of
 * positive integer ids (`"12,15"`), duplicates removed.
 * @returns `'all'`, the ids, or null when the value is not valid.
 */
export function parseCategoryIds(value: string | null | undefined): 'all' | number[] | null {
  const text = (value ?? '').trim();
  if (!text || text.toLowerCase() === 'all') return 'all';
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.length > MAX_PRINT_CATEGORY_IDS) return null;
  const ids: number[] = [];
  for (const entry of entries) {
    if (!/^\d{1,10}$/.test(entry)) return null;
    const id = Number(entry);
    if (id > 2_147_483_647) return null;
    if (id === 0) return 'all';
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

const printFlag = z._default(z.enum(['true', 'false'], { error: 'debe ser true o false' }), 'false');

/**
 * Query parameters of `/print` and `GET /api/export/catalog.pdf` (docs/product.md §9.3), as
 * strings: `categoryIds` (see {@link parseCategoryIds}), `categoryName` (title only),
 * `includeImages` and `includePrices` (`"true"`/`"false"`, default `"false"`).
 */
export const printQuerySchema = z.object({
  categoryIds: z.optional(z.string().check(z.maxLength(6000))).check(
    z.refine((value) => parseCategoryIds(value) !== null, {
      error: `debe ser "all" o una lista de números de categoría separados por comas (hasta ${MAX_PRINT_CATEGORY_IDS})`,
    }),
  ),
  categoryName: z.optional(z.string().check(z.trim(), z.maxLength(120, { error: 'admite hasta 120 caracteres' }))),
  includeImages: printFlag,
  includePrices: printFlag,
});

/**
 * One row of `GET /api/print/catalog` (issue 22): `[id, partNumber, description, image, price,
 * categoryPath]`; `image` is the first resolved photo URL or null; `price` is the viewer's price
 * ("1234.50") only when `includePrices=true`, else null.
 */
export const printRowSchema = z.tuple([
  z.number(),
  z.string(),
  z.string(),
  z.nullable(z.string()),
  z.nullable(z.string()),
  z.array(z.string()),
]);
export type PrintRowTuple = z.infer<typeof printRowSchema>;

/**
 * `GET /api/print/catalog` answers NDJSON: a first line `{"total": N}`, then lines of
 * {@link printRowSchema} arrays (one batch each) until every part is sent.
 */
export const printHeadSchema = z.object({ total: z.number() });
export const printBatchSchema = z.array(printRowSchema);
