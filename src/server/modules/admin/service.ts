/**
 * Admin rules (docs/product.md §10): price list per profile, part fields owned by staff,
 * category visibility and related parts (carousels: carousels.ts). Every change bumps the catalogue version.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AdminPart } from '../../../shared/admin.ts';
import type { Db, Executor } from '../../db/client.ts';
import { categories, parts, profiles, relatedParts } from '../../db/schema.ts';
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
 * What the audit keeps of a relation: both parts' ids and codes, so that "Historial" names the
 * parts ("3151", "Repuesto relacionado: 3154") rather than ids (docs/product.md §10.2).
 */
function relationAudit(part: PartRow, related: PartRow) {
  return { partId: part.id, partNumber: part.partNumber, relatedPartId: related.id, relatedPartNumber: related.partNumber };
}

/**
 * Links `relatedId` as related to `id` (audited with both parts' codes).
 * @throws AppError VALIDATION for a self link, NOT_FOUND for unknown parts, CONFLICT when linked.
 */
export async function addRelation(db: Db, actor: Actor, id: number, relatedId: number): Promise<void> {
  if (id === relatedId) throw new AppError('VALIDATION', 'Un producto no puede relacionarse consigo mismo');
  await db.transaction(async (tx) => {
    const part = await onePart(tx, id);
    const related = await onePart(tx, relatedId);
    const inserted = await tx.insert(relatedParts).values({ partId: id, relatedPartId: relatedId }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw new AppError('CONFLICT', 'Los productos ya están relacionados');
    await recordAudit(tx, actor, {
      action: 'relation.add',
      entity: 'relation',
      entityId: id,
      before: null,
      after: relationAudit(part, related),
    });
    await bumpCatalogueVersion(tx);
  });
}

/**
 * Unlinks `relatedId` from `id` (audited with both parts' codes).
 * @throws AppError NOT_FOUND when they are not linked.
 */
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
      before: relationAudit(await onePart(tx, id), await onePart(tx, relatedId)),
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
