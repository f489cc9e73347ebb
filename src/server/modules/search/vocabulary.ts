/**
 * The catalogue's vocabulary (table `search_vocabulary`, migrations 0010 and 0020; docs/product.md
 * §6.1): the alphabetic words of the active parts with their part counts. The import rebuilds it; a
 * search asks it which of its candidate abbreviations and compound halves exist, and corrects typos
 * against it (trigram distance over a GiST index, then an edit-distance check here).
 */
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import type { PlanWord } from './plan.ts';

/** Rebuilds the vocabulary from the active parts (inside the caller's transaction); returns the number of words. */
export async function rebuildVocabulary(db: Executor): Promise<number> {
  const [row] = await queryRows<{ words: number }>(db, sql`select public.portal_rebuild_search_vocabulary() as words`);
  return Number(row?.words ?? 0);
}

/**
 * The vocabulary words one part holds while active: its description, brand and category path folded
 * and split as {@link rebuildVocabulary} does (`portal_vocabulary_words`, migration 0024),
 * alphabetic words of 2–40 letters. Empty for an inactive or missing part.
 */
export async function partWords(db: Executor, partId: number): Promise<Set<string>> {
  const rows = await queryRows<{ word: string }>(
    db,
    sql`select w.word from parts p, public.portal_vocabulary_words(p.description, p.brand, p.category_path) as w(word)
        where p.id = ${partId} and p.is_active`,
  );
  return new Set(rows.map((r) => r.word));
}

/** Vocabulary words with a number of parts each (word → parts). */
export type WordCounts = ReadonlyMap<string, number>;

/**
 * Active parts' vocabulary fields, not yet in the catalogue: the description, the brand (null for
 * none), the category path's names joined by spaces (as `array_to_string(category_path, ' ')`
 * reads them), and how many parts hold exactly these values.
 */
export interface WordSource {
  description: string;
  brand: string | null;
  categoryPath: string;
  parts: number;
}

/**
 * The vocabulary words of active parts given by value, with how many parts hold each, as {@link
 * rebuildVocabulary} would count them once they are written: the same tsvector
 * (`portal_vocabulary_vector`), its lexemes grouped, and of those only the ones
 * `portal_vocabulary_words` keeps (asked of each grouped lexeme, so that the rule of which words
 * count lives in that one function). Reads no table: it can run on a connection of its own while
 * another transaction holds these parts, uncommitted (a first load building its indexes,
 * import/service.ts `countWordsBeside`). The
 * values go as four arrays: as one JSON parameter, reading them took the database a third longer.
 * @returns word → parts.
 */
export async function countWords(db: Executor, sources: readonly WordSource[]): Promise<Map<string, number>> {
  if (!sources.length) return new Map();
  const rows = await queryRows<{ word: string; parts: number }>(
    db,
    sql`with lexemes as (
          select t.lexeme as word, sum(x.parts)::int as parts
          from unnest(${sql.param(sources.map((s) => s.description))}::text[], ${sql.param(sources.map((s) => s.brand))}::text[],
              ${sql.param(sources.map((s) => s.categoryPath))}::text[], ${sql.param(sources.map((s) => s.parts))}::int[])
              as x(description, brand, category_path, parts),
            unnest(public.portal_vocabulary_vector(x.description, x.brand, array[x.category_path])) as t
          group by t.lexeme
        )
        select word, parts from lexemes
        where exists (select 1 from public.portal_vocabulary_words(lexemes.word, null, '{}'::text[]) as w(word) where w.word = lexemes.word)`,
  );
  return new Map(rows.map((r) => [r.word, Number(r.parts)]));
}

/**
 * Replaces the whole vocabulary with `counts` (inside the caller's transaction): a first load's
 * words counted by {@link countWords} while it built its indexes, instead of a rebuild read from
 * its parts after the commit.
 */
export async function replaceVocabulary(db: Executor, counts: WordCounts): Promise<void> {
  await db.execute(sql`delete from search_vocabulary`);
  if (!counts.size) return;
  await db.execute(
    sql`insert into search_vocabulary (word, parts)
        select key, value::int from json_each_text(${JSON.stringify(Object.fromEntries(counts))}::json)`,
  );
}

/**
 * The vocabulary words of the active parts numbered `partNumbers`, with how many of those parts
 * hold each (`portal_vocabulary_words`, as {@link rebuildVocabulary} counts them). Every named
 * part, active or not, stays locked (`FOR UPDATE`) until the caller's transaction ends, so that
 * the words read before a write are still the ones it replaces when it runs.
 */
export async function lockedWordCounts(db: Executor, partNumbers: readonly string[]): Promise<Map<string, number>> {
  if (!partNumbers.length) return new Map();
  const rows = await queryRows<{ word: string; parts: number }>(
    db,
    sql`with named as materialized (
          select description, brand, category_path, is_active from parts
          where part_number = any(${sql.param([...partNumbers])}::text[]) for update
        )
        select w.word, count(*)::int as parts
        from named, public.portal_vocabulary_words(named.description, named.brand, named.category_path) as w(word)
        where named.is_active
        group by w.word`,
  );
  return new Map(rows.map((r) => [r.word, Number(r.parts)]));
}

/**
 * Moves the vocabulary's part counts from the words some parts held (`before`, read by {@link
 * lockedWordCounts} before a write) to the words they hold now (`after`, read again after it): the
 * vocabulary then ends as {@link rebuildVocabulary} would leave it, at a cost that follows the
 * parts instead of the catalogue (an import that changes a few parts; docs/performance.md "The
 * vocabulary of a small import"; a hand edit's {@link moveVocabulary}). Words no active part holds
 * any more leave. An import calls it at the end of its transaction, so that the vocabulary's rows
 * are locked only once every part it writes is (a hand edit waiting for one of them cannot hold a
 * word the run needs).
 */
