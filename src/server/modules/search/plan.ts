/**
 * The search plan (issue 18, docs/product.md §6.1; docs/architecture.md "Search"): how a query's
 * words become WHERE conditions over `parts.search_text` and the relevance classes of the
 * "Relevancia" order.
 *
 * The query is cut into terms; every term must match. A term is one query word, a run of words a
 * synonym form covers (`aire acondicionado`), or a run that can also be read joined (`om 366`,
 * `6 x 40`, `para brisas`). Each term has
 * - `loose`: every way it may match: the word as a substring (words of 1–2 characters only at the
 *   start of a word), its letter/digit split (`om366` ~ `om 366`, `6x40` ~ `6 x 40`), its
 *   abbreviations found in the vocabulary (`amortiguador` ~ `amort.`), its compound split found in
 *   the vocabulary (`parabrisas` ~ `para brisas`) and its synonyms (`jgo` ~ `juego`);
 * - `exact`: the word as a whole word (plural forms included), a split or joined form as a whole
 *   word too (`om366` ~ `OM 366`, `om 366` ~ `OM366`, `parabrisas` ~ `PARA BRISAS`);
 * - `corrected`: after a typo pass, the corrected word, or any of its corrections when several are
 *   equally near (see vocabulary.ts).
 * Pure: the synonyms and the vocabulary facts come in as arguments.
 */
import { type SQL, sql } from 'drizzle-orm';
import { MAX_SEARCH_TOKENS, foldPlural, partNumberKey, searchTokens } from '../../../shared/text.ts';
import { parts } from '../../db/schema.ts';

/** One term of a plan: conditions over `search_text`, see the module comment. */
export interface SearchTerm {
  /** The query words this term covers (folded). */
  words: string[];
  loose: SQL;
  exact: SQL;
  /**
   * The part's own description holds the term's words or another form the term matches (joined,
   * split, compound, abbreviation, synonym), as substrings of the folded description: a part that
   * holds a word only in its category path or brand ranks after those (see {@link relevanceClass}).
   */
  described: SQL;
  /**
   * The description starts with the term's first word (its plurals and longer words too), in
   * capitals, small letters or capitalized, any vowel or `n` of a word of 4+ characters standing for
   * its accented forms: `PASTILLAS DE FRENO` for `pastilla freno`, `CIGÜEÑAL …` for `ciguenal`.
   */
  leads: SQL;
  /** Set only by a typo pass: the corrected words' condition, and the corrected words as whole words. */
  corrected?: SQL;
  correctedExact?: SQL;
  correctedDescribed?: SQL;
  correctedLeads?: SQL;
}

/** A query word as the search reads it (`text`: folded, plural folded) and as typed (folded only). */
export interface PlanWord {
  text: string;
  typed: string;
}

/** A query's terms and what the relevance order needs. */
export interface SearchPlan {
  terms: SearchTerm[];
  /** The query's words in order. */
  words: PlanWord[];
  /** The query as one code key (`06H-103 144` → `06h103144`); '' for none. */
  codeKey: string;
  /** The query words after a typo pass replaced some (`bomba radiador`), when one did. */
  correctedText?: string;
  /** The typo pass's corrections by query word (`text`), best first, when it made some. */
  corrections?: ReadonlyMap<string, readonly string[]>;
  /**
   * Set on a typo pass's plan when the words as typed found no part: no part can then hold them
   * all, as whole words or otherwise, and the relevance order skips those tests.
   */
  typedFoundNone?: boolean;
}

/** Vocabulary facts a plan uses: which candidate words exist (see vocabulary.ts `knownWords`). */
export type KnownWords = ReadonlySet<string>;

/** Synonym forms by form: each folded form (`jgo`, `aire acondicionado`) → the other forms of its groups. */
export type SynonymIndex = ReadonlyMap<string, readonly string[]>;

/** Builds a {@link SynonymIndex} from synonym groups (any case or accents; trimmed and folded here). */
export function synonymIndex(groups: readonly (readonly string[])[]): SynonymIndex {
  const index = new Map<string, string[]>();
  for (const group of groups) {
    const forms = [...new Set(group.map(normalizeForm).filter((f) => f.length > 0))];
    for (const form of forms) {
      const others = index.get(form) ?? [];
      for (const other of forms) if (other !== form && !others.includes(other)) others.push(other);
      index.set(form, others);
    }
  }
  return index;
}

