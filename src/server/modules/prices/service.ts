/**
 * Bulk price changes (issue 21 item 3; docs/product.md §10.2 "Cambiar precios"): one price list of
 * the parts a filter selects, raised or lowered by a percentage or set from another list times a
 * factor, rounded to cents, whole pesos or tens. Every amount is computed in SQL `numeric` (never a
 * float). A preview computes exactly what applying would write; applying writes it in one
 * transaction, marks the list as edited by hand (the import keeps it, §11.4), keeps each old price
 * for the undo, audits the change and bumps the catalogue version.
 */
import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import { PRICE_LIST_FIELDS } from '../../../shared/admin-parts.ts';
import {
  type BulkFilter,
  type BulkPriceRequest,
  type BulkPriceResult,
  LARGE_SHARE_PERCENT,
  LARGE_STEP_PERCENT,
  type LastPriceChange,
  PREVIEW_ROWS,
  type Rounding,
  type UndoPriceChangeResult,
} from '../../../shared/price-changes.ts';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { categories, priceChanges } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { hasBrand, partListConditions } from '../admin/parts-list.ts';
import { priceListColumn } from '../catalogue/queries.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { bumpCatalogueVersion } from '../catalogue/version.ts';

/** Decimal places `round()` keeps per rounding: cents 2, whole pesos 0, tens −1 (PostgreSQL rounds half away from zero). */
const ROUNDING_SCALE: Record<Rounding, number> = { cents: 2, pesos: 0, tens: -1 };
const ROUNDING_WORDS: Record<Rounding, string> = { cents: 'centavos', pesos: 'pesos enteros', tens: 'decenas de pesos' };

/** New prices at or above this (ARS) do not fit the price columns (`numeric(12,2)`). */
const PRICE_LIMIT = '10000000000';

/** `8.5` → `8,5` (es-AR decimal comma). */
const decimal = (value: number) => String(value).replace('.', ',');

/** The category's path "A > B > C". @throws AppError VALIDATION when it does not exist. */
async function categoryLabel(db: Executor, id: number): Promise<string> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`with recursive up(id, parent_id, name, depth) as (
          select ${categories.id}, ${categories.parentId}, ${categories.name}, 0 from ${categories} where ${categories.id} = ${id}
          union all
          select c.id, c.parent_id, c.name, up.depth + 1 from ${categories} c join up on c.id = up.parent_id where up.depth < 5
        )
        select name from up order by depth desc`,
  );
  if (rows.length === 0) throw new AppError('VALIDATION', 'La categoría elegida no existe');
  return rows.map((r) => r.name).join(' > ');
}

/** The filter in words, for the audit and the undo offer: "Marca BOSCH · Búsqueda «filtro»" or "Todos los repuestos". */
async function describeFilter(db: Executor, filter: BulkFilter): Promise<string> {
  if (filter.all) return 'Todos los repuestos';
  const parts: string[] = [];
  if (filter.categoryId) parts.push(`Categoría ${await categoryLabel(db, filter.categoryId)}`);
  if (filter.brand) {
    // The brand as the catalogue spells it ("Bosch"), whatever case was typed.
    const [row] = await queryRows<{ brand: string }>(db, sql`select brand from "parts" where ${hasBrand(filter.brand)} limit 1`);
    parts.push(`Marca ${row?.brand ?? filter.brand}`);
  }
  if (filter.search) parts.push(`Búsqueda «${filter.search}»`);
  return parts.join(' · ');
}

/** The rule in words: "Lista 2 +8 %, redondeo a pesos enteros" or "Lista 3 = Lista 1 × 1,21, redondeo a centavos". */
function describeRule(body: BulkPriceRequest): string {
  const rule =
    body.percent !== undefined
      ? `Lista ${body.priceList} ${body.percent > 0 ? '+' : '−'}${decimal(Math.abs(body.percent))} %`
      : `Lista ${body.priceList} = Lista ${body.fromList} × ${decimal(body.factor ?? 1)}`;
  return `${rule}, redondeo a ${ROUNDING_WORDS[body.rounding]}`;
}

/**
 * The parts a change covers, each with its list price `before`, the base price, whether the list
 * was edited by hand, the new price `after` and its `status`: `no_price` (no price in the source
 * list), `out_of_range` (the result would be 0 or less, or too large), `unchanged` (the rounding
 * gives the same price) or `changed`.
 */
