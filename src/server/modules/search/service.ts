/**
 * What the catalogue asks of the search (issue 18): the synonym index and a query's plan with the
 * vocabulary facts it needs. The SQL conditions themselves are built by plan.ts.
 */
import type { Executor } from '../../db/client.ts';
import {
  type KnownWords,
  type SearchPlan,
  type SynonymIndex,
  hasUnknownWord,
  searchPlan,
  synonymIndex,
  vocabularyCandidates,
} from './plan.ts';
import { listSynonyms } from './synonyms.ts';
import { corrections, knownWords } from './vocabulary.ts';

export { type SearchPlan, type SynonymIndex, planConditions, relevanceClass, searchPlan } from './plan.ts';
export { rebuildVocabulary } from './vocabulary.ts';

/** The synonym groups as a {@link SynonymIndex} (one query). */
export async function loadSynonymIndex(db: Executor): Promise<SynonymIndex> {
  return synonymIndex((await listSynonyms(db)).map((g) => g.terms));
}

/**
 * The plan of `query` with its abbreviations and compound splits looked up in the vocabulary (one
 * query), whether it holds a word the vocabulary does not know (a typo pass may help), and the
 * vocabulary words found (`known`, for {@link correctedPlanFor}).
 */
export async function planFor(
  db: Executor,
  query: string,
  synonyms: SynonymIndex,
): Promise<SearchPlan & { unknownWord: boolean; known: KnownWords }> {
  const known = await knownWords(db, vocabularyCandidates(query));
  const plan = searchPlan(query, known, synonyms);
  return { ...plan, unknownWord: hasUnknownWord(plan, known), known };
}

/**
 * The typo pass of `query` (see vocabulary.ts `corrections`): its plan with the corrected words
 * added, or undefined when no word needs or allows a correction. Words the vocabulary holds are
 * never corrected, so they are looked up first (a cheap primary-key read) and the trigram search
 * runs only for the others: most searches that find nothing are pairs of real words.
 * @param planned the `known` of the query's {@link planFor}, which spares reading them again.
 */
export async function correctedPlanFor(
  db: Executor,
  query: string,
  synonyms: SynonymIndex,
  planned?: KnownWords,
): Promise<SearchPlan | undefined> {
  const known = planned ?? (await knownWords(db, vocabularyCandidates(query)));
  const words = searchPlan(query)
    .terms.flatMap((t) => t.words)
    .filter((w) => !known.has(w));
  const fixes = await corrections(db, words);
  if (!fixes.size) return undefined;
  const fixed = await knownWords(
    db,
    [...fixes.values()].flatMap((w) => vocabularyCandidates(w)),
  );
  return searchPlan(query, new Set([...known, ...fixed]), synonyms, fixes);
}
