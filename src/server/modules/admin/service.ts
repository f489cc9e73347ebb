/**
 * Admin rules (docs/product.md §10): price list per profile, part fields owned by staff,
 * category visibility, related parts and carousel drafts. Every change bumps the catalogue version.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AdminPart } from '../../../shared/admin.ts';
import type { Collection } from '../../../shared/api.ts';
import type { Db, Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { carouselEntries, categories, parts, profiles, relatedParts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { bumpCatalogueVersion } from '../catalogue/version.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { orderBy, searchConditions } from '../catalogue/service.ts';

type PartRow = typeof parts.$inferSelect;

/** Whitelists a part row for admins: every price list, never the search internals. */
export function presentAdminPart(p: PartRow): AdminPart {
  return {
    id: p.id,
    partNumber: p.partNumber,
    description: p.description,
    brand: p.brand,
    categoryId: p.categoryId,
    categoryPath: p.categoryPath,
    price: p.price,
    priceLists: [
      p.priceList1,
      p.priceList2,
      p.priceList3,
      p.priceList4,
      p.priceList5,
      p.priceList6,
      p.priceList7,
      p.priceList8,
      p.priceList9,
      p.priceList10,
    ],
    discountPercentage: Number(p.discountPercentage),
    stockLevel: p.stockLevel,
    salesUnit: p.salesUnit,
    imageUrl: p.imageUrl,
    documentUrl: p.documentUrl,
    videoUrl: p.videoUrl,
    isActive: p.isActive,
  };
}

async function onePart(db: Executor, id: number): Promise<PartRow> {
  const [row] = await db.select().from(parts).where(eq(parts.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Producto no encontrado');
  return row;
}

/** The part's hand-edited fields plus `fields` (import target names), so the import keeps them (issue 21). */
function withHandEdits(part: PartRow, fields: string[]): string[] {
  return [...new Set([...part.handEditedFields, ...fields])];
}

/** Sets a part's sales unit (trimmed, non-empty; validated by the route schema), marked as edited by hand. */
export async function setSalesUnit(db: Db, actor: Actor, id: number, salesUnit: string): Promise<AdminPart> {
  return db.transaction(async (tx) => {
    const before = await onePart(tx, id);
    const [row] = await tx
      .update(parts)
      .set({ salesUnit, handEditedFields: withHandEdits(before, ['salesUnit']), updatedAt: sql`now()` })
      .where(eq(parts.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'part.sales_unit',
      entity: 'part',
      entityId: id,
      before: { salesUnit: before.salesUnit },
      after: { salesUnit },
    });
    await bumpCatalogueVersion(tx);
    return presentAdminPart(row as PartRow);
  });
}

/** Sets or clears (empty or null) a part's document and/or video URL, marked as edited by hand. */
export async function setMultimedia(
  db: Db,
  actor: Actor,
  id: number,
  body: { documentUrl?: string | null | undefined; videoUrl?: string | null | undefined },
): Promise<AdminPart> {
  return db.transaction(async (tx) => {
    const before = await onePart(tx, id);
    const set: Partial<typeof parts.$inferInsert> = {};
    if (body.documentUrl !== undefined) set.documentUrl = body.documentUrl || null;
    if (body.videoUrl !== undefined) set.videoUrl = body.videoUrl || null;
    set.handEditedFields = withHandEdits(before, Object.keys(set));
    const [row] = await tx
      .update(parts)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(parts.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'part.multimedia',
      entity: 'part',
      entityId: id,
      before: { documentUrl: before.documentUrl, videoUrl: before.videoUrl },
      after: { documentUrl: row?.documentUrl ?? null, videoUrl: row?.videoUrl ?? null },
    });
    await bumpCatalogueVersion(tx);
    return presentAdminPart(row as PartRow);
  });
}

/** The price list of each profile. */
export async function listProfiles(db: Executor) {
  return db.select({ profileType: profiles.profileType, priceList: profiles.priceList }).from(profiles).orderBy(asc(profiles.profileType));
}

/** Sets the price list (1–10) a profile sees; the catalogue follows on the next request. */
export async function setProfilePriceList(db: Db, actor: Actor, profileType: 'guest' | 'client' | 'distributor', priceList: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ priceList: profiles.priceList }).from(profiles).where(eq(profiles.profileType, profileType));
    const [row] = await tx
      .insert(profiles)
      .values({ profileType, priceList })
      .onConflictDoUpdate({ target: profiles.profileType, set: { priceList, updatedAt: sql`now()` } })
      .returning({ profileType: profiles.profileType, priceList: profiles.priceList });
    await recordAudit(tx, actor, {
      action: 'profile.price_list',
      entity: 'profile',
      entityId: profileType,
      before: before ?? null,
      after: { priceList },
    });
    await bumpCatalogueVersion(tx);
    return row as { profileType: 'guest' | 'client' | 'distributor'; priceList: number };
  });
}

