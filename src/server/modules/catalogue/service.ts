/**
 * Catalogue reads (docs/product.md §12 "Catalogue"): the parts list with search, filters, sort and
 * pages; one part; the published carousels; related parts; the public category tree and brands;
 * and, for the exports, a list's ids and their parts read in batches. This file is the catalogue's
 * interface to routes and to other modules: the SQL lives in queries.ts, the row → API part
 * presenter in presenter.ts, the category tree in categories.ts, and what a read already knows
 * (price list, categories, totals; cached or not) in the {@link CatalogueReader} it is given.
 */
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CategoryNode, Collection, Part, PartFilters, PartsQuery, Suggestions } from '../../../shared/api.ts';
import { foldText, searchTokens } from '../../../shared/text.ts';
import type { Executor } from '../../db/client.ts';
import { carouselEntries, parts, relatedParts } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Viewer } from '../auth/viewer.ts';
import { type LoadedCategories, categoryTree, visibleSubtreeIds } from './categories.ts';
import { argentineDay, liveOn } from './offers.ts';
import { type PartRow, presentPart } from './presenter.ts';
import { nearPartNumbers } from '../search/codes.ts';
import { type SearchPlan, correctedPlanFor, correctionOnly, planFor, shownCorrection, typingLastWord } from '../search/service.ts';
import {
  countParts,
  filterConditions,
  indexPage,
  orderBy,
  orderKeys,
  readPublicPart,
  partColumns,
  publicConditions,
  readIdList,
  type SearchPage,
  searchPage,
  searchStatement,
  statementKey,
  suggestionRows,
} from './queries.ts';
import type { CatalogueReader } from './reader.ts';

// Other modules use the catalogue through this file only: besides the reads below, the admin's
// category tree, its part lists' search and order (the catalogue's own), and the reader exports build.
export { categoryTree } from './categories.ts';
export { applyOfferDays, argentineDay, OfferClock } from './offers.ts';
export { orderBy, searchConditions } from './queries.ts';
export { type CatalogueReader, cachedReader, databaseReader } from './reader.ts';

/** Offset (rows) from which a page waits for the total to decide whether to read from the end. */
const DEEP_OFFSET = 5000;

/**
 * Largest known total of a search that is still read as one set by `searchPage`; a broader search
 * reads its page along the list's sort index instead (its matches are dense there, so 60 of them
 * come quickly) and takes its total from the count cache.
 */
const SEARCH_SET_MAX = 5000;

/** A search whose first pass finds this many parts or fewer tries a typo correction (issue 18). */
const FEW_MATCHES = 2;

/**
 * One page of parts and the total that matches (`GET /api/parts`, docs/product.md §12). A search is
 * planned first (search/service.ts: synonyms, abbreviations and compounds from the vocabulary); in
 * the "Relevancia" order, or when its total is unknown or small, it is read as one set with its
 * total (queries.ts `searchPage`). A search that finds {@link FEW_MATCHES} parts or fewer, or holds a
 * word the vocabulary does not know, is read again with its typos corrected unless `exact` is `1`, and the answer names the corrected query
 * (`correctedSearch`) when that found more. A code-like search that still finds nothing names up
 * to 3 part numbers one edit away (`suggestedPartNumbers`, search/codes.ts). Other lists are read along their sort index, and pages
 * at an offset of {@link DEEP_OFFSET} rows or more past the middle of the list from its end in the
 * reversed order, so every page costs about what the first does.
 * @returns `{ parts, total, page, limit, correctedSearch?, suggestedPartNumbers? }`; parts carry only the viewer's price.
 */
