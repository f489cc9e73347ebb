/**
 * Catalogue reads (docs/product.md §12 "Catalogue"): the parts list with search, filters, sort and
 * pages; one part; the published carousels; related parts; the public category tree. Every price
 * is the viewer's own (DESIGN.md "Roles, prices"): one list per role, falling back to the base
 * price, never to another role's list.
 */
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { CategoryNode, Collection, Part, PartFilters, PartsQuery } from '../../../shared/api.ts';
import { parseImageList } from '../../../shared/media.ts';
import { applyDiscount, showsOriginalPrice } from '../../../shared/pricing.ts';
import { isInStock } from '../../../shared/stock.ts';
import { partNumberKey, searchTokens } from '../../../shared/text.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { carouselEntries, categories, parts, profiles, relatedParts } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

/** Who is looking: decided by the server from the session, never from the request. */
export interface Viewer {
  role: 'guest' | 'client' | 'distributor' | 'admin';
  userId?: number;
  username?: string;
}

export const GUEST: Viewer = { role: 'guest' };

/** Presentation settings the part presenter needs. */
export interface CatalogueSettings {
  /** Prepended to image names that do not start with http (DESIGN.md "image storage base"). */
  imageBaseUrl: string;
}

const DEFAULT_PRICE_LIST: Record<'guest' | 'client' | 'distributor', number> = { guest: 4, client: 1, distributor: 2 };

/**
 * The price list (1–10) of a viewer's role, from the `profiles` table. Admins browse the catalogue
 * at the client list.
 */
export async function priceListFor(db: Executor, viewer: Viewer): Promise<number> {
  const profileType = profileOf(viewer);
  const [row] = await db.select({ priceList: profiles.priceList }).from(profiles).where(eq(profiles.profileType, profileType));
  return row?.priceList ?? DEFAULT_PRICE_LIST[profileType];
}

/** The price list of each profile (guest, client, distributor), for the catalogue cache. */
export async function profilePriceLists(db: Executor): Promise<Record<'guest' | 'client' | 'distributor', number>> {
  const rows = await db.select({ profileType: profiles.profileType, priceList: profiles.priceList }).from(profiles);
  const lists = { ...DEFAULT_PRICE_LIST };
  for (const r of rows) lists[r.profileType] = r.priceList;
  return lists;
}

/** The profile whose price list a viewer sees (admins browse at the client list). */
export function profileOf(viewer: Viewer): 'guest' | 'client' | 'distributor' {
  return viewer.role === 'admin' ? 'client' : viewer.role;
}

const PRICE_LIST_COLUMNS = [
  parts.priceList1,
  parts.priceList2,
  parts.priceList3,
  parts.priceList4,
  parts.priceList5,
  parts.priceList6,
  parts.priceList7,
  parts.priceList8,
  parts.priceList9,
  parts.priceList10,
] as const;

/** SQL of the viewer's undiscounted price: the role's list, else the base price. */
function listPriceSql(priceList: number): SQL<string | null> {
  const column = PRICE_LIST_COLUMNS[priceList - 1] ?? parts.priceList1;
  return sql<string | null>`coalesce(${column}, ${parts.price})`;
}

/** The columns a public part response needs, with only the viewer's price. */
export function partColumns(priceList: number) {
  return {
    id: parts.id,
    partNumber: parts.partNumber,
    description: parts.description,
    brand: parts.brand,
    listPrice: listPriceSql(priceList),
    discountPercentage: parts.discountPercentage,
    stockLevel: parts.stockLevel,
    salesUnit: parts.salesUnit,
    imageUrl: parts.imageUrl,
    documentUrl: parts.documentUrl,
    videoUrl: parts.videoUrl,
    categoryId: parts.categoryId,
    categoryPath: parts.categoryPath,
    alternateCodes: parts.alternateCodes,
  };
}

export type PartRow = {
  id: number;
  partNumber: string;
  description: string;
  brand: string | null;
  listPrice: string | null;
  discountPercentage: string;
  stockLevel: string;
  salesUnit: string;
  imageUrl: string | null;
  documentUrl: string | null;
  videoUrl: string | null;
  categoryId: number | null;
  categoryPath: string[];
  alternateCodes: string[];
};