/** A synonym form as the query's words read it: folded, words trimmed of edge punctuation, one space between. */
export function normalizeForm(form: string): string {
  return searchTokens(form)
    .map((t) => t.text)
    .join(' ');
}

/** Shortest stored word taken as an abbreviation of a query word. */
const MIN_ABBREVIATION = 3;
/** Shortest query word searched as a substring; shorter words match only at the start of a word. */
const MIN_SUBSTRING = 3;

/**
 * Whether a query word is searched as a substring: 3+ characters, and 3+ letters or digits too, so
 * `a/a` (two letters) matches only at the start of a word, as `om` does: `COMPRESOR A/A`, not
 * `OM457LA/AXOR`.
 */
function substringSearched(word: string): boolean {
  return word.length >= MIN_SUBSTRING && word.replace(/[^a-z0-9]/g, '').length >= MIN_SUBSTRING;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, (c) => `\\${c}`);
const like = (pattern: string): SQL => sql`${parts.searchText} like ${pattern}`;
const regex = (pattern: string): SQL => sql`${parts.searchText} ~ ${pattern}`;
/** A pattern over `search_words` (words of letters and digits, one space between, one at each end). */
const likeWords = (pattern: string): SQL => sql`${parts.searchWords} like ${pattern}`;
const or = (conditions: SQL[]): SQL => (conditions.length === 1 ? conditions[0]! : sql`(${sql.join(conditions, sql` or `)})`);
/** The ways a catalogue writes a folded word without folding it: in capitals, as is (small letters), capitalized. */
const WRITTEN_CASES: readonly ((word: string) => string)[] = [
  (w) => w.toUpperCase(),
  (w) => w,
  (w) => w.charAt(0).toUpperCase() + w.slice(1),
];
/**
 * The description holds any of `forms`, each a run of pieces in order (`filtro`; `om`, `366` as
 * `om 366` or `om366`), as substrings, folded as `search_text` is. One `like any` per term, so a row's
 * description is folded once: the fold is most of the cost (about 0.7 µs a row in PostgreSQL;
 * through `portal_fold`, which PostgreSQL does not inline here, 1.5 µs), and it is skipped when the
 * description as written holds a form in capitals, in small letters or capitalized (a plain `like`,
 * 0.03 µs a pattern), as most do.
 */
function inDescription(forms: readonly (readonly string[])[]): SQL {
  const pattern = (pieces: readonly string[], cased: (piece: string) => string) => `%${pieces.map((p) => escapeLike(cased(p))).join('%')}%`;
  const patterns = [...new Set(forms.map((pieces) => pattern(pieces, (p) => p)))];
  const written = new Set(WRITTEN_CASES.flatMap((cased) => forms.map((pieces) => pattern(pieces, cased))));
  return sql`(${parts.description} like any (${sql.param([...written])}::text[]) or pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, ${parts.description})) like any (${sql.param(patterns)}::text[]))`;
}
/**
 * See {@link SearchTerm.leads}: a plain `like any` anchored at the start, about 0.03 µs a row. A
 * word of 1–3 characters is read as written: `_m%` would take any description whose second letter is
 * an `M` for `om`.
 */
function leadsDescription(word: string): SQL {
  const start = word.length > 3 ? escapeLike(word).replace(/[aeioun]/g, '_') : escapeLike(word);
  const written = new Set(WRITTEN_CASES.map((cased) => `${cased(start)}%`));
  return sql`(${parts.description} like any (${sql.param([...written])}::text[]))`;
}
const and = (conditions: SQL[]): SQL => (conditions.length === 1 ? conditions[0]! : sql`(${sql.join(conditions, sql` and `)})`);

/**
 * A form a part must hold as whole words (the relevance order tests these on every match):
 * `words`, a run of words of letters and digits only, one space between (`filtro`, `om 366`,
 * `para brisas`), read in `search_words` with a `like` (with the Spanish plural endings of its last
 * word when `plural`); or `regex`, a regular expression over `search_text` for a word holding other
 * characters (`1.6`, `06h-10`), bounded by non-alphanumerics there.
 */