function classifiedParts(body: BulkPriceRequest): SQL {
  const target = priceListColumn(body.priceList);
  const source = body.percent !== undefined ? target : priceListColumn(body.fromList ?? body.priceList);
  // Parameters as text so the driver never passes a float: `numeric` parses "8.1" exactly.
  const multiplier = body.percent !== undefined ? sql`(1 + ${String(body.percent)}::numeric / 100)` : sql`${String(body.factor)}::numeric`;
  const scale = sql.raw(String(ROUNDING_SCALE[body.rounding]));
  const filter = body.filter.all ? [] : partListConditions(body.filter);
  const where = filter.length ? and(...filter) : sql`true`;
  const field = PRICE_LIST_FIELDS[body.priceList - 1] as string;
  return sql`select id, part_number, description, before, after, base_changed, was_hand_edited,
      case
        when source is null then 'no_price'
        when after <= 0 or after >= ${PRICE_LIMIT}::numeric then 'out_of_range'
        when before is not null and after = before then 'unchanged'
        else 'changed'
      end as status
    from (
      select p.id, p.part_number, p.description, p.before, p.source,
        round(p.source * ${multiplier}, ${scale}) as after,
        (${body.priceList === 1} and p.base is not null and p.base = p.before) as base_changed,
        (${field} = any(p.hand_edited)) as was_hand_edited
      from (
        select "parts"."id" as id, "parts"."part_number" as part_number, "parts"."description" as description,
          ${target} as before, ${source} as source, "parts"."price" as base, "parts"."hand_edited_fields" as hand_edited
        from "parts" where ${where}
      ) p
    ) calc`;
}

interface Stats {
  matched: number;
  count: number;
  added: number;
  unchanged: number;
  no_price: number;
  out_of_range: number;
  sum_before: string;
  sum_after: string;
  big_steps: number;
  priced: number;
}

/** What a change would do, computed from the parts as they are now (with `db`: inside a transaction, as locked). */
async function computePreview(db: Executor, body: BulkPriceRequest): Promise<Omit<BulkPriceResult, 'applied' | 'changeId'>> {
  const classified = classifiedParts(body);
  const [stats] = await queryRows<Stats>(
    db,
    sql`select
        count(*)::int as matched,
        (count(*) filter (where status = 'changed'))::int as count,
        (count(*) filter (where status = 'changed' and before is null))::int as added,
        (count(*) filter (where status = 'unchanged'))::int as unchanged,
        (count(*) filter (where status = 'no_price'))::int as no_price,
        (count(*) filter (where status = 'out_of_range'))::int as out_of_range,
        (coalesce(sum(before) filter (where status = 'changed'), 0))::numeric(20, 2)::text as sum_before,
        (coalesce(sum(after) filter (where status = 'changed'), 0))::numeric(20, 2)::text as sum_after,
        (count(*) filter (where status = 'changed' and before is not null
          and abs(after - before) * 100 > before * ${LARGE_STEP_PERCENT}))::int as big_steps,
        (select count(*)::int from "parts" where ${priceListColumn(body.priceList)} is not null) as priced
      from (${classified}) c`,
  );
  const s = stats as Stats;
  if (s.matched === 0) throw new AppError('VALIDATION', 'Ningún repuesto coincide con el filtro elegido');
  const rows = await queryRows<{ id: number; part_number: string; description: string; before: string | null; after: string }>(
    db,
    sql`select id, part_number, description, before::numeric(12, 2)::text as before, after::numeric(12, 2)::text as after
      from (${classified}) c where status = 'changed'
      order by part_number collate "C", id limit ${PREVIEW_ROWS}`,
  );
  // The share of the list's prices that change: those it holds now, plus the ones the change adds.
  const listSize = s.priced + s.added;
  const share = listSize === 0 ? 0 : Math.round((s.count / listSize) * 1000) / 10;
  const largeChange: string[] = [];
  if (share > LARGE_SHARE_PERCENT) {
    largeChange.push(
      `Cambia ${s.count} de ${listSize} precios de la Lista ${body.priceList} (${decimal(share)} %, más del ${LARGE_SHARE_PERCENT} %).`,
    );
  }
  if (s.big_steps > 0) {
    largeChange.push(
      s.big_steps === 1
        ? `1 precio cambia más del ${LARGE_STEP_PERCENT} %.`
        : `${s.big_steps} precios cambian más del ${LARGE_STEP_PERCENT} %.`,
    );
  }
  return {
    matched: s.matched,
    count: s.count,
    added: s.added,
    unchanged: s.unchanged,
    skippedNoPrice: s.no_price,
    skippedOutOfRange: s.out_of_range,
    sumBefore: s.sum_before,
    sumAfter: s.sum_after,
    share,
    bigSteps: s.big_steps,
    largeChange,
    rows: rows.map((r) => ({ id: r.id, partNumber: r.part_number, description: r.description, before: r.before, after: r.after })),
  };
}