/** Whitelists a row into the public part shape (ARCHITECTURE.md habit 4). */
export function presentPart(row: PartRow, settings: CatalogueSettings): Part {
  const discount = Number(row.discountPercentage);
  const list = row.listPrice === null ? null : Number(row.listPrice).toFixed(2);
  const onSale = list !== null && showsOriginalPrice(discount);
  return {
    id: row.id,
    partNumber: row.partNumber,
    description: row.description,
    brand: row.brand,
    price: list === null ? null : onSale ? applyDiscount(list, discount) : list,
    ...(onSale && list !== null ? { originalPrice: list, discountPercentage: discount } : {}),
    isOnSale: onSale,
    stockLevel: row.stockLevel,
    inStock: isInStock(row.stockLevel),
    salesUnit: row.salesUnit || '1 unidad',
    imageUrl: row.imageUrl,
    images: parseImageList(row.imageUrl, settings.imageBaseUrl),
    documentUrl: row.documentUrl,
    videoUrl: row.videoUrl,
    categoryId: row.categoryId,
    categoryPath: row.categoryPath,
    alternateCodes: row.alternateCodes,
  };
}

export interface CategoryRow {
  id: number;
  name: string;
  level: number;
  parentId: number | null;
  pageNumber: number | null;
  isVisible: boolean;
}

/** Categories and the hidden set, as {@link loadCategories} answers. */
export type LoadedCategories = { all: CategoryRow[]; hidden: Set<number> };

/**
 * What a caller may already know (from the catalogue cache), saving the queries that find it out:
 * the viewer's price list, the categories, and a total counter for a filter.
 */
export interface Known {
  priceList?: number;
  categories?: LoadedCategories;
  countTotal?: (where: SQL | undefined) => Promise<number>;
  /** The filter's total if it is already known (counted before), without counting. */
  cachedTotal?: () => Promise<number | undefined>;
  /** Keeps the filter's total learnt while reading a page, for `cachedTotal` and `countTotal`. */
  rememberTotal?: (total: number) => void;
}

/** All categories with the ids hidden from the public (hidden ones and all their descendants). */
export async function loadCategories(db: Executor): Promise<LoadedCategories> {
  const all = await db
    .select({
      id: categories.id,
      name: categories.name,
      level: categories.level,
      parentId: categories.parentId,
      pageNumber: categories.pageNumber,
      isVisible: categories.isVisible,
    })
    .from(categories);
  const byId = new Map(all.map((c) => [c.id, c]));
  const hidden = new Set<number>();
  for (const c of all) {
    let node: CategoryRow | undefined = c;
    while (node) {
      if (!node.isVisible) {
        hidden.add(c.id);
        break;
      }
      node = node.parentId === null ? undefined : byId.get(node.parentId);
    }
  }
  return { all, hidden };
}

/** A category id and every descendant's id. */
export function descendantIds(all: CategoryRow[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const c of all) {
    if (c.parentId === null) continue;
    const list = children.get(c.parentId) ?? [];
    list.push(c.id);
    children.set(c.parentId, list);
  }
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) ids.push(...(children.get(ids[i] as number) ?? []));
  return ids;
}

