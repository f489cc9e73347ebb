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

/** Adds a group (audited, bumps the catalogue version). */
export async function createSynonym(db: Db, actor: Actor, terms: readonly string[]): Promise<SynonymGroup> {
  const forms = normalizeGroup(terms);
  return db.transaction(async (tx) => {
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
 * @throws AppError NOT_FOUND for an unknown id; VALIDATION (see {@link normalizeGroup}).
 */
export async function updateSynonym(db: Db, actor: Actor, id: number, terms: readonly string[]): Promise<SynonymGroup> {
  const forms = normalizeGroup(terms);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id));
    if (!before) throw notFound();
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