/**
 * `POST /api/admin/prices/bulk`: with `apply: false`, the preview (nothing is written, nothing
 * audited); with `apply: true`, the same computation applied in one transaction over the selected
 * parts, locked: each changed price is written, its list joins the part's hand-edited fields, the
 * base price follows list 1 where it mirrored it (as the part editor does), the old prices are kept
 * for {@link undoPriceChange} (older changes' are dropped), one `price.bulk` audit row records the
 * filter, rule, counts and sums, and the catalogue version is bumped.
 * @throws AppError VALIDATION when no part matches, when an unknown category is named, or when
 *   applying would change no price; CONFLICT when the change is large (share over 30 % or a price
 *   moving over 50 %) without `confirmLarge`, its message listing why.
 */
export async function bulkChangePrices(db: Db, actor: Actor, body: BulkPriceRequest): Promise<BulkPriceResult> {
  if (body.filter.categoryId) await categoryLabel(db, body.filter.categoryId);
  if (!body.apply) return { applied: false, changeId: null, ...(await computePreview(db, body)) };
  return db.transaction(async (tx) => {
    const filter = body.filter.all ? [] : partListConditions(body.filter);
    await tx.execute(sql`select "parts"."id" from "parts" where ${filter.length ? and(...filter) : sql`true`} for update`);
    const preview = await computePreview(tx, body);
    if (preview.count === 0) throw new AppError('VALIDATION', 'Con esta regla no cambia ningún precio');
    if (preview.largeChange.length && !body.confirmLarge) {
      throw new AppError('CONFLICT', `Cambio grande: ${preview.largeChange.join(' ')} Revise la vista previa y confírmelo.`);
    }
    const filterText = await describeFilter(tx, body.filter);
    const rule = describeRule(body);
    const [change] = await tx
      .insert(priceChanges)
      .values({
        actorId: actor.userId,
        actorUsername: actor.username,
        priceList: body.priceList,
        summary: {
          filter: filterText,
          rule,
          count: preview.count,
          skippedNoPrice: preview.skippedNoPrice,
          skippedOutOfRange: preview.skippedOutOfRange,
          sumBefore: preview.sumBefore,
          sumAfter: preview.sumAfter,
          request: { filter: body.filter, percent: body.percent, fromList: body.fromList, factor: body.factor, rounding: body.rounding },
        },
      })
      .returning({ id: priceChanges.id });
    const changeId = (change as { id: number }).id;
    await tx.execute(sql`delete from price_change_parts where change_id <> ${changeId}`);
    const column = sql.identifier(priceListColumn(body.priceList).name);
    const field = PRICE_LIST_FIELDS[body.priceList - 1] as string;
    await tx.execute(sql`
      with changed as (
        select id, before, after::numeric(12, 2) as after, base_changed, was_hand_edited
        from (${classifiedParts(body)}) c where status = 'changed'
      ),
      written as (
        update "parts" set
          ${column} = changed.after,
          "price" = case when changed.base_changed then changed.after else "parts"."price" end,
          "hand_edited_fields" = case when changed.was_hand_edited then "parts"."hand_edited_fields"
            else array_append("parts"."hand_edited_fields", ${field}::text) end,
          "updated_at" = now()
        from changed where "parts"."id" = changed.id
        returning "parts"."id" as part_id, changed.before, changed.after, changed.base_changed, changed.was_hand_edited
      )
      insert into price_change_parts (change_id, part_id, before, after, base_changed, was_hand_edited)
      select ${changeId}, part_id, before, after, base_changed, was_hand_edited from written`);
    await recordAudit(tx, actor, {
      action: 'price.bulk',
      entity: 'price_change',
      entityId: changeId,
      before: { priceSum: preview.sumBefore },
      after: {
        filter: filterText,
        rule,
        parts: preview.count,
        skipped: preview.skippedNoPrice + preview.skippedOutOfRange,
        priceSum: preview.sumAfter,
      },
    });
    await bumpCatalogueVersion(tx);
    return { applied: true, changeId, ...preview };
  });
}