type WholeForm = { words: string; plural: boolean } | { regex: string };

const WORDS_ONLY = /^[a-z0-9]+( [a-z0-9]+)*$/;

/**
 * `word` (or a run of words) as a whole form, with its Spanish plural endings when it ends in a
 * letter (`filtro` ~ `filtros`) and `plural` allows them.
 */
function wordForm(word: string, plural = true): WholeForm {
  plural &&= /[a-z]$/.test(word);
  if (WORDS_ONLY.test(word)) return { words: word, plural };
  return { regex: `${escapeRegex(word)}${plural ? '(s|es)?' : ''}` };
}

/**
 * Any of `forms` as whole words. A run of words is `search_words like '% filtro %'` (and
 * `'% filtros %'`, `'% filtroes %'` for the plural): a substring test, several times cheaper than
 * the regular expression it replaces, `(^|[^a-z0-9])filtro(s|es)?($|[^a-z0-9])` (docs/performance.md
 * "Whole words without regular expressions"). Other forms share one regular expression.
 */
function wholeAny(forms: readonly WholeForm[]): SQL {
  const likes = new Set<string>();
  const regexes = new Set<string>();
  for (const form of forms) {
    if ('regex' in form) {
      regexes.add(form.regex);
      continue;
    }
    likes.add(`% ${form.words} %`);
    if (form.plural) likes.add(`% ${form.words}s %`).add(`% ${form.words}es %`);
  }
  const conditions = [...likes].map(likeWords);
  if (regexes.size) {
    const unique = [...regexes];
    const body = unique.length === 1 ? unique[0]! : `(${unique.join('|')})`;
    conditions.push(regex(`(^|[^a-z0-9])${body}($|[^a-z0-9])`));
  }
  return or(conditions);
}

/**
 * `word` as a whole word, with its Spanish plural endings unless `plural` is false (`filtro` ~
 * `filtros`, `motor` ~ `motores`), as a search condition: the substring first, which the trigram
 * index reads, then the whole word (see {@link wholeAny}).
 */
function wholeWord(word: string, plural = true): SQL {
  const whole = wholeAny([wordForm(word, plural)]);
  return WORDS_ONLY.test(word) ? sql`(${like(`%${escapeLike(word)}%`)} and ${whole})` : whole;
}

/**
 * A multi-word form as a phrase: its words in order, the last one possibly longer (`aire acondicionado`
 * also reads `aire acondicionados`); in `search_words` any run of separators is one space.
 */
function phrase(form: string): SQL {
  const words = form.split(' ');
  if (words.length === 1) return wholeWord(form);
  const indexed = like(`%${words.map(escapeLike).join('%')}%`);
  if (WORDS_ONLY.test(form)) return sql`(${indexed} and ${likeWords(`% ${form}%`)})`;
  return sql`(${indexed} and ${regex(`(^|[^a-z0-9])${words.map(escapeRegex).join('[^a-z0-9]{1,3}')}`)})`;
}

/** The pieces of a word at letter/digit boundaries and at an `x` between numbers: `om366` → om, 366; `6x40` → 6, x, 40. */
export function splitPieces(word: string): string[] {
  if (!/^[a-z0-9]+$/.test(word)) return [word];
  return word.match(/[a-z]+|[0-9]+/g) ?? [word];
}

/**
 * The pieces of a measure holding a decimal of one or two digits, `14x1.5` → 14, x, 1.5: its key
 * (`14x15`) would split as 14, x, 15 and read `14 X 1500`. Null for any other word: a code with
 * dots (`0.986.440`, `0.986`) is searched by its key too.
 */
function measurePieces(word: string): string[] | null {
  const piece = /[a-z]+|[0-9]+(?:[.,][0-9]{1,2}(?![0-9]))?/g;
  if (!/[0-9][.,][0-9]/.test(word) || word.replace(piece, '') !== '') return null;
  return word.match(piece);
}

/** A word as a regular expression whose decimal marks read either one: `1.5` as `1[.,]5`. */
function decimalRegex(word: string): string {
  return escapeRegex(word).replace(/([0-9])(?:\\\.|,)(?=[0-9])/g, '$1[.,]');
}

