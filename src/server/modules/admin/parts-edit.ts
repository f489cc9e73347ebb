/**
 * The part editor (issue 21 item 1; docs/product.md §10.2): one admin edit of a part's catalogue
 * fields. Every changed field is added to `parts.hand_edited_fields` so later imports keep it, the
 * change is audited with before and after, and the catalogue version is bumped so cached catalogue
 * answers (other processes' too) show it at once.
 */
import { eq, sql } from 'drizzle-orm';
import type { HandEditableField, PartDetail, PriceListField } from '../../../shared/admin-parts.ts';
import { PRICE_LIST_FIELDS, type partEditBodySchema } from '../../../shared/admin-parts.ts';
import { stockLevelFromQuantity } from '../../../shared/stock.ts';
import type { z } from 'zod/mini';
import type { Db, Executor } from '../../db/client.ts';
import { categories, parts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { bumpCatalogueVersion } from '../catalogue/version.ts';
import { moveVocabulary, partWords } from '../search/service.ts';
import { presentAdminPart } from './service.ts';

type PartRow = typeof parts.$inferSelect;
type PartUpdate = Partial<typeof parts.$inferInsert>;
/** The validated body of `PATCH /api/admin/parts/:id` (prices already as "1234.50" or null). */
export type PartEdit = z.output<typeof partEditBodySchema>;

/** Whitelists a part row for the editor: the admin part plus codes, notes, stock and hand edits. */
export function presentPartDetail(p: PartRow): PartDetail {
  return {
    ...presentAdminPart(p),
    alternateCodes: p.alternateCodes,
    notes: p.notes,
    applications: p.applications,
    stockQuantity: p.stockQuantity,
    handEditedFields: p.handEditedFields,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/**
 * One part as the editor shows it.
 * @throws AppError NOT_FOUND "Producto no encontrado".
 */
export async function getPartDetail(db: Executor, id: number): Promise<PartDetail> {
  const [row] = await db.select().from(parts).where(eq(parts.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Producto no encontrado');
  return presentPartDetail(row);
}

/** Category names from level 1 down to `categoryId` (what `parts.category_path` holds). */
async function categoryPathOf(db: Executor, categoryId: number): Promise<string[]> {
  const path: string[] = [];
  let next: number | null = categoryId;
  for (let depth = 0; next !== null && depth < 5; depth++) {
    const [row]: { name: string; parentId: number | null }[] = await db
      .select({ name: categories.name, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, next));
    if (!row) throw new AppError('VALIDATION', 'La categoría elegida no existe');
    path.unshift(row.name);
    next = row.parentId;
  }
  return path;
}

/** Trimmed, non-empty, without repeats (first spelling kept, compared ignoring case). */
function cleanCodes(codes: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const code of codes) {
    const c = code.trim();
    const key = c.toLowerCase();
    if (!c || seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

const sameArray = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The edited fields the search vocabulary's words come from (description, brand, category path, active). */
const VOCABULARY_OWNERS: readonly HandEditableField[] = ['description', 'brand', 'category1', 'isActive'];

/**
 * Applies an admin's edit to part `id` in one transaction (issue 21 item 1): only fields whose value
 * changes are written, marked in `hand_edited_fields` (names of {@link HandEditableField}) and
 * audited as `part.update` with `before`/`after` holding just those fields (plus `partNumber`).
 * `stock` (units) also sets the level from `lowStock` (docs/product.md §4.3); `categoryId` also
 * rewrites the category path; list 1 also sets the base price when the base mirrored list 1 (a
 * single-price source). An edit that changes nothing writes nothing and answers the part.
 * @throws AppError NOT_FOUND for an unknown part, VALIDATION for an unknown category.
 */
export async function updatePart(db: Db, actor: Actor, id: number, edit: PartEdit, lowStock: number): Promise<PartDetail> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(parts).where(eq(parts.id, id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Producto no encontrado');
    const set: PartUpdate = {};
    const edited = new Set<HandEditableField>();
    const before: Record<string, unknown> = { partNumber: current.partNumber };
    const after: Record<string, unknown> = { partNumber: current.partNumber };
    const change = (field: HandEditableField, label: string, from: unknown, to: unknown) => {
      edited.add(field);
      before[label] = from;
      after[label] = to;
    };

    if (edit.description !== undefined && edit.description !== current.description) {
      set.description = edit.description;
      change('description', 'description', current.description, edit.description);
    }
    if (edit.brand !== undefined) {
      const brand = edit.brand || null;
      if (brand !== current.brand) {
        set.brand = brand;
        change('brand', 'brand', current.brand, brand);
      }
    }
    if (edit.categoryId !== undefined && edit.categoryId !== current.categoryId) {
      const path = edit.categoryId === null ? [] : await categoryPathOf(tx, edit.categoryId);
      set.categoryId = edit.categoryId;
      set.categoryPath = path;
      change('category1', 'category', current.categoryPath.join(' > ') || null, path.join(' > ') || null);
    }
    for (const field of PRICE_LIST_FIELDS) {
      const value = edit[field];
      if (value === undefined) continue;
      const old = current[field as PriceListField];
      if (value === old) continue;
      set[field] = value;
      change(field, field, old, value);
      // A single-price source fills the base price and list 1 alike (docs/product.md §3.2): the base, which
      // roles without a list price fall back to, follows list 1 so nobody keeps seeing the old price.
      if (field === 'priceList1' && current.price !== null && current.price === current.priceList1) {
        set.price = value;
        before.price = current.price;
        after.price = value;
      }
    }
    if (edit.stock !== undefined && edit.stock !== current.stockQuantity) {
      const level = stockLevelFromQuantity(edit.stock, lowStock);
      set.stockQuantity = edit.stock;
      set.stockLevel = level;
      change('stock', 'stock', current.stockQuantity ?? current.stockLevel, edit.stock);
      before.stockLevel = current.stockLevel;
      after.stockLevel = level;
    }
    if (edit.salesUnit !== undefined && edit.salesUnit !== current.salesUnit) {
      set.salesUnit = edit.salesUnit;
      change('salesUnit', 'salesUnit', current.salesUnit, edit.salesUnit);
    }
    if (edit.alternateCodes !== undefined) {
      const codes = cleanCodes(edit.alternateCodes);
      if (!sameArray(codes, current.alternateCodes)) {
        set.alternateCodes = codes;
        change('alternateCodes', 'alternateCodes', current.alternateCodes, codes);
      }
    }
    for (const field of ['notes', 'applications'] as const) {
      const value = edit[field];
      if (value === undefined) continue;
      const text = value || null;
      if (text === current[field]) continue;
      set[field] = text;
      change(field, field, current[field], text);
    }
    if (edit.isActive !== undefined && edit.isActive !== current.isActive) {
      set.isActive = edit.isActive;
      change('isActive', 'isActive', current.isActive, edit.isActive);
    }

    if (edited.size === 0) return presentPartDetail(current);
    // The search vocabulary follows the part's words (docs/product.md §6.1).
    const wordsMayChange = VOCABULARY_OWNERS.some((f) => edited.has(f));
    const wordsBefore = wordsMayChange ? await partWords(tx, id) : null;
    const marked = [...new Set([...current.handEditedFields, ...edited])];
    const [row] = await tx
      .update(parts)
      .set({ ...set, handEditedFields: marked, updatedAt: sql`now()` })
      .where(eq(parts.id, id))
      .returning();
    if (wordsBefore) await moveVocabulary(tx, wordsBefore, await partWords(tx, id));
    await recordAudit(tx, actor, { action: 'part.update', entity: 'part', entityId: id, before, after });
    await bumpCatalogueVersion(tx);
    return presentPartDetail(row as PartRow);
  });
}
