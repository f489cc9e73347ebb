/**
 * What the catalogue asks of the search (issue 18): the synonym index and a query's plan with the
 * vocabulary facts it needs. The SQL conditions themselves are built by plan.ts.
 */
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { foldPlural, foldText } from '../../../shared/text.ts';
import {
  type KnownWords,
  type SearchPlan,
  type SynonymIndex,
  correctedQuery,
  searchPlan,
  synonymIndex,
  unknownWords,
  vocabularyCandidates,
} from './plan.ts';
import { listSynonyms } from './synonyms.ts';
import { corrections, knownWords } from './vocabulary.ts';

export {
  type KnownWords,
  type SearchPlan,
  type SynonymIndex,
  correctionOnly,
  planConditions,
  relevanceClass,
  searchPlan,
  typingLastWord,
} from './plan.ts';
export {
  type WordCounts,
  type WordSource,
  countWords,
  lockedWordCounts,
  moveVocabulary,
  moveWordCounts,
  partWords,
  rebuildVocabulary,
  replaceVocabulary,
} from './vocabulary.ts';

/**
 * Every word of the vocabulary (one query; about 60 bytes a word), for a reader that keeps it per
 * catalogue version: a search then looks its words up in memory instead of asking the database
 * (a query each, ~6 ms on PGlite at 100,000 parts under load).
 */
export async function loadVocabulary(db: Executor): Promise<KnownWords> {
  const rows = await queryRows<{ word: string }>(db, sql`select word from search_vocabulary`);
  return new Set(rows.map((r) => r.word));
}

/** The words of `candidates` in the vocabulary: from `vocabulary` when given, else from the database. */
async function lookUp(db: Executor, candidates: readonly string[], vocabulary: KnownWords | undefined): Promise<KnownWords> {
  return vocabulary ? new Set(candidates.filter((w) => vocabulary.has(w))) : knownWords(db, candidates);
}

/** The synonym groups as a {@link SynonymIndex} (one query). */
export async function loadSynonymIndex(db: Executor): Promise<SynonymIndex> {
  return synonymIndex((await listSynonyms(db)).map((g) => g.terms));
}

/**
 * The plan of `query` with its abbreviations and compound splits looked up in the vocabulary (one
 * query), whether it holds a word the vocabulary does not know (a typo pass may help), and the
 * vocabulary words found (`known`, for {@link correctedPlanFor}).
 * @param vocabulary the whole vocabulary ({@link loadVocabulary}) when the caller keeps it; without
 *   it the candidates are looked up in the database.
 */
export async function planFor(
  db: Executor,
  query: string,
  synonyms: SynonymIndex,
  vocabulary?: KnownWords,
): Promise<SearchPlan & { unknownWord: boolean; known: KnownWords }> {
  const known = await lookUp(db, vocabularyCandidates(query), vocabulary);
  const plan = searchPlan(query, known, synonyms);
  return { ...plan, unknownWord: unknownWords(plan, known).length > 0, known };
}

/**
 * The typo pass of `query` (see vocabulary.ts `corrections`): its plan with the corrected words
 * added, or undefined when no word needs or allows a correction. Words the vocabulary holds are
 * never corrected, so they are looked up first (a cheap primary-key read) and the trigram search
 * runs only for the others: most searches that find nothing are pairs of real words.
 * @param planned the `known` of the query's {@link planFor}, which spares reading them again.
 * @param typedFound how many parts the query as typed found, when known (0 spares the relevance
 *   order tests no part can pass, see plan.ts `relevanceClass`).
 * @param vocabulary as for {@link planFor}.
 */
export async function correctedPlanFor(
  db: Executor,
  query: string,
  synonyms: SynonymIndex,
  planned?: KnownWords,
  typedFound?: number,
  vocabulary?: KnownWords,
): Promise<SearchPlan | undefined> {
  const known = planned ?? (await lookUp(db, vocabularyCandidates(query), vocabulary));
  const fixes = await corrections(db, unknownWords(searchPlan(query), known));
  if (!fixes.size) return undefined;
  const fixed = await lookUp(
    db,
    [...fixes.values()].flat().flatMap((w) => vocabularyCandidates(w)),
    vocabulary,
  );
  const plan = searchPlan(query, new Set([...known, ...fixed]), synonyms, fixes);
  return typedFound === 0 ? { ...plan, typedFoundNone: true } : plan;
}

/**
 * The corrected query to show ("Mostrando resultados para «…»") once a typo pass found parts: a
 * word with several corrections shows the one the first part found holds (`imrpeza` → `impreza`,
 * not the catalogue's own `impeza`, when the first part reads `IMPREZA`).
 * @param firstText the first part's text (description, brand, category path…); any case or accents.
 */
export function shownCorrection(plan: SearchPlan, firstText: string): string | undefined {
  if (!plan.corrections || plan.correctedText === undefined) return plan.correctedText;
  const words = new Set(
    foldText(firstText)
      .split(/[^a-z0-9]+/)
      .flatMap((w) => [w, foldPlural(w)]),
  );
  return correctedQuery(plan.words, plan.corrections, (w) => words.has(w) || words.has(foldPlural(w)));
}
