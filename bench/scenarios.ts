/**
 * The load scenarios (names of docs/product.md §15.3) and what they need to know about the
 * catalogue the server holds: its total, category ids, a common brand, part ids and codes.
 */
import type { AutocannonRequest } from 'autocannon';
import { DEMO_VOCABULARY } from '../src/server/modules/demo/generate.ts';
import { dynamicGet, get } from './load.ts';
import { mulberry32, type QuerySource, suggestionPrefixes, uncachedQueries } from './queries.ts';

export const PAGE_SIZE = 60;

interface CategoryNode {
  id: number;
  name: string;
  level: number;
  partCount: number;
  children: CategoryNode[];
}

export interface Catalogue {
  total: number;
  /** The real `/api/parts?limit=60` body: what the ceiling server answers. */
  firstPageBody: string;
  categoryL1: { id: number; name: string; parts: number };
  categoryL3: { id: number; name: string; parts: number };
  brand: { name: string; parts: number };
  ids: number[];
}

async function getJson<T>(origin: string, path: string): Promise<{ body: T; text: string }> {
  const response = await fetch(origin + path);
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return { body: JSON.parse(text) as T, text };
}

/** Asks the running server what the scenarios need. */
export async function discover(origin: string, ids: number[]): Promise<Catalogue> {
  const first = await getJson<{ total: number; parts: unknown[] }>(origin, `/api/parts?limit=${PAGE_SIZE}`);
  const tree = (await getJson<CategoryNode[]>(origin, '/api/categories/public')).body;
  const flat: CategoryNode[] = [];
  const walk = (nodes: CategoryNode[]) => {
    for (const node of nodes) {
      flat.push(node);
      walk(node.children);
    }
  };
  walk(tree);
  const largest = (level: number) => {
    const nodes = flat.filter((n) => n.level === level).sort((a, b) => b.partCount - a.partCount);
    const node = nodes[0];
    if (!node) throw new Error(`no level-${level} category in /api/categories/public`);
    return { id: node.id, name: node.name, parts: node.partCount };
  };
  const brands = (await getJson<{ brand: string; count: number }[]>(origin, '/api/brands')).body.sort((a, b) => b.count - a.count);
  const brand = brands[0];
  if (!brand) throw new Error('no brand in /api/brands');
  return {
    total: first.body.total,
    firstPageBody: first.text,
    categoryL1: largest(1),
    categoryL3: largest(3),
    brand: { name: brand.brand, parts: brand.count },
    ids,
  };
}

export interface LoadScenario {
  name: string;
  /** What it requests, for the docs and the log. */
  describe: string;
  requests: AutocannonRequest[];
}

export const SEARCHES: Record<string, string> = {
  'search-bujia': 'bujia',
  'search-06h10': '06h10',
  'search-filtro-aceite': 'filtro aceite',
  'search-ciguenal': 'cigüeñal',
};

export const COLLECTIONS = ['featured', 'new-arrivals', 'on-sale'] as const;

/**
 * Paths of the deepest pages of the unfiltered list, never the same twice: for each page size
 * from 100 down to 20, its last page, then the one before, and so on (a new `(limit, page)` pair
 * is a new cache key, so every request reaches the database with an OFFSET near the total).
 */
export function deepPages(total: number): () => string {
  let k = 0;
  let limit = 100;
  return () => {
    const last = Math.max(1, Math.ceil(total / limit));
    const path = `/api/parts?limit=${limit}&page=${Math.max(1, last - k)}`;
    limit -= 1;
    if (limit < 20) {
      limit = 100;
      k += 1;
    }
    return path;
  };
}

/**
 * The scenarios against the real server, in run order (`ceiling` runs against its own server and
 * `mixed` last). `queries` and `prefixes` (the search box's, {@link prefixesFor}) must be shared by
 * every run against one server process, so no query repeats while its cache lives.
 */
