/**
 * Search queries no cache has seen: pairs of catalogue words, a word with a code fragment, or a
 * code fragment alone, each returned at most once per generator (pure and seeded; unit-tested in
 * queries.test.ts).
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
  const seen = new Set<string>();
  const candidate = (): string => {
    const kind = random();
    if (kind < 0.5) {
      const first = pick(vocabulary);
      let second = pick(vocabulary);
      while (second === first) second = pick(vocabulary);
      return `${first} ${second}`.toLowerCase();
    }
    if (kind < 0.75) return `${pick(vocabulary)} ${fragment(3, 4)}`.toLowerCase();
    return fragment(4, 6);
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
