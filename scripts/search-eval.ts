/**
 * `npm run search:eval` (issue 18): measures the catalogue search on the real catalogues of
 * `../shared/data`. Each catalogue is imported into an in-memory PGlite; queries of five kinds are
 * generated from its own parts at run time (seeded, so two runs ask the same), each with the part
 * it must find; the search runs through the service as `GET /api/parts` does ("Relevancia", typo
 * correction on). Prints top-1, top-10 and MRR by kind and overall. The real data stays outside
 * the repository: nothing of it is written anywhere.
 *
 * Kinds: `code` (part number as written, without separators, spaced; alternate codes), `words`
 * (two or three of a description's rarest words), `abbrev` (a description's abbreviated words
 * written out in full, `AMORT.` → amortiguador), `typo` (one wrong, missing, doubled or swapped
 * letter in a description's rare word of 5+ letters), `split` (letter/digit and `NxM` runs joined
 * or split, `OM 366` ↔ om366, `6 X 40` ↔ 6x40). A query's expected parts are every part that
 * answers it (see `buildCases`), not only the one it was written from.
 *
 * Options: `--misses` lists the queries whose expected part is not first (with the part and the
 * first answer); `--seed N` draws another set of queries (default 18).
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { type PartsQuery, partsQuerySchema } from '../src/shared/api.ts';
import { foldPlural, foldText, partNumberKey } from '../src/shared/text.ts';
import { openDatabase, queryRows } from '../src/server/db/client.ts';
import { databaseReader } from '../src/server/modules/catalogue/reader.ts';
import { listParts } from '../src/server/modules/catalogue/service.ts';
import { importCatalogueFile } from '../src/server/modules/import/service.ts';
import { loadSynonymIndex } from '../src/server/modules/search/service.ts';
import { REAL_DATA } from '../src/server/test/data.ts';
import { mulberry32, typo } from '../bench/queries.ts';

type Kind = 'code' | 'words' | 'abbrev' | 'typo' | 'split';
const KINDS: Kind[] = ['code', 'words', 'abbrev', 'typo', 'split'];
/**
 * Queries drawn per kind and catalogue, at most. Written abbreviations (`AMORT.`) are frequent in
 * one catalogue only, so that kind draws more where they are.
 */
const PER_KIND: Record<Kind, number> = { code: 80, words: 80, abbrev: 160, typo: 80, split: 80 };

interface Case {
  kind: Kind;
  query: string;
  /** Ids of the parts that answer it (see `buildCases`). */
  expected: Set<number>;
}

interface PartRow {
  id: number;
  partNumber: string;
  description: string;
  alternateCodes: string[];
  brand: string | null;
  categoryPath: string[];
}

const words = (text: string) =>
  foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * A text's words as an answer is judged by them: folded, with the search's plural fold (`filtros`
 * answers `filtro`), plus a letter run or number joined to the number after it across one or two
 * separators (`OM 366`, `OM-366` and `OM366` all hold `om366`; `6 X 40` holds `6x40`).
 */
function answerWords(text: string): Set<string> {
  const folded = foldText(text);
  const out = new Set(words(folded).map(foldPlural));
  for (const m of folded.matchAll(/(?<![a-z0-9])([a-z]{1,4})[- ./]{0,2}(\d+)(?![0-9])/g)) out.add(`${m[1]}${m[2]}`);
  for (const m of folded.matchAll(/(?<![a-z0-9.,])(\d+) ?x ?(\d+)(?![0-9])/g)) out.add(`${m[1]}x${m[2]}`);
  return out;
}

/**
 * The cases of one catalogue, generated from its parts and vocabulary. A case's expected parts are
 * every part whose text (description, brand, category path: what the search reads besides codes)
 * holds each of the words the query was written from, as {@link answerWords} reads them; a
 * written-out abbreviation is answered by the abbreviation or the word.
 * @param synonyms the synonym table's forms by form, preferred to the vocabulary to write an abbreviation out.
 */
