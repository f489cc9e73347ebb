/**
 * Rows of the catalogue exports (docs/product.md §9), read at the viewer's
 * prices with the catalogue's own SQL (filters, order, price list, presenter) and in batches of
 * {@link BATCH_SIZE} rows, so memory stays flat however large the catalogue is.
 *
 * Batching: one query takes the ids in export order (the catalogue's ORDER BY for the spreadsheet;
 * category groups and part numbers for the PDF); the rows are then read {@link BATCH_SIZE} ids at
 * a time. Only the ids (a number per part) are held, never all rows. This keeps the API's exact
 * order (search ranking included) without a server-side cursor, which on PGlite would hold the one
 * connection for the whole download.
 */
import { type SQL, and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Part, PartFilters } from '../../../shared/api.ts';
import { PRINT_TIME_ZONE, comparePartNumbers, comparePrintPaths, groupKey, preferSpelling, printPath } from '../../../shared/print.ts';
import type { Executor } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';
import type { Viewer } from '../auth/viewer.ts';
import { type CatalogueReader, type PartScope, categoryScope, listPartIds, readPartLabels, readParts } from '../catalogue/service.ts';

/** Rows read per query. */
export const BATCH_SIZE = 1000;

/** A planned read: the part ids in export order and the scope each batch re-applies. */
export interface ExportSelection {
  /** Part ids in export order. */
  ids: number[];
  /** The viewer's price list and the public-part conditions (a part deactivated meanwhile is skipped). */
  scope: PartScope;
}

/**
 * The parts of `GET /api/export/catalog.xlsx`: the same filters, order and prices as
 * `GET /api/parts` for this viewer, without pages.
 */
export async function selectCatalogue(reader: CatalogueReader, viewer: Viewer, filters: PartFilters): Promise<ExportSelection> {
  return listPartIds(reader, viewer, filters);
}

/**
 * Reads the parts of `ids` in batches, in the order of `ids`, presented with the viewer's price
 * only (catalogue presenter). Ids no longer in `scope` are skipped.
 */
export async function* presentedBatches(reader: CatalogueReader, scope: PartScope, ids: readonly number[]): AsyncGenerator<Part[]> {
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    yield await readParts(reader, scope, ids.slice(start, start + BATCH_SIZE));
  }
}

/**
 * Reads only the code and description of `ids` in batches, in the order of `ids`: what the PDF's
 * dry run measures. Ids no longer in `scope` are skipped.
 */
export async function* measureBatches(
  db: Executor,
  scope: Pick<PartScope, 'conditions'>,
  ids: readonly number[],
): AsyncGenerator<{ partNumber: string; description: string }[]> {
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    yield await readPartLabels(db, scope, ids.slice(start, start + BATCH_SIZE));
  }
}

/** One group of the printed catalogue: a category path (print.ts rules) and its ids in print order. */
export interface PrintSection {
  /** Category names level 1..3 (`printPath`), e.g. `['Repuestos', 'Motor', 'VW']`. */
  path: string[];
  /** Part ids sorted by part number (print.ts `comparePartNumbers`). */
  ids: number[];
}

export interface PrintSelection {
  sections: PrintSection[];
  /** Parts in all sections. */
  total: number;
  /** The viewer's price list and the conditions every batch re-applies. */
  scope: PartScope;
}

/** The list filters a PDF may follow besides its categories (those of `GET /api/parts`). */
export interface PrintNarrowing {
  /** The list's search, with the catalogue's own matching (forgiving search included). */
  search?: string | undefined;
  brand?: string | undefined;
}

/**
 * The parts of `GET /api/export/catalog.pdf` grouped and ordered as `/print` does (docs/product.md
 * §9.3, src/shared/print.ts): active parts of visible categories, limited to `categoryIds` and
 * their descendants unless `'all'`, and to the parts the list shows for `narrow.search` and
 * `narrow.brand` when given (docs/product.md §9.2). Unknown or hidden ids select nothing.
 */