export async function listParts(
  reader: CatalogueReader,
  viewer: Viewer,
  query: PartsQuery,
): Promise<{ parts: Part[]; total: number; page: number; limit: number; correctedSearch?: string; suggestedPartNumbers?: string[] }> {
  const { db, settings } = reader;
  const priceList = await reader.priceList(viewer);
  const categories = await reader.categories();
  const searching = Boolean(query.search && searchTokens(query.search).length > 0);
  const synonyms = searching ? await reader.synonyms() : undefined;
  const vocabulary = searching ? await reader.vocabulary() : undefined;
  const plan = query.search && synonyms ? await planFor(db, query.search, synonyms, vocabulary) : undefined;
  const where = and(...filterConditions(query, categories, plan));
  const offset = (query.page - 1) * query.limit;
  const present = (rows: PartRow[]) => rows.map((r) => presentPart(r, settings));
  if (query.search && synonyms && plan) {
    // A search whose total is unknown, or known to be small, is read as one set (see searchPage).
    const known = await reader.knownTotal(query);
    const cached = known.total;
    if (query.sortBy === 'relevance' || cached === undefined || cached <= SEARCH_SET_MAX) {
      const found = await searchPage(db, searchStatement(where, orderKeys(query, priceList, plan), priceList, query.limit, offset));
      // An empty first page means no match at all; past the end, the total is counted.
      const learnt = found.total ?? (offset === 0 ? 0 : undefined);
      if (learnt !== undefined && cached === undefined) known.remember(learnt);
      const total = learnt ?? cached ?? (await reader.countParts(query, where));
      if (query.exact !== '1' && (total <= FEW_MATCHES || plan.unknownWord)) {
        const corrected = await correctedPlanFor(db, query.search, synonyms, plan.known, total, vocabulary);
        if (corrected?.correctedText) {
          const { where: fixedWhere, page: second } = await correctedPage(reader, query, categories, corrected, priceList, offset);
          const secondTotal = second.total ?? (offset === 0 ? 0 : await countParts(db, fixedWhere));
          // An unknown word's correction wins when it finds anything; otherwise only when it finds more.
          if (secondTotal > total || (plan.unknownWord && secondTotal > 0)) {
            return {
              parts: present(second.rows),
              total: secondTotal,
              page: query.page,
              limit: query.limit,
              correctedSearch: shownCorrection(corrected, firstPartText(second.rows[0])) ?? corrected.correctedText,
            };
          }
        }
      }
      // A code that found nothing, typo pass included: offer the part numbers one edit away.
      const near =
        total === 0 && offset === 0 ? await nearPartNumbers(db, query.search, filterConditions({ ...query, search: '' }, categories)) : [];
      return {
        parts: present(found.rows),
        total,
        page: query.page,
        limit: query.limit,
        ...(near.length ? { suggestedPartNumbers: near } : {}),
      };
    }
  }
  const order = orderBy(query, priceList, false, plan);
  // Deep pages are read from the end of the list: with the total known (counted once per filter
  // and cached), a page past the middle is the same rows as a shallow page of the reversed order,
  // so the last page costs what the first does instead of walking the whole list.
  const total = offset >= DEEP_OFFSET ? await reader.countParts(query, where) : undefined;
  const fromEnd = total !== undefined && offset > total / 2;
  const page = fromEnd
    ? {
        order: orderBy(query, priceList, true, plan),
        limit: Math.max(0, Math.min(query.limit, total - offset)),
        offset: Math.max(0, total - offset - query.limit),
      }
    : { order, limit: query.limit, offset };
  const [rows, counted] = await Promise.all([
    indexPage(db, where, priceList, order, page.order, page.limit, page.offset),
    total ?? reader.countParts(query, where),
  ]);
  return { parts: present(rows), total: counted, page: query.page, limit: query.limit };
}

/**
 * The page of a typo pass (`corrected`, search/service.ts `correctedPlanFor`) and its WHERE. When
 * the query as typed found nothing, its plan reduces to the corrected words alone (search/plan.ts
 * `correctionOnly`: the same page), so `encendiddo` and `encenddio` read one statement, and the
 * reader shares that read between them (docs/performance.md "Typo passes shared between
 * misspellings"); in the "Relevancia" order only, the one most searches use.
 */
async function correctedPage(
  reader: CatalogueReader,
  query: PartsQuery,
  categories: LoadedCategories,
  corrected: SearchPlan,
  priceList: number,
  offset: number,
): Promise<{ where: SQL | undefined; page: SearchPage }> {
  const only = query.sortBy === 'relevance' ? correctionOnly(corrected) : undefined;
  const plan = only ?? corrected;
  const where = and(...filterConditions(query, categories, plan));
  const statement = searchStatement(where, orderKeys(query, priceList, plan), priceList, query.limit, offset);
  const read = () => searchPage(reader.db, statement);
  return { where, page: only ? await reader.shared(`search|${statementKey(statement)}`, read) : await read() };
}

/** The words a part is found by besides its codes, as one text (for {@link shownCorrection}). */
function firstPartText(row: PartRow | undefined): string {
  if (!row) return '';
  return [row.description, row.brand, ...(row.categoryPath ?? []), row.notes, row.applications].filter(Boolean).join(' ');
}

/** Parts and categories offered by the search box (issue 18). */
const SUGGESTED_PARTS = 8;
const SUGGESTED_CATEGORIES = 5;