/** A measure with its decimal marks swapped, as the other habit writes it: `1,5` ↔ `1.5`. */
function otherDecimalMark(word: string): string {
  return word.replace(/([0-9])([.,])(?=[0-9])/g, (_, digit: string, mark: string) => `${digit}${mark === '.' ? ',' : '.'}`);
}

/** Whether the pieces of a split word are worth an alternative (a short run of letters and numbers, not a long code). */
function splittable(pieces: string[]): boolean {
  if (pieces.length < 2 || pieces.length > 5) return false;
  const letters = pieces.filter((p) => /[a-z]/.test(p));
  // `om366`, `5ta`, `6x40`, `6x40x100`; a code such as `06h103144` has other alternatives (its key).
  return letters.every((p) => p.length <= 4) && (letters.length === 1 || letters.every((p) => p === 'x'));
}

/**
 * The characters between words in `search_text` (folded, so no capitals or accents): every one
 * found in the real catalogues and the generated one, and the tabs and line breaks notes may
 * hold. An explicit set, not `[^a-z0-9]`: pg_trgm can only read the trigrams at a word's edges
 * (`om `, ` 36`) out of a regular expression whose separators are all non-word characters it can
 * list. Without it `dy00` (split as `dy 00`) read all 100,000 parts through the regular expression
 * (~1 s) instead of a handful from the index, and so did a word of two characters such as `m0`
 * (docs/performance.md).
 */
const WORD_SEPARATORS = `[- ./,+_()°²"'&:;#*=<>?!|\t\n]`;

/**
 * What may stand before a short word searched at a word's start ({@link substringSearched}): a
 * separator; for a measure of two digits and a separator (`1.5`, `1/2`), a letter too, since a
 * catalogue writes it against a letter (`M14X1.5`, `VW1.6`), but never a digit (`11.5`). Two
 * characters (`44`) stay after a separator only: not inside `OM447`. The letters are listed for
 * pg_trgm as the separators are (a probe at 100,000 parts: `1.5` read the same index rows).
 */
function wordStart(word: string): string {
  return word.length >= MIN_SUBSTRING && /^[0-9]/.test(word) ? `${WORD_SEPARATORS}|[a-z]` : WORD_SEPARATORS;
}

/**
 * A word's pieces found with separators between them, from the start of a word: `om366` as
 * `om 366`, `om-366`; `6x40` as `6 x 40`. The pieces written together are the word's own substring
 * condition. The start matters for the index too: `m0` as `m 0` gives pg_trgm nothing to read
 * without it, and read every part.
 */
function splitCondition(pieces: string[], pieceRegex: (piece: string) => string = escapeRegex): SQL {
  return regex(`(^|${WORD_SEPARATORS})${pieces.map(pieceRegex).join(`${WORD_SEPARATORS}{1,2}`)}`);
}

/** {@link splitCondition} as a whole form ({@link wholeAny}): `om366` as `OM 366` but not inside `OM 3660`. */
function splitForm(pieces: string[]): WholeForm {
  return { words: pieces.join(' '), plural: false };
}

/** A compound's two words as a whole form (`para brisas`), with the plural endings of the second when it ends in a letter. */
function compoundForm(a: string, b: string): WholeForm {
  return { words: `${a} ${b}`, plural: /[a-z]$/.test(b) };
}

/** Abbreviation candidates of a word: its prefixes of 3+ letters, shorter than itself (`amort`, `amorti`, … of `amortiguador`). */
export function abbreviationCandidates(word: string): string[] {
  if (!/^[a-z]+$/.test(word) || word.length <= MIN_ABBREVIATION) return [];
  const out: string[] = [];
  for (let n = MIN_ABBREVIATION; n < word.length; n++) out.push(word.slice(0, n));
  return out;
}

/** Compound splits of a word into two words of 3+ letters (`parabrisas` → `para brisas`, …). */
export function compoundCandidates(word: string): [string, string][] {
  if (!/^[a-z]+$/.test(word) || word.length < 6) return [];
  const out: [string, string][] = [];
  for (let n = 3; n <= word.length - 3; n++) out.push([word.slice(0, n), word.slice(n)]);
  return out;
}