/** Applies visibility changes to categories (the client sends every affected node). */
export async function setVisibility(db: Db, actor: Actor, updates: { categoryId: number; isVisible: boolean }[]): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(updates.map((u) => u.categoryId))];
    const existing = await tx
      .select({ id: categories.id, name: categories.name, isVisible: categories.isVisible })
      .from(categories)
      .where(inArray(categories.id, ids));
    if (existing.length !== ids.length) throw new AppError('NOT_FOUND', 'Alguna categoría no existe');
    const wanted = new Map(updates.map((u) => [u.categoryId, u.isVisible]));
    for (const c of existing) {
      if (c.isVisible === wanted.get(c.id)) continue;
      await recordAudit(tx, actor, {
        action: 'category.visibility',
        entity: 'category',
        entityId: c.id,
        before: { name: c.name, isVisible: c.isVisible },
        after: { name: c.name, isVisible: wanted.get(c.id) },
      });
    }
    for (const visible of [true, false]) {
      const chosen = updates.filter((u) => u.isVisible === visible).map((u) => u.categoryId);
      if (chosen.length) await tx.update(categories).set({ isVisible: visible }).where(inArray(categories.id, chosen));
    }
    await bumpCatalogueVersion(tx);
    return ids.length;
  });
}

/** Every category, flat, hidden ones included. */
export async function listAllCategories(db: Executor) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      level: categories.level,
      parentId: categories.parentId,
      isVisible: categories.isVisible,
    })
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.name));
}

/** Related parts of a part, as admins see them. */
export async function listRelations(db: Executor, id: number): Promise<AdminPart[]> {
  await onePart(db, id);
  const rows = await db
    .select({ part: parts })
    .from(relatedParts)
    .innerJoin(parts, eq(parts.id, relatedParts.relatedPartId))
    .where(eq(relatedParts.partId, id))
    .orderBy(asc(parts.partNumber));
  return rows.map((r) => presentAdminPart(r.part));
}

/**
 * Links `relatedId` as related to `id`.
 * @throws AppError VALIDATION for a self link, NOT_FOUND for unknown parts, CONFLICT when linked.
 */
export async function addRelation(db: Db, actor: Actor, id: number, relatedId: number): Promise<void> {
  if (id === relatedId) throw new AppError('VALIDATION', 'Un producto no puede relacionarse consigo mismo');
  await db.transaction(async (tx) => {
    await onePart(tx, id);
    await onePart(tx, relatedId);
    const inserted = await tx.insert(relatedParts).values({ partId: id, relatedPartId: relatedId }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw new AppError('CONFLICT', 'Los productos ya están relacionados');
    await recordAudit(tx, actor, {
      action: 'relation.add',
      entity: 'relation',
      entityId: id,
      before: null,
      after: { partId: id, relatedPartId: relatedId },
    });
    await bumpCatalogueVersion(tx);
  });
}

export async function removeRelation(db: Db, actor: Actor, id: number, relatedId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(relatedParts)
      .where(and(eq(relatedParts.partId, id), eq(relatedParts.relatedPartId, relatedId)))
      .returning();
    if (removed.length === 0) throw new AppError('NOT_FOUND', 'La relación no existe');
    await recordAudit(tx, actor, {
      action: 'relation.remove',
      entity: 'relation',
      entityId: id,
      before: { partId: id, relatedPartId: relatedId },
      after: null,
    });
    await bumpCatalogueVersion(tx);
  });
}

/** Candidates for a relation: search results (at least 2 characters), the main part excluded. */
export async function searchForRelation(db: Executor, query: string, excludeId?: number): Promise<AdminPart[]> {
  const conditions = [...searchConditions(query), eq(parts.isActive, true)];
  if (excludeId) conditions.push(ne(parts.id, excludeId));
  const rows = await db
    .select()
    .from(parts)
    .where(and(...conditions))
    .orderBy(...orderBy({ sortBy: 'partNumber', sortDir: 'asc', search: query }, 1))
    .limit(50);
  return rows.map(presentAdminPart);
}

/**
 * Edits the carousel draft (docs/product.md §10.2, `PUT /api/products/carousel/:partId`): add, remove or change
 * the discount (percent, on-sale only). The public sees nothing until {@link publishCarousels}.
 */
