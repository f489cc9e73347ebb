/**
 * The panel's parts list (issue 21 item 4; docs/product.md §10.2 "Repuestos"): the conditions of its
 * filters, shared by the list, its spreadsheet and the bulk price change, and the filtered parts
 * read in batches for the spreadsheet.
 */
import { type SQL, and, asc, count, sql } from 'drizzle-orm';
import type { AdminListPart } from '../../../shared/admin.ts';
import type { Collection } from '../../../shared/api.ts';
import type { PartListFilters } from '../../../shared/admin-parts-list.ts';
import type { Executor } from '../../db/client.ts';
import { carouselEntries, categories, parts } from '../../db/schema.ts';
import { priceListColumn } from '../catalogue/queries.ts';
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
 */
export function partListConditions(filters: Partial<PartListFilters>): SQL[] {
  const conditions = searchConditions(filters.search);
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
 */
export async function listAdminParts(
  db: Executor,
  query: Partial<PartListFilters> & { page: number; limit: number; excludeCollection?: Collection | undefined },
): Promise<{ parts: AdminListPart[]; total: number; page: number; limit: number }> {
  const conditions = partListConditions(query);
  if (query.excludeCollection) {
    conditions.push(
      sql`not exists (select 1 from ${carouselEntries} ce where ce.part_id = ${parts.id} and ce.stage = 'draft' and ce.collection = ${query.excludeCollection})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(parts)
      .where(where)
      .orderBy(...orderBy({ sortBy: 'partNumber', sortDir: 'asc', search: query.search }, 1))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(parts).where(where),
  ]);
  return { parts: rows.map(presentListPart), total: Number(total?.n ?? 0), page: query.page, limit: query.limit };
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