/** Every vocabulary word a plan of `query` could use ({@link abbreviationCandidates}, {@link compoundCandidates}). */
export function vocabularyCandidates(query: string): string[] {
  const out = new Set<string>();
  for (const { text, typed } of searchTokens(query)) {
    if (/^[a-z]+$/.test(text)) out.add(text);
    if (typed !== text && /^[a-z]+$/.test(typed)) out.add(typed);
    for (const p of abbreviationCandidates(text)) out.add(p);
    for (const [a, b] of compoundCandidates(text)) out.add(a).add(b);
  }
  return [...out];
}

/** The conditions of one query word (see the module comment). */
function wordTerm(word: string, key: string, known: KnownWords, synonyms: SynonymIndex, typed = false): SearchTerm {
  const loose: SQL[] = [];
  // A measure with a decimal (`1.5`, `14x1,5`): either decimal mark, and never its key (`14x15`
  // would read `INF14X150`).
  const measure = measurePieces(word);
  const exact: WholeForm[] = [measure ? { regex: decimalRegex(word) } : wordForm(word)];
  // What the description may hold: the word (its plurals and longer words too), its key, and every
  // other form the term matches (split, abbreviation, compound, synonym).
  const held: string[][] = [[word]];
  const otherMark = measure ? otherDecimalMark(word) : word;
  if (otherMark !== word) held.push([otherMark]);
  else if (key && key !== word && !measure) held.push([key]);
  if (substringSearched(word)) {
    loose.push(like(`%${escapeLike(word)}%`));
    if (otherMark !== word) loose.push(like(`%${escapeLike(otherMark)}%`));
    else if (key && key !== word && key.length >= MIN_SUBSTRING && !measure) loose.push(like(`%${escapeLike(key)}%`));
  } else {
    // 1–2 characters (or letters and digits): only at the start of a word, so `om` finds `OM 366` but not `bomba`.
    loose.push(regex(`(^|${wordStart(word)})${decimalRegex(word)}`));
  }
  const pieces = measure ?? splitPieces(key || word);
  if (splittable(pieces)) {
    loose.push(splitCondition(pieces, decimalRegex));
    // A decimal is not a word of `search_words` (`1.5` is `1 5` there): a measure is whole by its text.
    exact.push(measure ? { regex: pieces.map(decimalRegex).join(`${WORD_SEPARATORS}{0,2}`) } : splitForm(pieces));
    held.push(pieces);
  }
  // A word corrected as a typo keeps only its substring: the abbreviations of a misspelling (`der` of `derantero`) mislead.
  const abbreviations = typed ? [] : abbreviationCandidates(word).filter((p) => known.has(p));
  // An abbreviation is the catalogue's word itself, never with plural endings: `buj` (of `bujia`)
  // must not read `bujes`.
  for (const a of abbreviations) {
    loose.push(wholeWord(a, false));
    held.push([a]);
  }
  for (const [a, b] of compoundCandidates(word)) {
    if (known.has(a) && known.has(b)) {
      loose.push(phrase(`${a} ${b}`));
      exact.push(compoundForm(a, b));
      held.push([a, b]);
    }
  }
  for (const form of synonyms.get(word) ?? []) {
    loose.push(phrase(form));
    held.push(form.split(' '));
  }
  return { words: [word], loose: or(loose), exact: wholeAny(exact), described: inDescription(held), leads: leadsDescription(word) };
}

/**
 * A term over several words: its words one by one, or the alternatives of `form` (a synonym or the
 * words joined); `joined`, the words written together, counts as whole words too.
 */
function groupTerm(members: SearchTerm[], alternatives: SQL[], joined?: string): SearchTerm {
  const each = and(members.map((m) => m.exact));
  const described = and(members.map((m) => m.described));
  return {
    words: members.flatMap((m) => m.words),
    loose: or([and(members.map((m) => m.loose)), ...alternatives]),
    exact: joined ? or([each, wholeAny([wordForm(joined)])]) : each,
    described: joined ? or([described, inDescription([[joined]])]) : described,
    leads: members[0]!.leads,
  };
}