/**
 * What the search box offers for `q` (`GET /api/search/suggest`): from 2 characters on, up to 8
 * public parts in the "Relevancia" order, the last word read as the start of a word being typed
 * (code and description, never a price; a broad prefix ranks its first 1,000 matches, queries.ts
 * `suggestionRows`) and up to 5 visible categories whose name
 * holds every word of `q` at the start of one of its words.
 */
export async function suggest(reader: CatalogueReader, q: string): Promise<Suggestions> {
  const folded = foldText(q).trim();
  if (folded.replace(/[^a-z0-9]/g, '').length < 2 || !searchTokens(q).length) return { parts: [], categories: [] };
  const loaded = await reader.categories();
  // The last word is a start being typed, never a whole word (`q` arrives trimmed).
  const plan = typingLastWord(await planFor(reader.db, q, await reader.synonyms(), await reader.vocabulary()));
  const filters: PartFilters = { search: q, sortBy: 'relevance', sortDir: 'asc' };
  const rows = await suggestionRows(
    reader.db,
    and(...filterConditions(filters, loaded, plan)),
    orderKeys(filters, 0, plan),
    SUGGESTED_PARTS,
    plan.codeKey,
  );
  const words = searchTokens(q).map((t) => t.text);
  const byId = new Map(loaded.all.map((c) => [c.id, c]));
  const pathOf = (id: number): string[] => {
    const path: string[] = [];
    for (let c = byId.get(id); c; c = c.parentId === null ? undefined : byId.get(c.parentId)) path.unshift(c.name);
    return path;
  };
  const categories = loaded.all
    .filter((c) => !loaded.hidden.has(c.id))
    .filter((c) => {
      const name = ` ${foldText(c.name).replace(/[^a-z0-9]+/g, ' ')}`;
      return words.every((w) => name.includes(` ${w}`));
    })
    .sort((a, b) => a.level - b.level || a.name.localeCompare(b.name, 'es'))
    .slice(0, SUGGESTED_CATEGORIES)
    .map((c) => ({ id: c.id, name: c.name, path: pathOf(c.id) }));
  return { parts: rows.map((r) => ({ id: Number(r.id), partNumber: r.partNumber, description: r.description })), categories };
}

/** The row of one active part outside hidden categories, at `priceList`, or undefined. */
async function publicPartRow(reader: CatalogueReader, viewer: Viewer, id: number): Promise<PartRow | undefined> {
  const priceList = await reader.priceList(viewer);
  const { hidden } = await reader.categories();
  return readPublicPart(reader.db, priceList, hidden, id);
}

/**
 * One active, visible part.
 * @throws AppError NOT_FOUND "Producto no encontrado".
 */
export async function getPart(reader: CatalogueReader, viewer: Viewer, id: number): Promise<Part> {
  const row = await publicPartRow(reader, viewer, id);
  if (!row) throw notFound('Producto no encontrado');
  return presentPart(row, reader.settings);
}

/**
 * The published parts of a home carousel, in their order (docs/product.md §5.3), at most 200; an
 * entry outside its offer days (offers.ts) is left out.
 */
export async function listCollection(reader: CatalogueReader, viewer: Viewer, collection: Collection): Promise<Part[]> {
  const priceList = await reader.priceList(viewer);
  const { hidden } = await reader.categories();
  const rows = await reader.db
    .select(partColumns(priceList))
    .from(carouselEntries)
    .innerJoin(parts, eq(parts.id, carouselEntries.partId))
    .where(
      and(
        eq(carouselEntries.stage, 'published'),
        eq(carouselEntries.collection, collection),
        liveOn(argentineDay()),
        ...publicConditions(hidden),
      ),
    )
    .orderBy(asc(carouselEntries.position), asc(carouselEntries.id))
    .limit(200);
  return rows.map((r) => presentPart(r, reader.settings));
}

/**
 * Related parts of a part shown in its detail dialog, by part number, at most 100.
 * @throws AppError NOT_FOUND "Producto no encontrado" when the part itself is not public.
 */
export async function listRelated(reader: CatalogueReader, viewer: Viewer, id: number): Promise<Part[]> {
  if (!(await publicPartRow(reader, viewer, id))) throw notFound('Producto no encontrado');
  const priceList = await reader.priceList(viewer);
  const { hidden } = await reader.categories();
  const rows = await reader.db
    .select(partColumns(priceList))
    .from(relatedParts)
    .innerJoin(parts, eq(parts.id, relatedParts.relatedPartId))
    .where(and(eq(relatedParts.partId, id), ...publicConditions(hidden)))
    .orderBy(asc(parts.partNumber))
    .limit(100);
  return rows.map((r) => presentPart(r, reader.settings));
}

