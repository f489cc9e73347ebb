/**
 * Search queries no cache has seen: pairs of catalogue words, a word with a code fragment, a code
 * fragment alone, or a word with a typo (the search's typo pass, issue 18), each returned at most
 * once per generator; and the prefixes a user types into the search box (pure and seeded;
 * unit-tested in helpers.test.ts).
 */

/** mulberry32: a small seeded generator, so two runs draw the same sequence. */
export function mulberry32(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Part number without separators, lower case: `06H-103-144` → `06h103144`. */
function codeKey(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * One typo of `word` (4+ characters): a letter swapped with its neighbour, dropped, doubled or
 * replaced, never the first, and never giving the word back. Shorter words come back unchanged.
 */
export function typo(word: string, random: () => number): string {
  if (word.length < 4) return word;
  for (;;) {
    const i = 1 + Math.floor(random() * (word.length - 2));
    let typed: string;
    switch (Math.floor(random() * 4)) {
      case 0:
        typed = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
        break;
      case 1:
        typed = word.slice(0, i) + word.slice(i + 1);
        break;
      case 2:
        typed = word.slice(0, i) + word[i] + word.slice(i);
        break;
      default: {
        const letters = 'aeioulnrst';
        typed = word.slice(0, i) + letters[Math.floor(random() * letters.length)] + word.slice(i + 1);
      }
    }
    if (typed !== word) return typed;
  }
}

export interface QuerySource {
  /** The next query, never returned before by this source. */
  next(): string;
  /** Queries returned so far. */
  readonly issued: number;
}

/**
 * @param vocabulary words of the descriptions (`DEMO_VOCABULARY`).
 * @param codes part numbers of the catalogue, from which 3–6 character fragments are cut.
 */
export function uncachedQueries(vocabulary: readonly string[], codes: readonly string[], seed = 9): QuerySource {
  if (vocabulary.length < 2 || codes.length === 0) throw new Error('uncachedQueries needs two words and one code');
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const fragment = (min: number, max: number): string => {
    const key = codeKey(pick(codes));
    const length = Math.min(key.length, min + Math.floor(random() * (max - min + 1)));
    const start = Math.floor(random() * (key.length - length + 1));
    return key.slice(start, start + length);
  };
  const long = vocabulary.some((w) => w.length >= 5) ? vocabulary.filter((w) => w.length >= 5) : vocabulary;
  const seen = new Set<string>();
  const candidate = (): string => {
    const kind = random();
    if (kind < 0.4) {
      const first = pick(vocabulary);
      let second = pick(vocabulary);
      while (second === first) second = pick(vocabulary);
      return `${first} ${second}`.toLowerCase();
    }
    if (kind < 0.6) return `${pick(vocabulary)} ${fragment(3, 4)}`.toLowerCase();
    if (kind < 0.8) return fragment(4, 6);
    // A word of 5+ letters with a typo, alone or before another word: the typo pass runs.
    const typed = typo(pick(long).toLowerCase(), random);
    return random() < 0.5 ? typed : `${typed} ${pick(vocabulary).toLowerCase()}`;
  };
  return {
    next() {
      for (let attempt = 0; ; attempt++) {
        let query = candidate();
        // Once collisions pile up, lengthen the query until it is new.
        if (attempt > 20) query = `${query} ${fragment(3, 6)}`;
        if (query.length >= 3 && !seen.has(query)) {
          seen.add(query);
          return query;
        }
      }
    },
    get issued() {
      return seen.size;
    },
  };
}

/**
 * What the search box asks for as a user types (`GET /api/search/suggest?q=`): a prefix of 2 or
 * more characters of a query of `source` (`fi`, `filt`, `filtro ac`), each returned at most once,
 * so no answer is cached. Short prefixes run out first; the source then gives longer ones.
 */
export function suggestionPrefixes(source: QuerySource, seed = 11): QuerySource {
  const random = mulberry32(seed);
  const seen = new Set<string>();
  return {
    next() {
      for (;;) {
        const query = source.next();
        // Two tries per query at a random cut, then the whole query (new by construction).
        for (let attempt = 0; attempt < 2; attempt++) {
          const cut = query.slice(0, 2 + Math.floor(random() * Math.max(1, query.length - 1))).trimEnd();
          if (cut.length >= 2 && !seen.has(cut)) {
            seen.add(cut);
            return cut;
          }
        }
        if (!seen.has(query)) {
          seen.add(query);
          return query;
        }
      }
    },
    get issued() {
      return seen.size;
    },
  };
}