/** Whether words `a` and `b` read as one when joined (`om` + `366`, `6` + `x` + `40` handled by the caller). */
function joinable(a: string, b: string, known: KnownWords): boolean {
  if (/^[a-z]{1,4}$/.test(a) && /^[0-9]+$/.test(b)) return true;
  if (/^[0-9]+$/.test(a) && /^[a-z]{1,3}$/.test(b) && b !== 'x') return true;
  return /^[a-z]+$/.test(a) && /^[a-z]+$/.test(b) && known.has(a + b);
}

/**
 * The plan of a search query.
 * @param known vocabulary words among {@link vocabularyCandidates} of the query (empty: no abbreviations or compounds).
 * @param synonyms the synonym forms ({@link synonymIndex}).
 * @param corrections typo corrections by query word, best first (vocabulary.ts `corrections`), for the second pass.
 */
export function searchPlan(
  query: string,
  known: KnownWords = new Set(),
  synonyms: SynonymIndex = new Map(),
  corrections: ReadonlyMap<string, readonly string[]> = new Map(),
): SearchPlan {
  const tokens = searchTokens(query).slice(0, MAX_SEARCH_TOKENS);
  const words = tokens.map((t) => wordTerm(t.text, t.key, known, synonyms, corrections.has(t.text)));
  const terms: SearchTerm[] = [];
  for (let i = 0; i < tokens.length; ) {
    // A synonym phrase of 3 or 2 words (`aire acondicionado`, `mercedes benz`).
    let taken = 0;
    for (let n = Math.min(3, tokens.length - i); n >= 2 && !taken; n--) {
      const form = tokens
        .slice(i, i + n)
        .map((t) => t.text)
        .join(' ');
      const others = synonyms.get(form);
      if (others) {
        terms.push(groupTerm(words.slice(i, i + n), [phrase(form), ...others.map(phrase)]));
        taken = n;
      }
    }
    if (taken) {
      i += taken;
      continue;
    }
    const [a, b, c] = [tokens[i]?.text ?? '', tokens[i + 1]?.text ?? '', tokens[i + 2]?.text ?? ''];
    if (/^[0-9]+$/.test(a) && b === 'x' && /^[0-9]+$/.test(c)) {
      // `6 x 40` also as `6x40`.
      terms.push(groupTerm(words.slice(i, i + 3), [like(`%${a}x${c}%`)], `${a}x${c}`));
      i += 3;
    } else if (b && joinable(a, b, known)) {
      terms.push(groupTerm(words.slice(i, i + 2), [like(`%${escapeLike(a + b)}%`)], a + b));
      i += 2;
    } else {
      terms.push(words[i]!);
      i += 1;
    }
  }
  const planWords = tokens.map((t) => ({ text: t.text, typed: t.typed }));
  const plan: SearchPlan = { terms, words: planWords, codeKey: partNumberKey(query) };
  if (!corrections.size) return plan;
  // A word left as typed keeps its own term's conditions, built once per word.
  const own = new Map<string, SearchTerm>();
  const ownTerm = (w: string): SearchTerm => own.get(w) ?? own.set(w, wordTerm(w, w, known, synonyms)).get(w)!;
  for (const term of terms) {
    if (!term.words.some((w) => corrections.has(w))) continue;
    // Every word of the term still has to match: the corrected ones as one of their corrections.
    const loose = (w: string) => {
      const fixes = corrections.get(w);
      if (!fixes) return ownTerm(w).loose;
      return or(fixes.map((f) => wordTerm(foldPlural(f), foldPlural(f), known, synonyms).loose));
    };
    // `wordForm` of the folded form also reads the form itself (`junta` plural reads `juntas`).
    const whole = (w: string) => wholeAny((corrections.get(w) ?? [w]).map((f) => wordForm(foldPlural(f))));
    const described = (w: string) => {
      const fixes = corrections.get(w);
      if (!fixes) return ownTerm(w).described;
      return inDescription(fixes.map((f) => [foldPlural(f)]));
    };
    term.corrected = and(term.words.map(loose));
    term.correctedExact = and(term.words.map(whole));
    term.correctedDescribed = and(term.words.map(described));
    const first = term.words[0]!;
    const firstFixes = corrections.get(first);
    term.correctedLeads = firstFixes ? or(firstFixes.map((f) => leadsDescription(foldPlural(f)))) : ownTerm(first).leads;
  }
  return { ...plan, corrections, correctedText: correctedQuery(planWords, corrections) };
}