/**
 * The public category tree with part counts (categories.ts `categoryTree`): a category without
 * active parts in it or its descendants is left out of the index (docs/product.md §4.2).
 */
export async function publicCategoryTree(reader: CatalogueReader): Promise<CategoryNode[]> {
  return categoryTree(reader.db, { categories: await reader.categories(), withPartsOnly: true });
}

/** Distinct brands of public parts with their counts, for the brand filter. */
export async function listBrands(reader: CatalogueReader): Promise<{ brand: string; count: number }[]> {
  const { hidden } = await reader.categories();
  const rows = await reader.db
    .select({ brand: parts.brand, count: sql<number>`count(*)::int` })
    .from(parts)
    .where(and(sql`${parts.brand} is not null`, ...publicConditions(hidden)))
    .groupBy(parts.brand)
    .orderBy(asc(parts.brand));
  return rows.map((r) => ({ brand: r.brand as string, count: Number(r.count) }));
}

/** How many parts are active (hidden categories included), for `GET /api/health`. */
export async function countActiveParts(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(parts).where(eq(parts.isActive, true));
  return Number(row?.count ?? 0);
}

/**
 * Which public parts a read covers and at which price list: what a long read in batches (the
 * exports) re-applies to every batch, so a part deactivated meanwhile is skipped.
 */
export interface PartScope {
  /** The viewer's price list (1–10). */
  priceList: number;
  /** WHERE conditions: public parts, and the filters or categories chosen. */
  conditions: SQL[];
}

/**
 * The parts of `GET /api/parts` for this viewer and filters, without pages: their ids in the
 * list's order (search ranking included) and their scope. Holds one number per part: the ids
 * come as one comma-separated text (queries.ts `readIdList`), not a row each, which at 1,000,000 parts
 * keeps the export's peak ~85 MB lower (docs/performance.md "The export's id list").
 */
export async function listPartIds(
  reader: CatalogueReader,
  viewer: Viewer,
  filters: PartFilters,
): Promise<{ ids: number[]; scope: PartScope }> {
  const priceList = await reader.priceList(viewer);
  const plan = filters.search ? await planFor(reader.db, filters.search, await reader.synonyms(), await reader.vocabulary()) : undefined;
  const conditions = filterConditions(filters, await reader.categories(), plan);
  const ids = await readIdList(reader.db, and(...conditions), orderBy(filters, priceList, false, plan));
  return { ids, scope: { priceList, conditions } };
}

/**
 * The public parts of the categories `categoryIds` and their descendants (`'all'`: every public
 * part) at the viewer's price list. Unknown or hidden categories select nothing.
 */
export async function categoryScope(reader: CatalogueReader, viewer: Viewer, categoryIds: 'all' | number[]): Promise<PartScope> {
  const priceList = await reader.priceList(viewer);
  const loaded = await reader.categories();
  const conditions = publicConditions(loaded.hidden);
  if (categoryIds !== 'all') {
    const ids = visibleSubtreeIds(loaded, categoryIds);
    conditions.push(ids.length ? inArray(parts.categoryId, ids) : sql`false`);
  }
  return { priceList, conditions };
}

/**
 * The parts of `ids` still in `scope`, presented at its price list, in the order of `ids` (one
 * query; callers pass a batch of ids, not a whole catalogue).
 */
export async function readParts(reader: CatalogueReader, scope: PartScope, ids: readonly number[]): Promise<Part[]> {
  const rows = await reader.db
    .select(partColumns(scope.priceList))
    .from(parts)
    .where(and(inArray(parts.id, [...ids]), ...scope.conditions));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const presented: Part[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) presented.push(presentPart(row, reader.settings));
  }
  return presented;
}

/** Only the code and description of the parts of `ids` still in `scope`, in the order of `ids` (one query). */
export async function readPartLabels(
  db: Executor,
  scope: Pick<PartScope, 'conditions'>,
  ids: readonly number[],
): Promise<{ partNumber: string; description: string }[]> {
  const rows = await db
    .select({ id: parts.id, partNumber: parts.partNumber, description: parts.description })
    .from(parts)
    .where(and(inArray(parts.id, [...ids]), ...scope.conditions));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
