/**
 * The search's synonym groups (table `search_synonyms`, issue 18): each group's forms match one
 * another both ways. Read at search time (cached per catalogue version), so an admin edit applies
 * at once without a re-import; every edit is audited and bumps the catalogue version so no cached
 * search answer outlives it.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { SynonymGroup } from '../../../shared/synonyms.ts';
import type { Db, Executor } from '../../db/client.ts';
import { searchSynonyms } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { bumpCatalogueVersion } from '../catalogue/version.ts';
import { normalizeForm } from './plan.ts';

/** Every synonym group, oldest first. */
export async function listSynonyms(db: Executor): Promise<SynonymGroup[]> {
  return db.select({ id: searchSynonyms.id, terms: searchSynonyms.terms }).from(searchSynonyms).orderBy(asc(searchSynonyms.id));
}

/**
 * A group's forms as stored: folded (lower case, no accents, edge punctuation trimmed), distinct,
 * in the order given.
 * @throws AppError VALIDATION when fewer than two distinct forms remain.
 */
export function normalizeGroup(terms: readonly string[]): string[] {
  const forms = [...new Set(terms.map(normalizeForm).filter((f) => f.length > 0))];
  if (forms.length < 2) throw new AppError('VALIDATION', 'Un grupo de sinónimos necesita al menos dos formas distintas');
  return forms;
}

const notFound = () => new AppError('NOT_FOUND', 'Grupo de sinónimos no encontrado');

/**
 * Refuses a group whose forms are exactly another group's, in any order (a second "jgo, juego"
 * beside "juego, jgo" adds nothing and only clutters the tab). The table is locked against other
 * writers first, so two admins adding the same group at once do not both pass (docs/product.md §6.1).
 * @throws AppError CONFLICT naming the existing group's forms.
 */
async function refuseDuplicate(tx: Executor, forms: readonly string[], exceptId?: number): Promise<void> {
  await tx.execute(sql`lock table search_synonyms in share row exclusive mode`);
  const wanted = [...forms].sort().join('\u0000');
  for (const group of await listSynonyms(tx)) {
    if (group.id !== exceptId && [...group.terms].sort().join('\u0000') === wanted) {
      throw new AppError('CONFLICT', `Ya existe un grupo con esas formas: ${group.terms.join(', ')}`);
    }
  }
}

/**
 * Adds a group (audited, bumps the catalogue version).
 * @throws AppError VALIDATION (see {@link normalizeGroup}); CONFLICT when a group has the same forms.
 */
export async function createSynonym(db: Db, actor: Actor, terms: readonly string[]): Promise<SynonymGroup> {
  const forms = normalizeGroup(terms);
  return db.transaction(async (tx) => {
    await refuseDuplicate(tx, forms);
    const [row] = await tx
      .insert(searchSynonyms)
      .values({ terms: forms })
      .returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
    const group = row as SynonymGroup;
    await recordAudit(tx, actor, { action: 'synonym.create', entity: 'synonym', entityId: group.id, after: { terms: forms } });
    await bumpCatalogueVersion(tx);
    return group;
  });
}

/**
 * Replaces a group's forms (audited, bumps the catalogue version).
 * @throws AppError NOT_FOUND for an unknown id; VALIDATION (see {@link normalizeGroup}); CONFLICT
 * when another group has the same forms.
 */
export async function updateSynonym(db: Db, actor: Actor, id: number, terms: readonly string[]): Promise<SynonymGroup> {
  const forms = normalizeGroup(terms);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id));
    if (!before) throw notFound();
    await refuseDuplicate(tx, forms, id);
    await tx.update(searchSynonyms).set({ terms: forms, updatedAt: sql`now()` }).where(eq(searchSynonyms.id, id));
    await recordAudit(tx, actor, {
      action: 'synonym.update',
      entity: 'synonym',
      entityId: id,
      before: { terms: before.terms },
      after: { terms: forms },
    });
    await bumpCatalogueVersion(tx);
    return { id, terms: forms };
  });
}

/**
 * Deletes a group (audited, bumps the catalogue version).
 * @throws AppError NOT_FOUND for an unknown id.
 */
export async function deleteSynonym(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
    if (!before) throw notFound();
    await recordAudit(tx, actor, { action: 'synonym.delete', entity: 'synonym', entityId: id, before: { terms: before.terms } });
    await bumpCatalogueVersion(tx);
  });
}