/**
 * The query as the typo pass read it, to show the user: each corrected word as its correction, the
 * others as typed. Among a word's corrections, the first that `holds` (a word of the first part
 * found, say) is shown, else the best.
 */
export function correctedQuery(
  words: readonly PlanWord[],
  corrections: ReadonlyMap<string, readonly string[]>,
  holds: (word: string) => boolean = () => false,
): string {
  return words
    .map((w) => {
      const fixes = corrections.get(w.text);
      return fixes ? (fixes.find(holds) ?? fixes[0]!) : w.typed;
    })
    .join(' ');
}

/**
 * A typo pass's plan reduced to what can still match, when the query as typed found no part
 * (`typedFoundNone`) and is one term whose words are all searched as substrings (3+ characters):
 * the term's corrected alternatives alone, as its conditions and its whole forms, without the
 * typed words' own conditions or the query's code key. Neither can match a part then: the typed
 * term found none, and a part whose part number is the query's key holds that key, and so every
 * word of the term, in its search text. The page and total are the same (the relevance classes
 * become 3 and 4 instead of 5 and 6, with the same last digits: the same order), and every
 * misspelling corrected the same way gives the same statement, so its read can be shared
 * (catalogue/service.ts, docs/performance.md "Typo passes shared between misspellings").
 * @returns undefined for any other plan.
 */
export function correctionOnly(plan: SearchPlan): SearchPlan | undefined {
  const [term] = plan.terms;
  if (
    !plan.typedFoundNone ||
    plan.terms.length !== 1 ||
    !term?.corrected ||
    !term.correctedExact ||
    !term.correctedDescribed ||
    !term.correctedLeads
  ) {
    return undefined;
  }
  if (plan.words.some((w) => !substringSearched(w.text))) return undefined;
  const only = {
    words: term.words,
    loose: term.corrected,
    exact: term.correctedExact,
    described: term.correctedDescribed,
    leads: term.correctedLeads,
  };
  return { terms: [only], words: plan.words, codeKey: '' };
}

/**
 * A plan for the search box's suggestions while the last word is still being typed (`bomba ag`):
 * that word's term never counts as whole, so a word that happens to equal the unfinished one
 * (`AG. 56MM`) does not put its part first; its start still matches as before.
 */
export function typingLastWord(plan: SearchPlan): SearchPlan {
  const last = plan.terms.at(-1);
  if (!last) return plan;
  return { ...plan, terms: [...plan.terms.slice(0, -1), { ...last, exact: sql`false` }] };
}

/**
 * The WHERE conditions of a plan: one per term; a code typed in pieces (`06h 103 14 4`) is also
 * found by its whole key, so the pieces together are one condition then.
 */
export function planConditions(plan: SearchPlan): SQL[] {
  const terms = plan.terms.map((t) => (t.corrected ? sql`(${t.loose} or ${t.corrected})` : t.loose));
  const key = plan.codeKey;
  if (plan.terms.length > 1 && key.length >= 4 && /\d/.test(key) && /^[a-z0-9]+$/.test(key)) {
    return [sql`(${and(terms)} or ${like(`%${key}%`)})`];
  }
  return terms;
}

/**
 * The words of a plan worth a typo pass: letters only, 4+ as read or as typed, and not a vocabulary
 * word either way.
 */
export function unknownWords(plan: SearchPlan, known: KnownWords): PlanWord[] {
  const correctable = (w: string) => /^[a-z]{4,}$/.test(w);
  return plan.words.filter((w) => (correctable(w.text) || correctable(w.typed)) && !known.has(w.text) && !known.has(w.typed));
}

/**
 * How many of a plan's terms a part matches as whole words (corrections included), as SQL; only
 * for a plan of 2+ terms.
 */
function wholeTermCount(plan: SearchPlan): SQL {
  const whole = (t: SearchTerm) => (t.correctedExact ? or([t.exact, t.correctedExact]) : t.exact);
  return sql`(${sql.join(
    plan.terms.map((t) => sql`(case when ${whole(t)} then 1 else 0 end)`),
    sql` + `,
  )})`;
}