export async function selectPrint(
  reader: CatalogueReader,
  viewer: Viewer,
  categoryIds: 'all' | number[],
  narrow: PrintNarrowing = {},
): Promise<PrintSelection> {
  const scope = await categoryScope(reader, viewer, categoryIds);
  // The list's own matching decides which parts a search or brand keeps; the groups and the print
  // order stay those of /print.
  const kept =
    narrow.search || narrow.brand
      ? new Set(
          (await listPartIds(reader, viewer, { sortBy: 'relevance', sortDir: 'asc', search: narrow.search, brand: narrow.brand })).ids,
        )
      : null;
  const { db } = reader;
  const { conditions } = scope;
  // Groups are few (one per category); each maps to a print path, several may share one.
  const groups = await db
    .select({ categoryId: parts.categoryId, categoryPath: parts.categoryPath })
    .from(parts)
    .where(and(...conditions))
    .groupBy(parts.categoryId, parts.categoryPath);
  // One spelling per group prefix, chosen as print.ts does, so headings agree across sections.
  const spellings = new Map<string, string>();
  const prefixKey = (path: string[], length: number) => JSON.stringify(path.slice(0, length).map(groupKey));
  for (const g of groups) {
    const path = printPath(g.categoryPath);
    path.forEach((name, i) => {
      const key = prefixKey(path, i + 1);
      const known = spellings.get(key);
      spellings.set(key, known === undefined ? name : preferSpelling(known, name));
    });
  }
  const byPath = new Map<string, { path: string[]; sources: SQL[] }>();
  for (const g of groups) {
    const raw = printPath(g.categoryPath);
    const path = raw.map((name, i) => spellings.get(prefixKey(raw, i + 1)) ?? name);
    const key = prefixKey(raw, raw.length);
    const entry = byPath.get(key) ?? { path, sources: [] };
    const array = g.categoryPath.length
      ? sql`array[${sql.join(
          g.categoryPath.map((name) => sql`${name}`),
          sql`, `,
        )}]::text[]`
      : sql`'{}'::text[]`;
    entry.sources.push(
      and(
        g.categoryId === null ? isNull(parts.categoryId) : eq(parts.categoryId, g.categoryId),
        sql`${parts.categoryPath} = ${array}`,
      ) as SQL,
    );
    byPath.set(key, entry);
  }
  const ordered = [...byPath.values()].sort((a, b) => comparePrintPaths(a.path, b.path));
  const sections: PrintSection[] = [];
  let total = 0;
  for (const group of ordered) {
    const rows = await db
      .select({ id: parts.id, partNumber: parts.partNumber })
      .from(parts)
      .where(and(...conditions, or(...group.sources)))
      .orderBy(asc(parts.id));
    const shown = kept ? rows.filter((r) => kept.has(r.id)) : rows;
    shown.sort((a, b) => comparePartNumbers(a.partNumber, b.partNumber));
    if (!shown.length) continue;
    sections.push({ path: group.path, ids: shown.map((r) => r.id) });
    total += shown.length;
  }
  return { sections, total, scope };
}

/**
 * What narrows an export, in words: the category's name, `Búsqueda «…»` and `Marca …`, joined
 * with ` · ` (empty for the whole catalogue). Titles the PDF and the spreadsheet and names their
 * files, so a workshop's downloads of several categories or searches are told apart
 * (docs/product.md §9). A hidden or unknown category adds nothing.
 */
export async function selectionTitle(
  reader: CatalogueReader,
  narrow: { categoryId?: number | undefined; categoryName?: string | undefined; search?: string | undefined; brand?: string | undefined },
): Promise<string> {
  let category = narrow.categoryName?.trim() ?? '';
  if (!category && narrow.categoryId) {
    const loaded = await reader.categories();
    const row = loaded.all.find((c) => c.id === narrow.categoryId);
    if (row && !loaded.hidden.has(row.id)) category = row.name;
  }
  const search = narrow.search?.trim();
  const brand = narrow.brand?.trim();
  return [category, search ? `Búsqueda «${search}»` : '', brand ? `Marca ${brand}` : ''].filter(Boolean).join(' · ');
}

/** `catalogo-<slug of title>-YYYY-MM-DD.<extension>`, or `catalogo-YYYY-MM-DD.<extension>` without a title. */
export function exportFileName(title: string, now: Date, extension: 'pdf' | 'xlsx'): string {
  const slug = fileSlug(title);
  return `catalogo-${slug ? `${slug}-` : ''}${fileDate(now)}.${extension}`;
}

/** `YYYY-MM-DD` of a date in Argentine time, for file names. */
export function fileDate(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: PRINT_TIME_ZONE,
  }).format(date);
}

/**
 * A safe `Content-Disposition: attachment` header value (RFC 6266): an ASCII `filename` with
 * quotes, backslashes and control characters removed, and the exact name in `filename*`.
 */
export function attachmentHeader(filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A file-name slug of a category name: `Repuestos Ñandú / VW` → `repuestos-nandu-vw`. */
export function fileSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