export async function moveWordCounts(db: Executor, before: WordCounts, after: WordCounts): Promise<void> {
  // A Map, not an object: `constructor` is a word a description may hold.
  const delta = new Map(after);
  for (const [word, parts] of before) delta.set(word, (delta.get(word) ?? 0) - parts);
  const moved = [...delta].filter(([, parts]) => parts !== 0);
  if (!moved.length) return;
  await db.execute(
    sql`insert into search_vocabulary (word, parts)
        select key, value::int from json_each_text(${JSON.stringify(Object.fromEntries(moved))}::json)
        on conflict (word) do update set parts = search_vocabulary.parts + excluded.parts`,
  );
  const lost = moved.filter(([, parts]) => parts < 0).map(([word]) => word);
  if (lost.length) await db.execute(sql`delete from search_vocabulary where word = any(${sql.param(lost)}::text[]) and parts <= 0`);
}

/**
 * Moves one part's contribution to the vocabulary from the words it held to the words it holds
 * (a hand edit of its description, brand, category or active flag): the part counts of words it
 * lost go down (a word no part holds any more leaves), those of words it gained go up (a new word
 * joins), so typo correction knows a word staff typed without waiting for an import. Inside the
 * caller's transaction.
 */
export async function moveVocabulary(db: Executor, before: ReadonlySet<string>, after: ReadonlySet<string>): Promise<void> {
  const once = (words: ReadonlySet<string>) => new Map([...words].map((word) => [word, 1]));
  await moveWordCounts(db, once(before), once(after));
}

/** The words of `candidates` that are in the vocabulary (one query; none for an empty list). */
export async function knownWords(db: Executor, candidates: readonly string[]): Promise<Set<string>> {
  if (!candidates.length) return new Set();
  const rows = await queryRows<{ word: string }>(
    db,
    sql`select word from search_vocabulary where word = any(${`{${candidates.join(',')}}`}::text[])`,
  );
  return new Set(rows.map((r) => r.word));
}

/**
 * Optimal string alignment distance (Levenshtein plus the swap of two neighbours, each one edit):
 * `radaidor` → `radiador` is 1, `distribusion` → `distribucion` is 1.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1]!;
}

/** Edits a typo of `word` may hold: none under 4 letters, one for 4–7, two for 8 or more. */
export function allowedEdits(word: string): number {
  if (word.length < 4) return 0;
  return word.length <= 7 ? 1 : 2;
}

/** Whether a query word may be corrected: letters only (codes are never fuzzed), 4 or more. */
export function correctable(word: string): boolean {
  return /^[a-z]{4,}$/.test(word);
}

/** Vocabulary neighbours read per word, nearest by trigram distance. */
const NEIGHBOURS = 24;

/** Corrections kept per word: the vocabulary words at the least distance, most frequent first. */
const MAX_CANDIDATES = 3;

/**
 * Corrections of query words that are not in the vocabulary (neither a word nor the start of one).
 * The word as typed is corrected first (`cbles` → `cables`, where the plural fold had left `cbl`),
 * then, if that finds nothing within {@link allowedEdits}, its plural-folded form. A word's
 * corrections are the vocabulary words at the least edit distance, at most {@link MAX_CANDIDATES},
 * most frequent first: `imrpeza` is one edit from both `impreza` and the catalogue's own `impeza`,
 * and the search tries both. Words of the vocabulary, starts of its words and words with no close
 * neighbour are left alone.
 * @returns query word (`text`) → its corrections, best first (empty when nothing needs or allows one).
 */
export async function corrections(db: Executor, words: readonly PlanWord[]): Promise<Map<string, string[]>> {
  const fixes = new Map<string, string[]>();
  const wanted = words.filter((w) => correctable(w.typed) || correctable(w.text));
  const variants = [...new Set(wanted.flatMap((w) => [w.typed, w.text]).filter(correctable))];
  if (!variants.length) return fixes;
  const rows = await preparedRows<{ token: string; word: string; parts: number; prefix: boolean }>(
    db,
    sql`select q.token, v.word, v.parts,
          exists (select 1 from search_vocabulary p where p.word like q.token || '%') as prefix
        from unnest(${`{${variants.join(',')}}`}::text[]) as q(token)
        cross join lateral (
          select word, parts from search_vocabulary order by word <-> q.token limit ${NEIGHBOURS}
        ) v`,
  );
  const byToken = new Map<string, typeof rows>();
  for (const r of rows) byToken.set(r.token, [...(byToken.get(r.token) ?? []), r]);
  /** The nearest words of one variant, or null when it is a vocabulary word or the start of one. */
  const nearest = (token: string): string[] | null => {
    const neighbours = byToken.get(token) ?? [];
    if (neighbours[0]?.prefix) return null;
    let best: { word: string; distance: number; parts: number }[] = [];
    for (const n of neighbours) {
      const distance = editDistance(token, n.word);
      if (distance === 0) return null;
      if (distance > allowedEdits(token)) continue;
      if (!best.length || distance < best[0]!.distance) best = [{ word: n.word, distance, parts: Number(n.parts) }];
      else if (distance === best[0]!.distance) best.push({ word: n.word, distance, parts: Number(n.parts) });
    }
    return best
      .sort((a, b) => b.parts - a.parts || a.word.localeCompare(b.word))
      .slice(0, MAX_CANDIDATES)
      .map((b) => b.word);
  };
  for (const { text, typed } of wanted) {
    const asTyped = correctable(typed) ? nearest(typed) : [];
    if (asTyped === null) continue;
    const found = asTyped.length || typed === text || !correctable(text) ? asTyped : (nearest(text) ?? []);
    if (found.length) fixes.set(text, found);
  }
  return fixes;
}