/**
 * The last digit of a relevance value, as SQL: 0 when the description holds every term
 * (`described`) and starts with the first (`leads`), 1 when it holds them only, 2 and 3 when it
 * does not hold them all.
 */
function ownText(described: SQL[], leads: SQL): SQL {
  return sql`((case when ${and(described)} then 0 else 2 end) + (case when ${leads} then 0 else 1 end))`;
}

/**
 * The relevance of a part (lower first), a hundred times its class: 0 exact part number, 1 exact
 * alternate code, 2 part number prefix (code-like queries), 3 every word as a whole word, 4 every
 * term matched by a word, prefix, abbreviation, split or synonym, 5 the corrected words as whole
 * words, 6 other matches of corrected words.
 * - In classes 4 and 6 the tens order parts with more terms matched as whole words first: for
 *   `diametro control`, `CONTROL … DIAM.` (one) before `CON LLAVE … DIAM.` (none: `con` only
 *   abbreviates `control`). That count is read only for the parts that reach those classes.
 * - In classes 3 to 6 the last digit ({@link ownText}) puts first the parts whose description holds
 *   every term in one of its forms, and among those the ones whose description starts with the first
 *   word (`PASTILLAS DE FRENO …` before `SENSOR PASTILLA FRENO`, for `pastilla freno`): a category
 *   path or a brand holds words too (`BOMBA ACEITE` in the category `FILTROS Y LUBRICACION`, for
 *   `filtro aceite` or the suggestions' `fil`), and a description names the part first. In class 1
 *   it is 1 for a part whose description and alternate codes do not hold the code (`PARAGOLPE 1518`
 *   in the category `OM352`, for `om 352`).
 * Classes 3 and 4 are not tested when the typo pass's words as typed found nothing (`typedFoundNone`).
 */
export function relevanceClass(plan: SearchPlan): SQL {
  const whens: SQL[] = [];
  const key = plan.codeKey;
  const n = plan.terms.length;
  const corrected = plan.terms.some((t) => t.corrected);
  const typed = n
    ? ownText(
        plan.terms.map((t) => t.described),
        plan.terms[0]!.leads,
      )
    : sql.raw('0');
  const fixed = n
    ? ownText(
        plan.terms.map((t) => t.correctedDescribed ?? t.described),
        plan.terms[0]!.correctedLeads ?? plan.terms[0]!.leads,
      )
    : sql.raw('0');
  /** Class `c` with the whole-term order in its tens (8 terms at most) and `last` in its last digit. */
  const partial = (c: number, last: SQL): SQL =>
    n > 1
      ? sql`(${sql.raw(String(c * 100 + n * 10))} - 10 * ${wholeTermCount(plan)} + ${last})`
      : sql`(${sql.raw(String(c * 100))} + ${last})`;
  if (key) {
    whens.push(sql`when ${parts.partNumberKey} = ${key} then 0`);
    if (/\d/.test(key) && key.length >= 3) {
      // The key as an alternate code or in the description first; as a word of the category path or brand only after.
      const own = sql`(${inDescription([[key]])} or exists (select 1 from unnest(${parts.alternateCodes}) as code where public.portal_code_key(code) = ${key}))`;
      whens.push(sql`when ${wholeAny([{ words: key, plural: false }])} then (case when ${own} then 100 else 101 end)`);
      whens.push(sql`when ${parts.partNumberKey} like ${`${escapeLike(key)}%`} then 200`);
    }
  }
  if (n) {
    if (!plan.typedFoundNone) {
      whens.push(sql`when ${and(plan.terms.map((t) => t.exact))} then (300 + ${typed})`);
      if (corrected) whens.push(sql`when ${and(plan.terms.map((t) => t.loose))} then ${partial(4, typed)}`);
    }
    if (corrected) {
      whens.push(sql`when ${and(plan.terms.map((t) => t.correctedExact ?? t.exact))} then (500 + ${fixed})`);
    }
  }
  const fallback = n ? partial(corrected ? 6 : 4, corrected ? fixed : typed) : sql.raw('400');
  if (!whens.length) return fallback;
  return sql`(case ${sql.join(whens, sql` `)} else ${fallback} end)`;
}
