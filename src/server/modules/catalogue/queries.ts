/**
 * The catalogue's SQL (docs/product.md §12 "Catalogue"): the viewer's price list and price column, the
 * conditions of a public and of a filtered list, a list's order, and the page and count reads.
 * Every price is the viewer's own (docs/product.md §3.2): one list per role, falling back to
 * the base price, never to another role's list. The paging strategy that chooses between these
 * reads lives in service.ts (`listParts`).
 */
import { createHash } from 'node:crypto';
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PartFilters } from '../../../shared/api.ts';
import { partNumberKey } from '../../../shared/text.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { renderSql } from '../../db/render.ts';
import { parts, profiles } from '../../db/schema.ts';
import type { Viewer } from '../auth/viewer.ts';
import { type SearchPlan, planConditions, relevanceClass, searchPlan } from '../search/service.ts';
import { type LoadedCategories, descendantIds } from './categories.ts';
import type { PartRow } from './presenter.ts';

/** A profile whose price list the catalogue shows. */
export type Profile = 'guest' | 'client' | 'distributor';

const DEFAULT_PRICE_LIST: Record<Profile, number> = { guest: 4, client: 1, distributor: 2 };

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
export async function profilePriceLists(db: Executor): Promise<Record<Profile, number>> {
  const rows = await db.select({ profileType: profiles.profileType, priceList: profiles.priceList }).from(profiles);
  const lists = { ...DEFAULT_PRICE_LIST };
  for (const r of rows) lists[r.profileType] = r.priceList;
  return lists;
}

/** The profile whose price list a viewer sees (admins browse at the client list). */
export function profileOf(viewer: Viewer): Profile {
  return viewer.role === 'admin' ? 'client' : viewer.role;
}

/** The ten price list columns, list 1 first (docs/product.md §3.2). */
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

/**
 * The column of price list `list`.
 * @param list 1–10 (the request schemas keep it in range).
 * @throws RangeError when `list` is outside 1–10.
 */
export function priceListColumn(list: number) {
  const column = PRICE_LIST_COLUMNS[list - 1];
  if (!column) throw new RangeError(`price list ${list} out of 1–10`);
  return column;
}

/** SQL of the viewer's undiscounted price: the role's list, else the base price. */
function listPriceSql(priceList: number): SQL<string | null> {
  const column = PRICE_LIST_COLUMNS[priceList - 1] ?? parts.priceList1;
  return sql<string | null>`coalesce(${column}, ${parts.price})`;
}

/** The columns a public part response needs ({@link PartRow}), with only the viewer's price. */
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
    notes: parts.notes,
    applications: parts.applications,
  };
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

/** Most prepared part reads kept per database handle (price lists × hidden-category sets). */
const PREPARED_PART_READS = 32;

type PartsByIdQuery = { execute: (values: { ids: number[] }) => Promise<PartRow[]> };
const partsByIdQueries = new WeakMap<Executor, Map<string, PartsByIdQuery>>();

/** The key of one price list and hidden-category set: sorted, so one set is one key whatever its order. */
function partReadKey(priceList: number, hidden: Set<number>): { key: string; hiddenIds: number[] } {
  const hiddenIds = [...hidden].sort((a, b) => a - b);
  return { key: `${priceList}|${hiddenIds.join(',')}`, hiddenIds };
}

/**
 * The read of public parts by id at `priceList` (`GET /api/parts/:id`, the most frequent read no
 * response cache answers on a big catalogue), as a prepared statement: its SQL is built once per
 * price list and set of hidden categories, and PostgreSQL parses and plans it once per connection
 * (issue 23: part-by-id). Execute with `{ ids }`; the result holds a row per id that is active,
 * visible and present, in no particular order. Most callers want {@link readPublicPart}.
 */