/** Escapes LIKE wildcards in a search token. */
function likeEscape(token: string): string {
  return token.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Conditions shared by every public part read: active and not in a hidden category. */
export function publicConditions(hidden: Set<number>): SQL[] {
  const conditions: SQL[] = [eq(parts.isActive, true)];
  if (hidden.size) {
    conditions.push(
      sql`(${parts.categoryId} is null or ${parts.categoryId} not in (${sql.join(
        [...hidden].map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  }
  return conditions;
}

/**
 * WHERE conditions of a filtered list (shared with the exports): category with its descendants,
 * brand (case-insensitive), and search tokens that must all match the normalized search text
 * (DESIGN.md "search").
 */
export async function filterConditions(db: Executor, filters: PartFilters, categoriesKnown?: LoadedCategories): Promise<SQL[]> {
  const { all, hidden } = categoriesKnown ?? (await loadCategories(db));
  const conditions = publicConditions(hidden);
  if (filters.categoryId) {
    const ids = descendantIds(all, filters.categoryId).filter((id) => !hidden.has(id));
    conditions.push(ids.length ? inArray(parts.categoryId, ids) : sql`false`);
  }
  if (filters.brand) conditions.push(sql`lower(${parts.brand}) = lower(${filters.brand})`);
  conditions.push(...searchConditions(filters.search));
  return conditions;
}

/** One condition per search token; every token must match the folded search text. */
export function searchConditions(search: string | undefined): SQL[] {
  return searchTokens(search ?? '').map((token) => {
    const text = `%${likeEscape(token.text)}%`;
    return token.key && token.key !== token.text
      ? sql`(${parts.searchText} like ${text} or ${parts.searchText} like ${`%${token.key}%`})`
      : sql`${parts.searchText} like ${text}`;
  });
}

/** One key of a list's order: an expression, its direction and, when it can be NULL, where NULLs go. */
interface OrderKey {
  expr: SQL;
  ascending: boolean;
  nulls?: 'first' | 'last';
}

/**
 * The keys of a list's order: when searching, exact part-number matches first (and, for code-like
 * queries, part numbers that start with it), then the chosen sort, then the id.
 */
function orderKeys(filters: PartFilters, priceList: number): OrderKey[] {
  const ascending = filters.sortDir !== 'desc';
  const keys: OrderKey[] = [];
  const key = partNumberKey(filters.search ?? '');
  if (key && /\d/.test(key) && key.length >= 3) {
    keys.push({
      expr: sql`case when ${parts.partNumberKey} = ${key} then 0 when ${parts.partNumberKey} like ${`${likeEscape(key)}%`} then 1 else 2 end`,
      ascending: true,
    });
  } else if (key) {
    keys.push({ expr: sql`case when ${parts.partNumberKey} = ${key} then 0 else 1 end`, ascending: true });
  }
  switch (filters.sortBy) {
    case 'description':
      keys.push({ expr: sql`${parts.descriptionSortKey} collate "C"`, ascending });
      break;
    case 'price':
      // Parts without a price come last in both directions.
      keys.push({ expr: listPriceSql(priceList), ascending, nulls: 'last' });
      break;
    default:
      keys.push({ expr: sql`${parts.partNumber} collate "C"`, ascending });
  }
  keys.push({ expr: sql`${parts.id}`, ascending });
  return keys;
}

/**
 * ORDER BY terms of `keys`; `column(i)` replaces the i-th expression (a column of a derived table).
 * @param reverse the exact opposite order (every key flipped, NULLs included).
 */
function renderOrder(keys: OrderKey[], reverse: boolean, column?: (index: number) => SQL): SQL[] {
  return keys.map((k, i) => {
    const dir = sql.raw(k.ascending !== reverse ? 'asc' : 'desc');
    const nulls = k.nulls ? sql.raw(` nulls ${(k.nulls === 'last') !== reverse ? 'last' : 'first'}`) : sql.raw('');
    return sql`${column ? column(i) : k.expr} ${dir}${nulls}`;
  });
}

/**
 * ORDER BY of a list (see {@link orderKeys}).
 * @param reverse the exact opposite order (every key flipped, NULLs included): how the deep half
 *   of a list is read from its end (see {@link listParts}).
 */
export function orderBy(filters: PartFilters, priceList: number, reverse = false): SQL[] {
  return renderOrder(orderKeys(filters, priceList), reverse);
}

/** Offset (rows) from which a page waits for the total to decide whether to read from the end. */
const DEEP_OFFSET = 5000;

/**
 * Largest known total of a search that is still read as one set by {@link searchPage}; a broader
 * search reads its page along the list's sort index instead (its matches are dense there, so 60 of
 * them come quickly) and takes its total from the count cache.
 */
const SEARCH_SET_MAX = 5000;

const dialect = new PgDialect();
const partFieldsCache = new Map<number, SQL>();

/**
 * {@link partColumns} as a select list (`"parts"."id" as "id", …`), rendered once per price list:
 * drizzle walks every chunk of a query each time it is built, and this list is most of the chunks
 * of a search.
 */
function partFieldsSql(priceList: number): SQL {
  let fields = partFieldsCache.get(priceList);
  if (!fields) {
    const query = dialect.sqlToQuery(
      sql.join(
        Object.entries(partColumns(priceList)).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
        sql`, `,
      ),
    );
    if (query.params.length) throw new Error('partColumns must not take parameters');
    fields = sql.raw(query.sql);
    partFieldsCache.set(priceList, fields);
  }
  return fields;
}

/**
 * One page of a search and its total in one statement (`GET /api/parts`, docs/product.md §12). The matching
 * parts' ids and sort keys are read once, as a set (a bitmap scan of the trigram index whatever the
 * order), and both the count and the page come from that set. Asked separately, the page's ORDER
 * BY … LIMIT tempted the planner into walking the whole sort index and testing every part when the
 * search matched few (one such query took 136 ms instead of 2), and the count read the matches a
 * second time.
 * @param limit page size (rows); `offset` rows skipped.
 * @returns the page's rows in the list's order and the total, or `total: undefined` when the page
 *   is empty (no match, or a page past the end: the caller counts).
 */
async function searchPage(
  db: Executor,
  where: SQL | undefined,
  keys: OrderKey[],
  priceList: number,
  limit: number,
  offset: number,
): Promise<{ rows: PartRow[]; total: number | undefined }> {
  const keyColumn = (table: string) => (i: number) => sql.raw(`${table}.k${i}`);
  const keyColumns = sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const fields = partFieldsSql(priceList);
  const rows = await queryRows<PartRow & { total: number }>(
    db,
    sql`with matches as materialized (select ${parts.id} as id, ${keyColumns} from ${parts} where ${where}),
      page as (select * from matches order by ${sql.join(renderOrder(keys, false, keyColumn('matches')), sql`, `)} limit ${limit} offset ${offset})
      select ${fields}, (select count(*)::int from matches) as total
      from page join ${parts} on ${parts.id} = page.id
      order by ${sql.join(renderOrder(keys, false, keyColumn('page')), sql`, `)}`,
  );
  return { rows, total: rows.length ? Number(rows[0]?.total) : undefined };
}

/** Number of parts matching a WHERE built by {@link filterConditions}. */
export async function countParts(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(parts).where(where);
  return Number(row?.total ?? 0);
}

/**
 * One page of parts and the total that matches (`GET /api/parts`, docs/product.md §12). Pages at an offset of
 * {@link DEEP_OFFSET} rows or more past the middle of the list are read from its end in the
 * reversed order, so every page costs about what the first does.
 * @returns `{ parts, total, page, limit }`; parts carry only the viewer's price.
 */
export async function listParts(
  db: Executor,
  viewer: Viewer,
  query: PartsQuery,
  settings: CatalogueSettings,
  known: Known = {},
): Promise<{ parts: Part[]; total: number; page: number; limit: number }> {
  const priceList = known.priceList ?? (await priceListFor(db, viewer));
  const conditions = await filterConditions(db, query, known.categories);
  const where = and(...conditions);
  const countTotal = known.countTotal ?? ((w: SQL | undefined) => countParts(db, w));
  const offset = (query.page - 1) * query.limit;
  if (query.search && searchTokens(query.search).length > 0) {
    // A search whose total is unknown, or known to be small, is read as one set (see searchPage).
    const cached = await known.cachedTotal?.();
    if (cached === undefined || cached <= SEARCH_SET_MAX) {
      const found = await searchPage(db, where, orderKeys(query, priceList), priceList, query.limit, offset);
      // An empty first page means no match at all; past the end, the total is counted.
      const learnt = found.total ?? (offset === 0 ? 0 : undefined);
      if (learnt !== undefined && cached === undefined) known.rememberTotal?.(learnt);
      return {
        parts: found.rows.map((r) => presentPart(r, settings)),
        total: learnt ?? cached ?? (await countTotal(where)),
        page: query.page,
        limit: query.limit,
      };
    }
  }
  const order = orderBy(query, priceList);
  // Deep pages are read from the end of the list: with the total known (counted once per filter
  // and cached), a page past the middle is the same rows as a shallow page of the reversed order,
  // so the last page costs what the first does instead of walking the whole list.
  const total = offset >= DEEP_OFFSET ? await countTotal(where) : undefined;
  const fromEnd = total !== undefined && offset > total / 2;
  const inner = fromEnd
    ? {
        order: orderBy(query, priceList, true),
        limit: Math.max(0, Math.min(query.limit, total - offset)),
        offset: Math.max(0, total - offset - query.limit),
      }
    : { order, limit: query.limit, offset };
  // Deferred join: the page's ids first (for the default and description orders an index-only scan
  // of parts_*_sort_idx), then the full rows of those ids only. The outer ORDER BY puts the rows in
  // the list's order (a join keeps none, and a page read from the end comes reversed).
  const page = db
    .select({ id: parts.id })
    .from(parts)
    .where(where)
    .orderBy(...inner.order)
    .limit(inner.limit)
    .offset(inner.offset)
    .as('page');
  const [rows, counted] = await Promise.all([
    db
      .select(partColumns(priceList))
      .from(parts)
      .innerJoin(page, eq(parts.id, page.id))
      .orderBy(...order),
    total ?? countTotal(where),
  ]);
  return {
    parts: rows.map((r) => presentPart(r, settings)),
    total: counted,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * One active, visible part.
 * @throws AppError NOT_FOUND "Producto no encontrado".
 */
export async function getPart(db: Executor, viewer: Viewer, id: number, settings: CatalogueSettings, known: Known = {}): Promise<Part> {
  const priceList = known.priceList ?? (await priceListFor(db, viewer));
  const { hidden } = known.categories ?? (await loadCategories(db));
  const [row] = await db
    .select(partColumns(priceList))
    .from(parts)
    .where(and(eq(parts.id, id), ...publicConditions(hidden)));
  if (!row) throw notFound('Producto no encontrado');
  return presentPart(row, settings);
}

/** The published parts of a home carousel, in their order (docs/product.md §5.3). */
export async function listCollection(
  db: Executor,
  viewer: Viewer,
  collection: Collection,
  settings: CatalogueSettings,
  known: Known = {},
): Promise<Part[]> {
  const priceList = known.priceList ?? (await priceListFor(db, viewer));
  const { hidden } = known.categories ?? (await loadCategories(db));
  const rows = await db
    .select(partColumns(priceList))
    .from(carouselEntries)
    .innerJoin(parts, eq(parts.id, carouselEntries.partId))
    .where(and(eq(carouselEntries.stage, 'published'), eq(carouselEntries.collection, collection), ...publicConditions(hidden)))
    .orderBy(asc(carouselEntries.position), asc(carouselEntries.id))
    .limit(200);
  return rows.map((r) => presentPart(r, settings));
}

/**
 * Related parts of a part shown in its detail dialog.
 * @throws AppError NOT_FOUND when the part itself is not public.
 */
export async function listRelated(
  db: Executor,
  viewer: Viewer,
  id: number,
  settings: CatalogueSettings,
  known: Known = {},
): Promise<Part[]> {
  await getPart(db, GUEST, id, settings, { ...known, priceList: known.priceList ?? 4 });
  const priceList = known.priceList ?? (await priceListFor(db, viewer));
  const { hidden } = known.categories ?? (await loadCategories(db));
  const rows = await db
    .select(partColumns(priceList))
    .from(relatedParts)
    .innerJoin(parts, eq(parts.id, relatedParts.relatedPartId))
    .where(and(eq(relatedParts.partId, id), ...publicConditions(hidden)))
    .orderBy(asc(parts.partNumber))
    .limit(100);
  return rows.map((r) => presentPart(r, settings));
}

/**
 * The visible category tree with the number of active parts of each category and its descendants
 * (spec 3 "Category"), children sorted by name in Spanish order.
 */
export async function categoryTree(
  db: Executor,
  options: { includeHidden?: boolean; categories?: LoadedCategories } = {},
): Promise<CategoryNode[]> {
  const { all, hidden } = options.categories ?? (await loadCategories(db));
  const counts = await db
    .select({ categoryId: parts.categoryId, count: sql<number>`count(*)::int` })
    .from(parts)
    .where(eq(parts.isActive, true))
    .groupBy(parts.categoryId);
  const own = new Map(counts.map((c) => [c.categoryId, Number(c.count)]));
  const nodes = new Map<number, CategoryNode>();
  for (const c of all) {
    if (!options.includeHidden && hidden.has(c.id)) continue;
    nodes.set(c.id, { ...c, partCount: own.get(c.id) ?? 0, children: [] });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === null) roots.push(node);
  }
  const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
  const finish = (list: CategoryNode[]): number => {
    list.sort((a, b) => collator.compare(a.name, b.name));
    let sum = 0;
    for (const n of list) {
      n.partCount += finish(n.children);
      sum += n.partCount;
    }
    return sum;
  };
  finish(roots);
  return roots;
}

/** Distinct brands of public parts with their counts, for the brand filter. */
export async function listBrands(db: Executor, categories?: LoadedCategories): Promise<{ brand: string; count: number }[]> {
  const { hidden } = categories ?? (await loadCategories(db));
  const rows = await db
    .select({ brand: parts.brand, count: sql<number>`count(*)::int` })
    .from(parts)
    .where(and(sql`${parts.brand} is not null`, ...publicConditions(hidden)))
    .groupBy(parts.brand)
    .orderBy(asc(parts.brand));
  return rows.map((r) => ({ brand: r.brand as string, count: Number(r.count) }));
}
