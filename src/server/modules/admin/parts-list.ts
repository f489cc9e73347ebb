/**
 * The panel's parts list (issue 21 item 4; docs/product.md §10.2 "Repuestos"): the conditions of its
 * filters, shared by the list, its spreadsheet and the bulk price change, and the filtered parts
 * read in batches for the spreadsheet.
 */
import { type SQL, and, asc, count, inArray, sql } from 'drizzle-orm';
import type { AdminListPart } from '../../../shared/admin.ts';
import type { Collection } from '../../../shared/api.ts';
import type { PartListFilters } from '../../../shared/admin-parts-list.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { carouselEntries, categories, parts } from '../../db/schema.ts';
import { type OrderKey, matchedPageStatement, orderKeys, priceListColumn } from '../catalogue/queries.ts';
import { orderBy, searchConditions } from '../catalogue/service.ts';
import { presentAdminPart } from './service.ts';

type PartRow = typeof parts.$inferSelect;

/** Condition: the part is in category `id` or one of its descendants (a recursive walk down the tree). */
export function inCategoryTree(id: number): SQL {
  return sql`${parts.categoryId} in (
    with recursive tree(id) as (
      select ${categories.id} from ${categories} where ${categories.id} = ${id}
      union all
      select c.id from ${categories} c join tree on c.parent_id = tree.id
    )
    select id from tree
  )`;
}

/** Condition: the part's brand is `brand`, ignoring case (as the catalogue's brand filter). */
export function hasBrand(brand: string): SQL {
  return sql`lower(${parts.brand}) = lower(${brand})`;
}

/**
 * WHERE conditions of the list's filters (all must hold): search terms, category with its
 * descendants, brand, active/inactive, without photo (no image), without a price in list
 * `priceList`, with any field edited by hand.
 * @param search the search terms' conditions when the caller already has them.
 */
export function partListConditions(filters: Partial<PartListFilters>, search = searchConditions(filters.search)): SQL[] {
  const conditions = [...search];
  if (filters.categoryId) conditions.push(inCategoryTree(filters.categoryId));
  if (filters.brand) conditions.push(hasBrand(filters.brand));
  if (filters.status) conditions.push(sql`${parts.isActive} = ${filters.status === 'active'}`);
  if (filters.withoutPhoto) conditions.push(sql`nullif(btrim(${parts.imageUrl}), '') is null`);
  if (filters.withoutPrice) conditions.push(sql`${priceListColumn(filters.priceList ?? 1)} is null`);
  if (filters.handEdited) conditions.push(sql`cardinality(${parts.handEditedFields}) > 0`);
  return conditions;
}

/** Whitelists a part row for the panel's lists: the admin part plus stock units and hand edits. */
export function presentListPart(p: PartRow): AdminListPart {
  return { ...presentAdminPart(p), stockQuantity: p.stockQuantity, handEditedFields: p.handEditedFields };
}

/**
 * One page of the panel's parts, inactive ones included (marked), by the list's filters
 * (`GET /api/admin/parts`); `excludeCollection` leaves out the parts of that carousel draft (its add
 * lists). Ordered by part number, exact code matches of a search first.
 *
 * With a search, the matches are read once for both the page and the total ({@link
 * searchedPage}); without one, the page's ids come from the part-number index and the total is
 * counted beside them, or taken from `knownTotals` (docs/performance.md "The panel's part search",
 * "The panel at a million parts, read by read"). The rows are then read by id.
 * @param knownTotals keeps a filter's total while the catalogue does not change (the route's
 *   catalogue cache, keyed by {@link totalKey}); called only for lists whose total the catalogue
 *   version follows, so not for a carousel's add list, whose draft entries it does not.
 */