export async function updateCarouselDraft(
  db: Db,
  actor: Actor,
  partId: number,
  collection: Collection,
  action: 'add' | 'remove' | 'update-discount',
  discountPercentage: number | undefined,
): Promise<void> {
  if (collection !== 'on-sale' && action === 'update-discount') {
    throw new AppError('VALIDATION', 'Solo los productos rebajados tienen descuento');
  }
  await db.transaction(async (tx) => {
    await onePart(tx, partId);
    const key = and(eq(carouselEntries.stage, 'draft'), eq(carouselEntries.collection, collection), eq(carouselEntries.partId, partId));
    const [current] = await tx.select({ discountPercentage: carouselEntries.discountPercentage }).from(carouselEntries).where(key);
    const state = (entry: { discountPercentage: string } | undefined) =>
      entry ? { collection, partId, discountPercentage: Number(entry.discountPercentage) } : null;
    const audit = (after: { discountPercentage: string } | undefined) =>
      recordAudit(tx, actor, {
        action: `carousel.${action}`,
        entity: 'carousel',
        entityId: partId,
        before: state(current),
        after: state(after),
      });
    if (action === 'remove') {
      const removed = await tx.delete(carouselEntries).where(key).returning();
      if (removed.length === 0) throw new AppError('NOT_FOUND', 'El producto no está en ese carrusel');
      await audit(undefined);
      return;
    }
    const discount = collection === 'on-sale' ? String(discountPercentage ?? 0) : '0';
    if (action === 'add') {
      const [last] = await queryRows<{ max: number | null }>(
        tx,
        sql`select max(position) as max from carousel_entries where stage = 'draft' and collection = ${collection}`,
      );
      const inserted = await tx
        .insert(carouselEntries)
        .values({ stage: 'draft', collection, partId, discountPercentage: discount, position: Number(last?.max ?? -1) + 1 })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw new AppError('CONFLICT', 'El producto ya está en ese carrusel');
      await audit(inserted[0]);
      return;
    }
    if (discountPercentage === undefined) throw new AppError('VALIDATION', 'Indique el porcentaje de descuento');
    const updated = await tx.update(carouselEntries).set({ discountPercentage: discount }).where(key).returning();
    if (updated.length === 0) throw new AppError('NOT_FOUND', 'El producto no está en ese carrusel');
    await audit(updated[0]);
  });
}

/** The draft of every carousel, and whether it differs from the published one. */
export async function carouselDraft(db: Executor) {
  const rows = await db
    .select({
      collection: carouselEntries.collection,
      partId: parts.id,
      partNumber: parts.partNumber,
      description: parts.description,
      discountPercentage: carouselEntries.discountPercentage,
      position: carouselEntries.position,
      isActive: parts.isActive,
    })
    .from(carouselEntries)
    .innerJoin(parts, eq(parts.id, carouselEntries.partId))
    .where(eq(carouselEntries.stage, 'draft'))
    .orderBy(asc(carouselEntries.position), asc(carouselEntries.id));
  type Entry = Omit<(typeof rows)[number], 'collection' | 'discountPercentage'> & { discountPercentage: number };
  const draft: Record<Collection, Entry[]> = { featured: [], 'new-arrivals': [], 'on-sale': [] };
  for (const { collection, ...entry } of rows) {
    draft[collection].push({ ...entry, discountPercentage: Number(entry.discountPercentage) });
  }
  const [diff] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
      (select collection, part_id, discount_percentage from carousel_entries where stage = 'draft'
       except select collection, part_id, discount_percentage from carousel_entries where stage = 'published')
      union all
      (select collection, part_id, discount_percentage from carousel_entries where stage = 'published'
       except select collection, part_id, discount_percentage from carousel_entries where stage = 'draft')
    ) d`,
  );
  return { ...draft, hasUnpublishedChanges: Number(diff?.n ?? 0) > 0 };
}

/**
 * Publishes the carousel draft (docs/product.md §10.2, `POST /api/carousel/save`) in one transaction: the
 * published set becomes the draft, and parts' discounts follow the on-sale entries.
 */
export async function publishCarousels(db: Db, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const snapshot = async (stage: 'draft' | 'published') =>
      (
        await tx
          .select({
            collection: carouselEntries.collection,
            partId: carouselEntries.partId,
            discountPercentage: carouselEntries.discountPercentage,
          })
          .from(carouselEntries)
          .where(eq(carouselEntries.stage, stage))
          .orderBy(asc(carouselEntries.collection), asc(carouselEntries.position))
      ).map((e) => ({ ...e, discountPercentage: Number(e.discountPercentage) }));
    await recordAudit(tx, actor, {
      action: 'carousel.publish',
      entity: 'carousel',
      before: await snapshot('published'),
      after: await snapshot('draft'),
    });
    await tx.delete(carouselEntries).where(eq(carouselEntries.stage, 'published'));
    await tx.execute(sql`
      insert into carousel_entries (stage, collection, part_id, discount_percentage, position)
      select 'published', collection, part_id, discount_percentage, position from carousel_entries where stage = 'draft'`);
    await tx.execute(sql`update parts set discount_percentage = 0 where discount_percentage <> 0`);
    await tx.execute(sql`
      update parts set discount_percentage = ce.discount_percentage
      from carousel_entries ce
      where ce.part_id = parts.id and ce.stage = 'published' and ce.collection = 'on-sale' and ce.discount_percentage > 0`);
    await bumpCatalogueVersion(tx);
  });
}

/** Published on-sale parts with their discount and original list prices 1, 2 and 4. */
export async function discountedProducts(db: Executor) {
  const rows = await db
    .select({ entry: carouselEntries, part: parts })
    .from(carouselEntries)
    .innerJoin(parts, eq(parts.id, carouselEntries.partId))
    .where(and(eq(carouselEntries.stage, 'published'), eq(carouselEntries.collection, 'on-sale')))
    .orderBy(asc(carouselEntries.position));
  return rows.map(({ entry, part }) => ({
    partId: part.id,
    partNumber: part.partNumber,
    discountPercentage: Number(entry.discountPercentage),
    originalPriceList1: part.priceList1 ?? part.price,
    originalPriceList2: part.priceList2 ?? part.price,
    originalPriceList4: part.priceList4 ?? part.price,
  }));
}
