/**
 * The catalogue's vocabulary (table `search_vocabulary`, migration 0010): the alphabetic words of
 * the active parts with their part counts. The import rebuilds it; a search asks it which of its
 * candidate abbreviations and compound halves exist, and corrects typos against it (trigram
 * distance over a GiST index, then an edit-distance check here).
 */
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** Rebuilds the vocabulary from the active parts (inside the caller's transaction); returns the number of words. */
export async function rebuildVocabulary(db: Executor): Promise<number> {
  const [row] = await queryRows<{ words: number }>(db, sql`select public.portal_rebuild_search_vocabulary() as words`);
  return Number(row?.words ?? 0);
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

/**
 * Corrections of the query words that are not in the vocabulary (neither a word nor the start of
 * one): each to its nearest vocabulary word within {@link allowedEdits}, the most frequent among
 * equals. Words of the vocabulary, prefixes of its words, and words with no close neighbour are
 * left alone.
 * @returns query word → corrected word (empty when nothing needs or allows a correction).
 */
export async function corrections(db: Executor, words: readonly string[]): Promise<Map<string, string>> {
  const fixes = new Map<string, string>();
  const candidates = [...new Set(words.filter(correctable))];
  if (!candidates.length) return fixes;
  const rows = await queryRows<{ token: string; word: string; parts: number; prefix: boolean }>(
    db,
    sql`select q.token, v.word, v.parts,
          exists (select 1 from search_vocabulary p where p.word like q.token || '%') as prefix
        from unnest(${`{${candidates.join(',')}}`}::text[]) as q(token)
        cross join lateral (
          select word, parts from search_vocabulary order by word <-> q.token limit ${NEIGHBOURS}
        ) v`,
  );
  const byToken = new Map<string, typeof rows>();
  for (const r of rows) byToken.set(r.token, [...(byToken.get(r.token) ?? []), r]);
  for (const [token, neighbours] of byToken) {
    if (neighbours[0]?.prefix) continue;
    let best: { word: string; distance: number; parts: number } | undefined;
    for (const n of neighbours) {
      const distance = editDistance(token, n.word);
      if (distance === 0) {
        best = undefined;
        break;
      }
      if (distance > allowedEdits(token)) continue;
      if (!best || distance < best.distance || (distance === best.distance && Number(n.parts) > best.parts)) {
        best = { word: n.word, distance, parts: Number(n.parts) };
      }
    }
    if (best) fixes.set(token, best.word);
  }
  return fixes;
}
