/**
 * "Gestión de Carruseles" (docs/product.md §10.2): the draft of the three home carousels, edited
 * entry by entry (add, remove, discount, offer days) and reordered as a whole, then published in
 * one transaction. The public reads the published set only, and an on-sale offer only on its days
 * (catalogue/offers.ts). Every change is audited.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Collection } from '../../../shared/api.ts';
import { type CarouselBody, type CarouselEntryBody, discountProblem } from '../../../shared/carousels.ts';
import type { Db, Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { carouselEntries, parts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { applyOfferDays, argentineDay } from '../catalogue/service.ts';
import { bumpCatalogueVersion } from '../catalogue/version.ts';

type EntryRow = typeof carouselEntries.$inferSelect;

/** An entry as the audit log keeps it, with the part's code so the Historial can name it. */
function auditState(collection: Collection, partId: number, partNumber: string, entry: EntryRow | undefined) {
  return entry
    ? {
        collection,
        partId,
        partNumber,
        discountPercentage: Number(entry.discountPercentage),
        startsOn: entry.startsOn,
        endsOn: entry.endsOn,
      }
    : null;
}

/**
 * The code of part `partId`.
 * @throws AppError NOT_FOUND "Producto no encontrado".
 */
async function partNumberOf(db: Executor, partId: number): Promise<string> {
  const [row] = await db.select({ partNumber: parts.partNumber }).from(parts).where(eq(parts.id, partId));
  if (!row) throw new AppError('NOT_FOUND', 'Producto no encontrado');
  return row.partNumber;
}

/**
 * Edits one entry of the carousel draft (`PUT /api/products/carousel/:partId`): `add` (last place),
 * `remove`, `update-discount` (0 to less than 100 %, on-sale only) or `update-dates` (the offer's
 * first and last day, null to leave one open; on-sale only). The public sees nothing until
 * {@link publishCarousels}.
 * @throws AppError VALIDATION for a discount or days outside the on-sale carousel, a missing or
 *   100 % discount; NOT_FOUND for an unknown part or an entry not in that carousel; CONFLICT when
 *   adding a part already in it.
 */
export async function updateCarouselDraft(db: Db, actor: Actor, partId: number, body: CarouselBody): Promise<void> {
  const { category: collection, action } = body;
  if (collection !== 'on-sale' && action === 'update-discount') {
    throw new AppError('VALIDATION', 'Solo los productos rebajados tienen descuento');
  }
  if (collection !== 'on-sale' && (action === 'update-dates' || body.startsOn || body.endsOn)) {
    throw new AppError('VALIDATION', 'Solo las ofertas de Productos Rebajados tienen fechas');
  }
  if (body.discountPercentage !== undefined) {
    const problem = discountProblem(body.discountPercentage);
    if (problem) throw new AppError('VALIDATION', problem);
  }
  await db.transaction(async (tx) => {
    const partNumber = await partNumberOf(tx, partId);
    const key = and(eq(carouselEntries.stage, 'draft'), eq(carouselEntries.collection, collection), eq(carouselEntries.partId, partId));
    const [current] = await tx.select().from(carouselEntries).where(key);
    const audit = (after: EntryRow | undefined) =>
      recordAudit(tx, actor, {
        action: `carousel.${action}`,
        entity: 'carousel',
        entityId: partId,
        before: auditState(collection, partId, partNumber, current),
        after: auditState(collection, partId, partNumber, after),
      });
    const notInCarousel = () => new AppError('NOT_FOUND', 'El producto no está en ese carrusel');
    if (action === 'remove') {
      const [removed] = await tx.delete(carouselEntries).where(key).returning();
      if (!removed) throw notInCarousel();
      await audit(undefined);
      return;
    }
    if (action === 'add') {
      const [last] = await queryRows<{ max: number | null }>(
        tx,
        sql`select max(position) as max from carousel_entries where stage = 'draft' and collection = ${collection}`,
      );
      const [inserted] = await tx
        .insert(carouselEntries)
        .values({
          stage: 'draft',
          collection,
          partId,
          discountPercentage: collection === 'on-sale' ? String(body.discountPercentage ?? 0) : '0',
          position: Number(last?.max ?? -1) + 1,
          startsOn: body.startsOn ?? null,
          endsOn: body.endsOn ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) throw new AppError('CONFLICT', 'El producto ya está en ese carrusel');
      await audit(inserted);
      return;
    }
    if (!current) throw notInCarousel();
    let set: Partial<typeof carouselEntries.$inferInsert>;
    if (action === 'update-discount') {
      if (body.discountPercentage === undefined) throw new AppError('VALIDATION', 'Indique el porcentaje de descuento');
      set = { discountPercentage: String(body.discountPercentage) };
    } else {
      const startsOn = body.startsOn === undefined ? current.startsOn : body.startsOn;
      const endsOn = body.endsOn === undefined ? current.endsOn : body.endsOn;
      if (startsOn && endsOn && startsOn > endsOn) {
        throw new AppError('VALIDATION', 'La fecha de fin de la oferta no puede ser anterior a la de inicio.');
      }
      set = { startsOn, endsOn };
    }
    const [updated] = await tx.update(carouselEntries).set(set).where(key).returning();
    await audit(updated);
  });
}

/**
 * Puts the draft of `collection` in the order of `partIds` (`PUT /api/admin/carousels/:collection/order`).
 * @throws AppError VALIDATION unless `partIds` holds every part of that draft exactly once.
 */
export async function reorderCarousel(db: Db, actor: Actor, collection: Collection, partIds: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const entries = await tx
      .select({ id: carouselEntries.id, partId: carouselEntries.partId, partNumber: parts.partNumber })
      .from(carouselEntries)
      .innerJoin(parts, eq(parts.id, carouselEntries.partId))
      .where(and(eq(carouselEntries.stage, 'draft'), eq(carouselEntries.collection, collection)))
      .orderBy(asc(carouselEntries.position), asc(carouselEntries.id));
    const members = new Set(entries.map((e) => e.partId));
    const wanted = new Set(partIds);
    if (wanted.size !== partIds.length || wanted.size !== members.size || partIds.some((id) => !members.has(id))) {
      throw new AppError('VALIDATION', 'El orden no coincide con los productos del carrusel: actualice la página y vuelva a ordenarlos.');
    }
    const byPart = new Map(entries.map((e) => [e.partId, e.id]));
    const codeOf = new Map(entries.map((e) => [e.partId, e.partNumber]));
    await tx.execute(sql`
      update carousel_entries ce set position = o.position
      from (select * from unnest(${`{${partIds.map((id) => byPart.get(id)).join(',')}}`}::int[]) with ordinality as t(id, position)) o
      where ce.id = o.id`);
    await recordAudit(tx, actor, {
      action: 'carousel.reorder',
      entity: 'carousel',
      entityId: collection,
      before: { collection, partIds: entries.map((e) => e.partId), partNumbers: entries.map((e) => e.partNumber) },
      after: { collection, partIds: [...partIds], partNumbers: partIds.map((id) => codeOf.get(id) ?? String(id)) },
    });
  });
}

