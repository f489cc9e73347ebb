/**
 * What a catalogue read needs besides its arguments: the database, the presentation settings, and
 * the facts other reads already found out (the viewer's price list, the categories, a filter's
 * total). Service functions take one {@link CatalogueReader}; whether those facts come from the
 * database each time ({@link databaseReader}) or from the catalogue cache ({@link cachedReader},
 * the public routes) is the reader's business, so cache policy stays out of the service.
 */
import type { SQL } from 'drizzle-orm';
import type { PartFilters } from '../../../shared/api.ts';
import type { Executor } from '../../db/client.ts';
import type { Viewer } from '../auth/viewer.ts';
import { type KnownWords, type SynonymIndex, loadSynonymIndex, loadVocabulary } from '../search/service.ts';
import type { CatalogueCache } from './cache.ts';
import { type LoadedCategories, loadCategories } from './categories.ts';
import type { CatalogueSettings } from './presenter.ts';
import { countParts, priceListFor, profileOf, profilePriceLists } from './queries.ts';

/** A filter's total if it is known without counting, and how to keep one learnt while reading a page. */
export interface KnownTotal {
  /** The total counted or learnt before at the current catalogue version, if any. */
  total: number | undefined;
  /** Keeps a total learnt while reading a page (labelled with the version read before the read began). */
  remember(total: number): void;
}

export interface CatalogueReader {
  readonly db: Executor;
  readonly settings: CatalogueSettings;
  /** The viewer's price list (1–10). */
  priceList(viewer: Viewer): Promise<number>;
  /** Every category and the set hidden from the public. */
  categories(): Promise<LoadedCategories>;
  /** Number of public parts matching `filters`, whose WHERE is `where` (from `filterConditions`). */
  countParts(filters: PartFilters, where: SQL | undefined): Promise<number>;
  /** The total of `filters` if already known (see {@link KnownTotal}). */
  knownTotal(filters: PartFilters): Promise<KnownTotal>;
  /** The search's synonym groups (search/service.ts `loadSynonymIndex`). */
  synonyms(): Promise<SynonymIndex>;
  /**
   * The search's whole vocabulary when this reader keeps it (search/service.ts `loadVocabulary`);
   * undefined when each search should look its words up in the database instead.
   */
  vocabulary(): Promise<KnownWords | undefined>;
  /**
   * The result of `read`, a read that queries other than the one asked may share (a typo pass's
   * page, service.ts), kept under `key` at the current catalogue version when this reader caches:
   * as JSON with the response bodies, so within their bytes (`CATALOGUE_CACHE_MB`). `T` must
   * survive JSON (numbers, texts, arrays, null). Without a cache, `read` every time.
   */
  shared<T>(key: string, read: () => Promise<T>): Promise<T>;
}

const UNKNOWN: KnownTotal = { total: undefined, remember: () => {} };

/** A reader that asks the database every time and keeps nothing (exports, tests). */
export function databaseReader(db: Executor, settings: CatalogueSettings): CatalogueReader {
  return {
    db,
    settings,
    priceList: (viewer) => priceListFor(db, viewer),
    categories: () => loadCategories(db),
    countParts: (_filters, where) => countParts(db, where),
    knownTotal: async () => UNKNOWN,
    synonyms: () => loadSynonymIndex(db),
    vocabulary: async () => undefined,
    shared: (_key, read) => read(),
  };
}

/**
 * The part of a list's query that decides its matches (category, brand, search), as text: the key
 * of the filter's total in the cache, and part of a cached page's key.
 */
export function filterKey(filters: PartFilters & { exact?: '0' | '1' | undefined }): string {
  const key = [filters.categoryId ?? 0, filters.brand ?? '', filters.search ?? ''];
  // A search without its typo correction is another filter (the key of others is unchanged).
  return JSON.stringify(filters.exact === '1' ? [...key, 'exact'] : key);
}

/**
 * A reader over the catalogue cache: the profiles' price lists, the categories, the search's
 * synonyms and vocabulary, and each filter's total are read once per catalogue version (a filter's
 * total whatever the page or sort).
 */
export function cachedReader(db: Executor, settings: CatalogueSettings, cache: CatalogueCache): CatalogueReader {
  const countKey = (filters: PartFilters) => `count|${filterKey(filters)}`;
  return {
    db,
    settings,
    priceList: async (viewer) => (await cache.get('profiles', () => profilePriceLists(db))).value[profileOf(viewer)],
    categories: async () => (await cache.get('categories', () => loadCategories(db))).value,
    countParts: async (filters, where) => (await cache.get(countKey(filters), () => countParts(db, where))).value,
    knownTotal: async (filters) => {
      const key = countKey(filters);
      // The version is read before the page is, so a total learnt from it is never labelled newer than it is.
      const version = await cache.currentVersion();
      const total = await cache.peek<number>(key);
      return { total, remember: (learnt) => cache.put(key, version, learnt) };
    },
    synonyms: async () => (await cache.get('synonyms', () => loadSynonymIndex(db))).value,
    vocabulary: async () => (await cache.get('vocabulary', () => loadVocabulary(db))).value,
    shared: async <T>(key: string, read: () => Promise<T>) => {
      let fresh: { value: T } | undefined;
      const { body } = await cache.body(`shared|${key}`, async () => {
        fresh = { value: await read() };
        return JSON.stringify(fresh.value);
      });
      // The read's own value when this call made it; the kept JSON otherwise.
      return fresh ? fresh.value : (JSON.parse(body.json.toString('utf8')) as T);
    },
  };
}