export function loadScenarios(catalogue: Catalogue, queries: QuerySource, prefixes: QuerySource, seed = 7): LoadScenario[] {
  const lastPage = Math.max(1, Math.ceil(catalogue.total / PAGE_SIZE));
  const random = mulberry32(seed);
  const randomId = () => catalogue.ids[Math.floor(random() * catalogue.ids.length)]!;
  const uncached = () => dynamicGet(() => `/api/parts?search=${encodeURIComponent(queries.next())}`);
  const byId = () => dynamicGet(() => `/api/parts/${randomId()}`);
  const nextDeepPage = deepPages(catalogue.total);
  const fixed: Record<string, string> = {
    'page-1': '/api/parts',
    'page-last': `/api/parts?page=${lastPage}`,
    'category-l1': `/api/parts?categoryId=${catalogue.categoryL1.id}`,
    'category-l3': `/api/parts?categoryId=${catalogue.categoryL3.id}`,
    brand: `/api/parts?brand=${encodeURIComponent(catalogue.brand.name)}`,
  };
  for (const [name, term] of Object.entries(SEARCHES)) fixed[name] = `/api/parts?search=${encodeURIComponent(term)}`;
  const carousels = COLLECTIONS.map((c) => get(`/api/products/${c}`));
  const scenarios: LoadScenario[] = Object.entries(fixed).map(([name, path]) => ({ name, describe: `GET ${path}`, requests: [get(path)] }));
  scenarios.push(
    { name: 'search-uncached', describe: 'GET /api/parts?search=<a query never sent before>', requests: [uncached()] },
    {
      name: 'suggest-uncached',
      describe: 'GET /api/search/suggest?q=<a prefix of 2+ characters never sent before>',
      requests: [dynamicGet(() => `/api/search/suggest?q=${encodeURIComponent(prefixes.next())}`)],
    },
    {
      name: 'page-last-uncached',
      describe: 'GET /api/parts?limit=<L>&page=<last pages of L, never twice>',
      requests: [dynamicGet(nextDeepPage)],
    },
    { name: 'part-by-id', describe: 'GET /api/parts/<random id>', requests: [byId()] },
    { name: 'carousels', describe: COLLECTIONS.map((c) => `/api/products/${c}`).join(', '), requests: carousels },
    { name: 'categories', describe: 'GET /api/categories/public', requests: [get('/api/categories/public')] },
  );
  const mixed: AutocannonRequest[] = [...Object.values(fixed).map(get), uncached(), byId(), ...carousels, get('/api/categories/public')];
  scenarios.push({ name: 'mixed', describe: `all of the above in rotation (${mixed.length} requests)`, requests: mixed });
  return scenarios;
}

/**
 * The real server's warm-up rotation: the fixed paths, and part reads by id drawn from their own
 * random stream (seed {@link WARM_UP_SEED}, not the `part-by-id` scenario's), so that the part read's
 * code path is compiled and its pool connections open before it is measured (a fresh server's
 * first 2–3 s of part reads ran at about half the speed of the next ones, docs/performance.md
 * "Session 23"). No search is sent: every uncached query stays unseen.
 */
export function warmUpRequests(catalogue: Pick<Catalogue, 'ids'>): AutocannonRequest[] {
  const random = mulberry32(WARM_UP_SEED);
  const warm: AutocannonRequest[] = [get('/api/parts'), get('/api/categories/public'), get('/api/products/featured')];
  if (catalogue.ids.length) warm.push(dynamicGet(() => `/api/parts/${catalogue.ids[Math.floor(random() * catalogue.ids.length)]}`));
  return warm;
}

/** Seed of the warm-up's part reads ({@link warmUpRequests}); the scenarios use 7. */
const WARM_UP_SEED = 99;

/** A query source over the demo vocabulary and the catalogue's own part numbers. */
export function queriesFor(codes: readonly string[]): QuerySource {
  return uncachedQueries(DEMO_VOCABULARY, codes);
}

/** The search box's prefixes (`suggestionPrefixes`) of another query source over the same words and codes. */
export function prefixesFor(codes: readonly string[]): QuerySource {
  return suggestionPrefixes(uncachedQueries(DEMO_VOCABULARY, codes, 13));
}