/** The draft of every carousel, whether it differs from the published one, and today in Argentina. */
export async function carouselDraft(db: Executor, now: Date = new Date()) {
  const rows = await db
    .select({
      collection: carouselEntries.collection,
      partId: parts.id,
      partNumber: parts.partNumber,
      description: parts.description,
      discountPercentage: carouselEntries.discountPercentage,
      position: carouselEntries.position,
      isActive: parts.isActive,
      startsOn: carouselEntries.startsOn,
      endsOn: carouselEntries.endsOn,
    })
    .from(carouselEntries)
    .innerJoin(parts, eq(parts.id, carouselEntries.partId))
    .where(eq(carouselEntries.stage, 'draft'))
    .orderBy(asc(carouselEntries.position), asc(carouselEntries.id));
  const draft: Record<Collection, CarouselEntryBody[]> = { featured: [], 'new-arrivals': [], 'on-sale': [] };
  for (const { collection, ...entry } of rows) {
    draft[collection].push({ ...entry, discountPercentage: Number(entry.discountPercentage) });
  }
  // Members, discounts, offer days and order (rank within the carousel) of each stage.
  const stage = (name: 'draft' | 'published') => sql`
    select collection, part_id, discount_percentage, starts_on, ends_on,
           row_number() over (partition by collection order by position, id) as rank
    from carousel_entries where stage = ${name}`;
  const [diff] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ((${stage('draft')} except ${stage('published')}) union all (${stage('published')} except ${stage('draft')})) d`,
  );
  return { ...draft, hasUnpublishedChanges: Number(diff?.n ?? 0) > 0, today: argentineDay(now) };
}

/**
 * Publishes the carousel draft (`POST /api/carousel/save`) in one transaction: the published set
 * becomes the draft, and parts carry the discounts of the on-sale offers live today.
 */
export async function publishCarousels(db: Db, actor: Actor, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const snapshot = async (stage: 'draft' | 'published') =>
      (
        await tx
          .select({
            collection: carouselEntries.collection,
            partId: carouselEntries.partId,
            partNumber: parts.partNumber,
            discountPercentage: carouselEntries.discountPercentage,
            startsOn: carouselEntries.startsOn,
            endsOn: carouselEntries.endsOn,
          })
          .from(carouselEntries)
          .innerJoin(parts, eq(parts.id, carouselEntries.partId))
          .where(eq(carouselEntries.stage, stage))
          .orderBy(asc(carouselEntries.collection), asc(carouselEntries.position), asc(carouselEntries.id))
      ).map((e) => ({ ...e, discountPercentage: Number(e.discountPercentage) }));
    await recordAudit(tx, actor, {
      action: 'carousel.publish',
      entity: 'carousel',
      before: await snapshot('published'),
      after: await snapshot('draft'),
    });
    await tx.delete(carouselEntries).where(eq(carouselEntries.stage, 'published'));
    await tx.execute(sql`
      insert into carousel_entries (stage, collection, part_id, discount_percentage, position, starts_on, ends_on)
      select 'published', collection, part_id, discount_percentage, position, starts_on, ends_on
      from carousel_entries where stage = 'draft' order by collection, position, id`);
    await applyOfferDays(tx, argentineDay(now));
    await bumpCatalogueVersion(tx);
  });
}

/** Published on-sale parts with their discount, original list prices 1, 2 and 4, and offer days. */
export async function discountedProducts(db: Executor) {
  const rows = await db
    .select({ entry: carouselEntries, part: parts })
    .from(carouselEntries)
    .innerJoin(parts, eq(parts.id, carouselEntries.partId))
    .where(and(eq(carouselEntries.stage, 'published'), eq(carouselEntries.collection, 'on-sale')))
    .orderBy(asc(carouselEntries.position), asc(carouselEntries.id));
  return rows.map(({ entry, part }) => ({
    partId: part.id,
    partNumber: part.partNumber,
    discountPercentage: Number(entry.discountPercentage),
    originalPriceList1: part.priceList1 ?? part.price,
    originalPriceList2: part.priceList2 ?? part.price,
    originalPriceList4: part.priceList4 ?? part.price,
    startsOn: entry.startsOn,
    endsOn: entry.endsOn,
  }));
}