export async function listAdminParts(
  db: Executor,
  query: Partial<PartListFilters> & { page: number; limit: number; excludeCollection?: Collection | undefined },
  knownTotals?: (key: string, count: () => Promise<number>) => Promise<number>,
): Promise<{ parts: AdminListPart[]; total: number; page: number; limit: number }> {
  const search = searchConditions(query.search);
  const conditions = partListConditions(query, search);
  if (query.excludeCollection) {
    conditions.push(
      sql`not exists (select 1 from ${carouselEntries} ce where ce.part_id = ${parts.id} and ce.stage = 'draft' and ce.collection = ${query.excludeCollection})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const order = { sortBy: 'partNumber', sortDir: 'asc', search: query.search } as const;
  const offset = (query.page - 1) * query.limit;
  const counted = async () => Number((await db.select({ n: count() }).from(parts).where(where))[0]?.n ?? 0);
  const total = () => (knownTotals && !query.excludeCollection ? knownTotals(totalKey(query), counted) : counted());
  if (search.length) {
    const { rows, total } = await searchedPage(db, where, orderKeys(order, 1), query.limit, offset);
    return { parts: rows.map(presentListPart), total: total ?? (offset === 0 ? 0 : await counted()), page: query.page, limit: query.limit };
  }
  // The page's ids first (an index-only scan of the part-number index when the filters allow),
  // then their rows: an OFFSET deep in the list skips index entries, not whole rows.
  const [page, listed] = await Promise.all([
    db
      .select({ id: parts.id })
      .from(parts)
      .where(where)
      .orderBy(...orderBy(order, 1))
      .limit(query.limit)
      .offset(offset),
    total(),
  ]);
  const rows = await partsInOrder(
    db,
    page.map((r) => r.id),
  );
  return { parts: rows.map(presentListPart), total: listed, page: query.page, limit: query.limit };
}

/**
 * The key of a list's total: the filters that decide which parts it holds (category, brand,
 * status, without photo, without a price in which list, hand-edited), not its page or search.
 */
function totalKey(filters: Partial<PartListFilters>): string {
  return JSON.stringify([
    filters.categoryId ?? 0,
    filters.brand ?? '',
    filters.status ?? '',
    Boolean(filters.withoutPhoto),
    filters.withoutPrice ? (filters.priceList ?? 1) : 0,
    Boolean(filters.handEdited),
  ]);
}

/**
 * A searched page of the panel's list: the ids of the page and the total from one statement
 * (catalogue/queries.ts `matchedPageStatement`: a search's matches read once, by the trigram
 * index), then the page's rows by id. Asked as a page and a count side by side, a broad word read
 * its matches twice: `filtro` in 100,000 parts 51 ms for the page and 32–40 ms for the count
 * against 37 ms for both, and at 1,000,000 parts about a second.
 * @returns the page's rows in the list's order, and the total (undefined when the page is empty:
 *   no match, or a page past the end).
 */
async function searchedPage(
  db: Executor,
  where: SQL | undefined,
  keys: OrderKey[],
  limit: number,
  offset: number,
): Promise<{ rows: PartRow[]; total: number | undefined }> {
  const page = await queryRows<{ id: number; total: number }>(db, matchedPageStatement(where, keys, limit, offset));
  if (!page.length) return { rows: [], total: undefined };
  return {
    rows: await partsInOrder(
      db,
      page.map((r) => Number(r.id)),
    ),
    total: Number(page[0]?.total),
  };
}

/**
 * The parts of `ids` in that order, read by primary key. A part edited after its id was read shows
 * its new values (parts are never deleted, so none is missing).
 */
async function partsInOrder(db: Executor, ids: number[]): Promise<PartRow[]> {
  if (!ids.length) return [];
  const byId = new Map((await db.select().from(parts).where(inArray(parts.id, ids))).map((p) => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Parts read per batch by {@link listPartBatches}. */
const BATCH_SIZE = 1000;

/**
 * Every part the filters select, by part number (then id), in batches of {@link BATCH_SIZE}: each
 * batch reads after the last key of the previous one, so the spreadsheet of a large list never
 * holds more than one batch.
 */
export async function* listPartBatches(db: Executor, filters: PartListFilters): AsyncGenerator<AdminListPart[]> {
  const conditions = partListConditions(filters);
  let after: { partNumber: string; id: number } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${parts.partNumber} collate "C", ${parts.id}) > (${after.partNumber} collate "C", ${after.id})`
      : undefined;
    const rows = await db
      .select()
      .from(parts)
      .where(and(...conditions, keyset))
      .orderBy(sql`${parts.partNumber} collate "C"`, asc(parts.id))
      .limit(BATCH_SIZE);
    if (rows.length === 0) return;
    yield rows.map(presentListPart);
    const last = rows[rows.length - 1] as PartRow;
    after = { partNumber: last.partNumber, id: last.id };
    if (rows.length < BATCH_SIZE) return;
  }
}