export function partsByIdQuery(db: Executor, priceList: number, hidden: Set<number>): PartsByIdQuery {
  let queries = partsByIdQueries.get(db);
  if (!queries) {
    queries = new Map();
    partsByIdQueries.set(db, queries);
  }
  const { key, hiddenIds } = partReadKey(priceList, hidden);
  let query = queries.get(key);
  if (!query) {
    if (queries.size >= PREPARED_PART_READS) queries.clear();
    const name = `parts_by_id_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
    query = db
      .select(partColumns(priceList))
      .from(parts)
      .where(and(sql`${parts.id} = any(${sql.placeholder('ids')}::int[])`, ...publicConditions(new Set(hiddenIds))))
      .prepare(name) as PartsByIdQuery;
    queries.set(key, query);
  }
  return query;
}

/** Reads waiting for the next batch of one database handle, price list and hidden set: id → waiters. */
type PendingReads = Map<number, { resolve: (row: PartRow | undefined) => void; reject: (error: unknown) => void }[]>;

/** The batches of one database handle, price list and hidden set: the reads waiting, and whether a statement is out. */
interface PartReadBatches {
  pending: PendingReads | undefined;
  reading: boolean;
}
const partReadBatches = new WeakMap<Executor, Map<string, PartReadBatches>>();

/**
 * One public part by id (undefined when inactive, hidden or missing), read in a batch: the reads
 * asked for in one turn of the event loop (requests that arrived together) go to the database as
 * one statement of {@link partsByIdQuery}, so ten concurrent part pages cost one round trip, not
 * ten (issue 23: part-by-id, docs/performance.md "The part read by id"). While a batch's statement
 * is out, the reads asked meanwhile wait for it and go together as the next one: under load a
 * statement carries every read that arrived during the previous round trip, instead of a
 * statement per turn. A read alone waits only for the end of the current turn. A failed statement
 * rejects every read of its batch.
 */
export function readPublicPart(db: Executor, priceList: number, hidden: Set<number>, id: number): Promise<PartRow | undefined> {
  let byKey = partReadBatches.get(db);
  if (!byKey) {
    byKey = new Map();
    partReadBatches.set(db, byKey);
  }
  const { key } = partReadKey(priceList, hidden);
  let batches = byKey.get(key);
  if (!batches) {
    batches = { pending: undefined, reading: false };
    byKey.set(key, batches);
  }
  let reads = batches.pending;
  if (!reads) {
    reads = new Map();
    batches.pending = reads;
    if (!batches.reading) sendNextBatch(db, byKey, key, priceList, hidden);
  }
  const waiting = reads;
  return new Promise((resolve, reject) => {
    const waiters = waiting.get(id);
    if (waiters) waiters.push({ resolve, reject });
    else waiting.set(id, [{ resolve, reject }]);
  });
}

/**
 * Sends the pending reads of `key` ({@link readPublicPart}) as one statement at the end of this
 * turn of the event loop; when it is answered, the reads that arrived meanwhile go the same way.
 */
function sendNextBatch(db: Executor, byKey: Map<string, PartReadBatches>, key: string, priceList: number, hidden: Set<number>): void {
  const batches = byKey.get(key);
  if (!batches) return;
  batches.reading = true;
  setImmediate(() => {
    const reads = batches.pending ?? new Map();
    batches.pending = undefined;
    // Through a promise: an error thrown while building the statement rejects the batch's reads
    // instead of escaping the timer callback.
    void Promise.resolve()
      .then(() => partsByIdQuery(db, priceList, hidden).execute({ ids: [...reads.keys()] }))
      .then(
        (rows) => {
          const byId = new Map(rows.map((r) => [r.id, r]));
          for (const [partId, waiters] of reads) for (const w of waiters) w.resolve(byId.get(partId));
        },
        (error: unknown) => {
          for (const waiters of reads.values()) for (const w of waiters) w.reject(error);
        },
      )
      .finally(() => {
        batches.reading = false;
        if (batches.pending) sendNextBatch(db, byKey, key, priceList, hidden);
        else byKey.delete(key);
      });
  });
}

/**
 * WHERE conditions of a filtered public list: category with its descendants, brand
 * (case-insensitive), and the search's terms, which must all match (docs/product.md §6, issue 18).
 * @param plan the search's plan (search/service.ts `planFor`); without one, the query's plan
 *   without synonyms, vocabulary or corrections.
 */
export function filterConditions(filters: PartFilters, { all, hidden }: LoadedCategories, plan?: SearchPlan): SQL[] {
  const conditions = publicConditions(hidden);
  if (filters.categoryId) {
    const ids = descendantIds(all, filters.categoryId).filter((id) => !hidden.has(id));
    conditions.push(ids.length ? inArray(parts.categoryId, ids) : sql`false`);
  }
  if (filters.brand) conditions.push(sql`lower(${parts.brand}) = lower(${filters.brand})`);
  conditions.push(...planConditions(plan ?? searchPlan(filters.search ?? '')));
  return conditions;
}

/** One condition per search term (search/plan.ts, without synonyms or vocabulary): the admin's part search. */
export function searchConditions(search: string | undefined): SQL[] {
  return planConditions(searchPlan(search ?? ''));
}

/** One key of a list's order: an expression, its direction and, when it can be NULL, where NULLs go. */
export interface OrderKey {
  expr: SQL;
  ascending: boolean;
  nulls?: 'first' | 'last';
}

/**
 * The keys of a list's order. "Relevancia" while searching: the relevance class (search/plan.ts
 * `relevanceClass`: exact code, alternate code, code prefix, whole words, other matches, corrected
 * words; within a class, more terms matched as whole words first), then shorter descriptions, then
 * the part number. Another sort while searching: exact
 * part-number matches first (and, for code-like queries, part numbers that start with it), then
 * the chosen sort. Always the id last. "Relevancia" without a search is the part-number order.
 * @param plan the search's plan (see {@link filterConditions}).
 */
export function orderKeys(filters: PartFilters, priceList: number, plan?: SearchPlan): OrderKey[] {
  const ascending = filters.sortDir !== 'desc';
  const keys: OrderKey[] = [];
  const key = partNumberKey(filters.search ?? '');
  if (filters.sortBy === 'relevance' && key) {
    const searching = plan ?? searchPlan(filters.search ?? '');
    keys.push({ expr: relevanceClass(searching), ascending: true });
    keys.push({ expr: sql`length(${parts.description})`, ascending: true });
    keys.push({ expr: sql`${parts.partNumber} collate "C"`, ascending: true });
    keys.push({ expr: sql`${parts.id}`, ascending: true });
    return keys;
  }
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
 *   of a list is read from its end (service.ts `listParts`).
 */
export function orderBy(filters: PartFilters, priceList: number, reverse = false, plan?: SearchPlan): SQL[] {
  return renderOrder(orderKeys(filters, priceList, plan), reverse);
}

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

/** The i-th sort key's column of the derived table `table` ({@link matchedPage}). */
const keyColumn = (table: string) => (i: number) => sql.raw(`${table}.k${i}`);

/**
 * The matches of `where` read once, as a set, with their sort keys (`matches`), and the page of
 * them in the order of `keys` (`page`): the `with` clause of {@link searchStatement} and {@link
 * matchedPageStatement}; a select over `page` follows, `k0`, `k1`… naming the keys.
 */
function matchedPage(where: SQL | undefined, keys: OrderKey[], limit: number, offset: number): SQL {
  const keyColumns = sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  return sql`with matches as materialized (select ${parts.id} as id, ${keyColumns} from ${parts} where ${where}),
      page as (select * from matches order by ${sql.join(renderOrder(keys, false, keyColumn('matches')), sql`, `)} limit ${limit} offset ${offset})`;
}

/**
 * One page of a search and its total as one statement (`GET /api/parts`, docs/product.md §12),
 * run by {@link searchPage}. The matching parts' ids and sort keys are read once, as a set (a
 * bitmap scan of the trigram index whatever the order), and both the count and the page come from
 * that set. Asked separately, the page's ORDER BY … LIMIT tempted the planner into walking the
 * whole sort index and testing every part when the search matched few (one such query took 136 ms
 * instead of 2), and the count read the matches a second time.
 * @param limit page size (rows); `offset` rows skipped.
 */
export function searchStatement(where: SQL | undefined, keys: OrderKey[], priceList: number, limit: number, offset: number): SQL {
  return sql`${matchedPage(where, keys, limit, offset)}
      select ${partFieldsSql(priceList)}, (select count(*)::int from matches) as total
      from page join ${parts} on ${parts.id} = page.id
      order by ${sql.join(renderOrder(keys, false, keyColumn('page')), sql`, `)}`;
}

/**
 * The ids of one page of matches and their total, as {@link searchStatement} reads them (the
 * matches once, both from that set), for a caller that reads the page's rows itself: the panel's
 * part search (admin/parts-list.ts). Rows: `{ id, total }` in the order of `keys`; none when the
 * page is empty (no match, or a page past the end: the caller counts).
 * @param limit page size (rows); `offset` rows skipped.
 */
export function matchedPageStatement(where: SQL | undefined, keys: OrderKey[], limit: number, offset: number): SQL {
  return sql`${matchedPage(where, keys, limit, offset)}
      select page.id, (select count(*)::int from matches) as total from page
      order by ${sql.join(renderOrder(keys, false, keyColumn('page')), sql`, `)}`;
}

/** A search page read by {@link searchPage}: rows in the list's order, and the total (undefined when the page is empty). */
export interface SearchPage {
  rows: PartRow[];
  total: number | undefined;
}

/**
 * Runs a {@link searchStatement}.
 * @returns the page's rows in the list's order and the total, or `total: undefined` when the page
 *   is empty (no match, or a page past the end: the caller counts).
 */
export async function searchPage(db: Executor, statement: SQL): Promise<SearchPage> {
  const rows = await preparedRows<PartRow & { total: number }>(db, statement);
  return { rows, total: rows.length ? Number(rows[0]?.total) : undefined };
}

/** A name of `statement` that only the same text with the same values has (a SHA-256 of both), for keying a shared read. */
export function statementKey(statement: SQL): string {
  const query = renderSql(statement);
  return createHash('sha256').update(query.sql).update('\u0000').update(JSON.stringify(query.params)).digest('base64url');
}

/**
 * Matches a search box suggestion ranks at most: a prefix of two or three characters (`se`, `fil`)
 * matches a good part of the catalogue, and ranking every match would cost more than the
 * suggestions' 50 ms (docs/performance.md); past this many, the first found are ranked.
 */
const SUGGESTION_CANDIDATES = 1000;

/**
 * The first `limit` matches of a search in the order of `keys`, as code and description only (the
 * search box's suggestions: never a price). At most {@link SUGGESTION_CANDIDATES} matches, found in
 * the table's order, are ranked, plus the part whose part number is `codeKey` (an exact code
 * always comes first).
 */
export async function suggestionRows(
  db: Executor,
  where: SQL | undefined,
  keys: OrderKey[],
  limit: number,
  codeKey: string,
): Promise<{ id: number; partNumber: string; description: string }[]> {
  const keyColumns = sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const exactCode = codeKey ? sql` union select ${parts.id} from ${parts} where ${where} and ${parts.partNumberKey} = ${codeKey}` : sql``;
  return preparedRows(
    db,
    sql`with found as materialized (select ${parts.id} as id from ${parts} where ${where} limit ${SUGGESTION_CANDIDATES}),
      candidates as (select id from found${exactCode}),
      matches as materialized (select ${parts.id} as id, ${parts.partNumber} as "partNumber", ${parts.description} as description, ${keyColumns}
        from ${parts} join candidates on candidates.id = ${parts.id})
      select id, "partNumber", description from matches
      order by ${sql.join(
        renderOrder(keys, false, (i) => sql.raw(`matches.k${i}`)),
        sql`, `,
      )} limit ${limit}`,
  );
}

/**
 * One page of a list along its sort index, with a deferred join: the page's ids first (for the
 * default and description orders an index-only scan of parts_*_sort_idx), then the full rows of
 * those ids only. The outer ORDER BY puts the rows in the list's order (a join keeps none, and a
 * page read from the end comes reversed).
 * @param order the list's ORDER BY ({@link orderBy}); `pageOrder` the one the ids are read in
 *   (the same, or its reverse for a page read from the end); `limit` and `offset` in rows.
 */
export async function indexPage(
  db: Executor,
  where: SQL | undefined,
  priceList: number,
  order: SQL[],
  pageOrder: SQL[],
  limit: number,
  offset: number,
): Promise<PartRow[]> {
  // Written out rather than through drizzle's query builder, which built and rendered it for every
  // uncached page (a fifth of the server's time for one), and named once it recurs, so that each
  // connection plans it once (db/prepared.ts; docs/performance.md "Session 18").
  return preparedRows<PartRow>(
    db,
    sql`select ${partFieldsSql(priceList)} from ${parts}
      inner join (select ${parts.id} from ${parts}${where ? sql` where ${where}` : sql``} order by ${sql.join(pageOrder, sql`, `)} limit ${limit} offset ${offset}) as page
      on ${parts.id} = page.id
      order by ${sql.join(order, sql`, `)}`,
  );
}

/**
 * The ids of the parts matching `where`, in the order `order` ({@link orderBy}), read as one text
 * (`string_agg`) instead of a row each: node-postgres makes an object per row, and for a whole
 * catalogue (the spreadsheet export) those objects held ~128 MB at 1,000,000 parts against ~44 MB
 * this way (docs/performance.md "The export's id list").
 * @returns positive integer ids; empty when nothing matches.
 */
export async function readIdList(db: Executor, where: SQL | undefined, order: SQL[]): Promise<number[]> {
  const [row] = await queryRows<{ ids: string | null }>(
    db,
    sql`select string_agg(${parts.id}::text, ',' order by ${sql.join(order, sql`, `)}) as ids from ${parts} where ${where ?? sql`true`}`,
  );
  return parseIdList(row?.ids ?? null);
}

/**
 * `"12,7,300"` → `[12, 7, 300]`, digit by digit, so a million ids make no string each.
 * @param text ids written by PostgreSQL (`id::text`: digits only), comma-separated; null for none.
 */
export function parseIdList(text: string | null): number[] {
  const ids: number[] = [];
  if (!text) return ids;
  let id = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 44) {
      ids.push(id);
      id = 0;
    } else id = id * 10 + (code - 48);
  }
  ids.push(id);
  return ids;
}

/** Number of parts matching a WHERE built by {@link filterConditions}. */
export async function countParts(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(parts).where(where);
  return Number(row?.total ?? 0);
}