function buildCases(
  rows: PartRow[],
  vocabulary: Map<string, number>,
  synonyms: ReadonlyMap<string, readonly string[]>,
  seed: number,
): Case[] {
  const random = mulberry32(seed);
  const shuffled = [...rows].sort(() => random() - 0.5);
  const byCode = new Map<string, Set<number>>();
  for (const r of rows) {
    for (const code of [r.partNumber, ...r.alternateCodes]) {
      const key = partNumberKey(code);
      if (key.length >= 4) byCode.set(key, (byCode.get(key) ?? new Set()).add(r.id));
    }
  }
  const wordSets = rows.map((r) => ({ id: r.id, words: answerWords([r.description, r.brand ?? '', ...r.categoryPath].join(' ')) }));
  /** Parts holding, for each entry of `source`, one of its forms. */
  const holding = (r: PartRow, source: (string | string[])[]) => {
    const forms = source.map((s) => (Array.isArray(s) ? s : [s]).map(foldPlural));
    const found = new Set(wordSets.filter((w) => forms.every((f) => f.some((x) => w.words.has(x)))).map((w) => w.id));
    return found.size ? found : new Set([r.id]);
  };
  const rare = (r: PartRow) =>
    [...new Set(words(r.description).filter((w) => /^[a-z]{3,}$/.test(w)))].sort(
      (a, b) => (vocabulary.get(a) ?? 0) - (vocabulary.get(b) ?? 0) || a.localeCompare(b),
    );
  // An abbreviation's written-out form: a longer form of its synonym group, else the most
  // frequent longer vocabulary word it starts.
  const expansions = new Map<string, string>();
  const expand = (abbr: string): string | undefined => {
    if (!expansions.has(abbr)) {
      let best: [string, number] | undefined = synonyms
        .get(abbr)
        ?.filter((f) => /^[a-z]+$/.test(f) && f.length > abbr.length + 1)
        .map((f) => [f, 0] as [string, number])[0];
      if (!best)
        for (const [w, n] of vocabulary) if (w.length > abbr.length + 1 && w.startsWith(abbr) && (!best || n > best[1])) best = [w, n];
      expansions.set(abbr, best?.[0] ?? '');
    }
    return expansions.get(abbr) || undefined;
  };
  const out: Case[] = [];
  const count = (kind: Kind) => out.filter((c) => c.kind === kind).length;
  const add = (kind: Kind, query: string, expected: Set<number>) => {
    if (count(kind) < PER_KIND[kind] && query.trim() && !out.some((c) => c.kind === kind && c.query === query))
      out.push({ kind, query, expected });
  };
  for (const r of shuffled) {
    const key = partNumberKey(r.partNumber);
    const codeParts = byCode.get(key);
    if (key.length >= 4 && codeParts && count('code') < PER_KIND.code) {
      const variant = Math.floor(random() * 4);
      const alternate = r.alternateCodes.find((c) => partNumberKey(c).length >= 6 && /\d/.test(c));
      const query =
        variant === 0 ? r.partNumber : variant === 1 ? key : variant === 2 && alternate ? alternate : key.replace(/(\d{3})(?=\d)/, '$1 ');
      add('code', query, byCode.get(partNumberKey(query)) ?? codeParts);
    }
    const rareWords = rare(r);
    if (rareWords.length >= 2) {
      const chosen = rareWords.slice(0, rareWords.length >= 3 && random() < 0.5 ? 3 : 2);
      add('words', chosen.join(' '), holding(r, chosen));
    }
    const abbreviated = [...r.description.matchAll(/\b([A-Za-z]{2,6})\./g)].map((m) => foldText(m[1] ?? ''));
    // Abbreviations of 3+ letters (issue 18), written out.
    const written = abbreviated
      .filter((a) => a.length >= 3)
      .map((a) => [a, expand(a)] as const)
      .filter((pair): pair is readonly [string, string] => Boolean(pair[1]))
      .slice(0, 2);
    if (written.length) {
      const rest = rareWords.filter((w) => !abbreviated.includes(w)).slice(0, 1);
      add('abbrev', [...written.map(([, e]) => e), ...rest].join(' '), holding(r, [...written.map(([a, e]) => [a, e]), ...rest]));
    }
    const long = rareWords.filter((w) => w.length >= 5);
    if (long.length) {
      const other = rareWords.find((w) => w !== long[0]);
      const source = [long[0] as string, ...(other && random() < 0.5 ? [other] : [])];
      add('typo', [typo(source[0] as string, random), ...source.slice(1)].join(' '), holding(r, source));
    }
    // A letter run (not the `x` of a size) and a number, or a size `N x M`, written the other way.
    const folded = foldText(r.description);
    const spaced =
      folded.match(/(?<![a-z0-9])(?!x )([a-z]{1,4}) (\d{2,4})(?![0-9]|[.,]\d)/) ??
      folded.match(/(?<![a-z0-9.,])(\d+) x (\d+)(?![0-9]|[.,]\d)/);
    const joined =
      folded.match(/(?<![a-z0-9])(?!x\d)([a-z]{1,4})(\d{2,4})(?![0-9a-z]|[.,]\d)/) ??
      folded.match(/(?<![a-z0-9.,])(\d+)x(\d+)(?![0-9]|[.,]\d)/);
    const context = rareWords.find((w) => w.length >= 4 && !/\d/.test(w));
    const withContext = (source: string[]) => (context ? [...source, context] : source);
    const sizeOrCode = (m: RegExpMatchArray) => (/^\d/.test(m[0]) ? `${m[1]}x${m[2]}` : `${m[1]}${m[2]}`);
    if (spaced)
      add('split', [spaced[0].replace(/ /g, ''), context].filter(Boolean).join(' '), holding(r, withContext([sizeOrCode(spaced)])));
    else if (joined) {
      const split = /^\d/.test(joined[0]) ? `${joined[1]} x ${joined[2]}` : `${joined[1]} ${joined[2]}`;
      add('split', [split, context].filter(Boolean).join(' '), holding(r, withContext([sizeOrCode(joined)])));
    }
    if (KINDS.every((k) => count(k) >= PER_KIND[k])) break;
  }
  return out;
}