/** `GET /api/admin/prices/bulk/last`: the newest applied change (undone or not), or null. */
export async function lastPriceChange(db: Executor): Promise<LastPriceChange> {
  const [row] = await db.select().from(priceChanges).orderBy(desc(priceChanges.id)).limit(1);
  if (!row) return null;
  const summary = row.summary as { filter: string; rule: string; count: number };
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorUsername,
    priceList: row.priceList,
    summary: `${summary.filter} · ${summary.rule}`,
    count: summary.count,
    undoneAt: row.undoneAt ? row.undoneAt.toISOString() : null,
  };
}

/**
 * `POST /api/admin/prices/bulk/undo`: puts back, in one transaction, the list prices (and base
 * prices, and hand-edited marks) of change `changeId`, which must be the newest and not undone yet.
 * A part whose list price is no longer the one the change wrote (edited, imported or changed since)
 * is left as it is and counted as a conflict. Audited as `price.bulk_undo`; bumps the catalogue version.
 * @throws AppError NOT_FOUND when there is no such change; CONFLICT when it is not the newest or
 *   was already undone.
 */
export async function undoPriceChange(db: Db, actor: Actor, changeId: number): Promise<UndoPriceChangeResult> {
  return db.transaction(async (tx) => {
    const [newest] = await tx.select().from(priceChanges).orderBy(desc(priceChanges.id)).limit(1).for('update');
    const [change] = newest?.id === changeId ? [newest] : await tx.select().from(priceChanges).where(eq(priceChanges.id, changeId));
    if (!change) throw new AppError('NOT_FOUND', 'Ese cambio de precios no existe');
    if (change.id !== newest?.id) throw new AppError('CONFLICT', 'Solo se puede deshacer el último cambio de precios');
    if (change.undoneAt) throw new AppError('CONFLICT', 'Ese cambio de precios ya se deshizo');
    const target = priceListColumn(change.priceList);
    const column = sql.identifier(target.name);
    const field = PRICE_LIST_FIELDS[change.priceList - 1] as string;
    await tx.execute(
      sql`select "parts"."id" from "parts" join price_change_parts pcp on pcp.part_id = "parts"."id" where pcp.change_id = ${changeId} for update of "parts"`,
    );
    const [counts] = await queryRows<{ restored: number; total: number }>(
      tx,
      sql`with restored as (
          update "parts" set
            ${column} = pcp.before,
            "price" = case when pcp.base_changed and "parts"."price" = pcp.after then pcp.before else "parts"."price" end,
            "hand_edited_fields" = case when pcp.was_hand_edited then "parts"."hand_edited_fields"
              else array_remove("parts"."hand_edited_fields", ${field}::text) end,
            "updated_at" = now()
          from price_change_parts pcp
          where pcp.change_id = ${changeId} and pcp.part_id = "parts"."id" and ${target} = pcp.after
          returning "parts"."id"
        )
        select (select count(*)::int from restored) as restored,
          (select count(*)::int from price_change_parts where change_id = ${changeId}) as total`,
    );
    const restored = counts?.restored ?? 0;
    const conflicts = (counts?.total ?? 0) - restored;
    await tx.update(priceChanges).set({ undoneAt: sql`now()` }).where(eq(priceChanges.id, changeId));
    const summary = change.summary as { filter: string; rule: string };
    await recordAudit(tx, actor, {
      action: 'price.bulk_undo',
      entity: 'price_change',
      entityId: changeId,
      before: null,
      after: { filter: summary.filter, rule: summary.rule, restored, conflicts },
    });
    if (restored > 0) await bumpCatalogueVersion(tx);
    return { restored, conflicts };
  });
}