interface Score {
  n: number;
  top1: number;
  top10: number;
  rr: number;
}

/**
 * The seed of the cases (`--seed N`, default 18): another seed draws other queries of the same
 * kinds, a held-out check that a change to the search did not only fit the default set.
 */
function seedArgument(): number {
  const at = process.argv.indexOf('--seed');
  const seed = at === -1 ? 18 : Number(process.argv[at + 1]);
  if (!Number.isInteger(seed)) {
    console.error('--seed takes an integer');
    process.exit(2);
  }
  return seed;
}

async function main() {
  const seed = seedArgument();
  const catalogues = [
    { name: 'dlc-motors', file: REAL_DATA.dlc },
    { name: 'zabala-repuestos', file: REAL_DATA.zabala },
    { name: 'resortes-puerto-montt', file: REAL_DATA.resortes },
  ].filter((c) => fs.existsSync(c.file));
  if (!catalogues.length) {
    console.error('search:eval needs the real catalogues of ../shared/data');
    process.exit(1);
  }
  const scores = new Map<string, Score>();
  const misses: string[] = [];
  const score = (key: string, rank: number) => {
    const s = scores.get(key) ?? { n: 0, top1: 0, top10: 0, rr: 0 };
    s.n++;
    if (rank === 1) s.top1++;
    if (rank >= 1 && rank <= 10) s.top10++;
    if (rank >= 1) s.rr += 1 / rank;
    scores.set(key, s);
  };
  for (const [index, catalogue] of catalogues.entries()) {
    const database = await openDatabase({});
    await database.migrate();
    await importCatalogueFile(database.db, fs.readFileSync(catalogue.file), { lowStock: 5 });
    const rows = await queryRows<PartRow>(
      database.db,
      sql`select id, part_number as "partNumber", description, alternate_codes as "alternateCodes", brand, category_path as "categoryPath" from parts where is_active`,
    );
    const vocabulary = new Map(
      (await queryRows<{ word: string; parts: number }>(database.db, sql`select word, parts from search_vocabulary`)).map((v) => [
        v.word,
        Number(v.parts),
      ]),
    );
    const reader = databaseReader(database.db, { imageBaseUrl: '' });
    const cases = buildCases(rows, vocabulary, await loadSynonymIndex(database.db), seed + index);
    for (const c of cases) {
      const query: PartsQuery = partsQuerySchema.parse({ search: c.query, limit: 50 });
      const answer = await listParts(reader, { role: 'guest' }, query);
      const rank = answer.parts.findIndex((p) => c.expected.has(p.id)) + 1;
      score(c.kind, rank);
      score('all', rank);
      if (rank !== 1 && misses.length < 400) {
        const wanted = rows.find((r) => c.expected.has(r.id));
        const top = answer.parts[0];
        misses.push(
          `${catalogue.name} ${c.kind} rank ${rank || '-'}: ${c.query}${answer.correctedSearch ? ` (→ ${answer.correctedSearch})` : ''}\n    want ${wanted?.partNumber} ${wanted?.description}\n    got  ${top ? `${top.partNumber} ${top.description}` : 'nothing'}`,
        );
      }
    }
    console.log(`${catalogue.name}: ${rows.length} parts, ${cases.length} queries`);
    await database.close();
  }
  console.log('\nkind      queries  top-1   top-10  MRR');
  for (const kind of [...KINDS, 'all']) {
    const s = scores.get(kind);
    if (!s) continue;
    const pct = (x: number) => `${((100 * x) / s.n).toFixed(1)}%`.padStart(7);
    console.log(`${kind.padEnd(9)} ${String(s.n).padStart(7)} ${pct(s.top1)} ${pct(s.top10)}  ${(s.rr / s.n).toFixed(3)}`);
  }
  if (process.argv.includes('--misses')) console.log(`\n${misses.join('\n')}`);
}

await main();
