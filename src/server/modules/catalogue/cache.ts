/**
 * In-process cache of catalogue reads (issue "Fast at 100,000 parts"). Entries are keyed by the
 * catalogue version that every import and admin change bumps, so a change is never served stale
 * after this process learns the new version: at once for changes made through this process (a
 * successful write marks the version dirty), within {@link VERSION_TTL_MS} for changes made by
 * another process (a CLI import, a second API process behind a load balancer), or at once when
 * PostgreSQL's `NOTIFY` of the change reaches this process ({@link CatalogueCache.markDirty},
 * wired by {@link registerCatalogueCache} through `listenCatalogueChanges`).
 *
 * While the database cannot be reached the cache keeps answering what it holds at the last
 * version it read, for at most `staleMaxMs` after that read (issue 20); misses then fail (503).
 *
 * Two stores, so that one cannot evict the other:
 * - **derived values** ({@link CatalogueCache.get}): profiles, categories and the total of each
 *   filter; small, few, and expensive to recompute (a broad filter's count reads ~100,000 rows);
 *   bounded by entry count.
 * - **response bodies** ({@link CatalogueCache.body}): serialized JSON as Buffers (outside V8's
 *   heap, sent without re-encoding) with their brotli and gzip forms made on first demand
 *   ({@link CatalogueCache.encoded}); bounded by bytes (`CATALOGUE_CACHE_MB`).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.ts';
import { type Database, type Executor, isDatabaseUnavailable } from '../../db/client.ts';
import { listenCatalogueChanges, readCatalogueVersion } from './version.ts';

/** Default time a read catalogue version is trusted before asking the database again, ms (`CATALOGUE_VERSION_TTL_MS`). */
export const VERSION_TTL_MS = 1000;
/** Default bound of the cached response bodies, bytes (`CATALOGUE_CACHE_MB`). */
export const BODY_CACHE_BYTES = 16 * 1024 * 1024;
/** Bound of the derived values (profiles, categories, one count per distinct filter), entries. */
export const DERIVED_CACHE_ENTRIES = 20_000;
/** Default time the cache answers from the last version read while the database is unreachable, ms (`CATALOGUE_STALE_MAX_MS`). */
export const STALE_MAX_MS = 5 * 60 * 1000;
/** After a failed version read, how long reads answer the stale version without asking again, ms. */
const OUTAGE_RECHECK_MS = 1000;

interface Entry<T> {
  version: number;
  value: T;
}

/** Content codings a cached body is also kept in, best first (what browsers send in Accept-Encoding). */
export type BodyEncoding = 'br' | 'gzip';

/**
 * A cached response body: the JSON and, made on first demand, its compressed forms, so that a
 * body is compressed once per catalogue version instead of once per response.
 */
export interface CachedBody {
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * `bytes` in memory of its own. Node hands out small Buffers (under 4 KB: a part's detail, most
 * compressed bodies) as slices of shared 8 KB slabs, and one kept slice keeps its whole slab: a
 * store of thousands of them held twice the bytes it counted. Kept bodies are copied out.
 */
function ownMemory(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}

/** `text` as UTF-8 in memory of its own (see {@link ownMemory}). */
function utf8(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 'utf8');
  return bytes;
}

/** Compresses `json`; brotli at quality 5 (text mode), gzip at level 6. */
async function compress(json: Buffer, encoding: BodyEncoding): Promise<Buffer> {
  const compressed =
    encoding === 'br'
      ? await brotli(json, {
          params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
        })
      : await gzip(json, { level: 6 });
  return ownMemory(compressed);
}

const bodySize = (body: CachedBody) => body.json.length + (body.br?.length ?? 0) + (body.gzip?.length ?? 0) + 128;

export interface CatalogueCacheOptions {
  /** {@link VERSION_TTL_MS}. */
  versionTtlMs?: number;
  /** {@link BODY_CACHE_BYTES}; 0 turns the body cache off. */
  bodyBytes?: number;
  /** {@link STALE_MAX_MS}; 0 never answers a stale version. */
  staleMaxMs?: number;
}

export class CatalogueCache {
  private version = -1;
  private versionReadAt = 0;
  private dirty = true;
  private pending: Promise<number> | null = null;
  /** Until when (epoch ms) reads answer the stale version without asking the database. */
  private outageUntil = 0;
  private readonly versionTtlMs: number;
  private readonly staleMaxMs: number;
  private readonly derived = new LRUCache<string, Entry<unknown>>({ max: DERIVED_CACHE_ENTRIES });
  private readonly bodies: LRUCache<string, Entry<CachedBody>> | null;
  /** Computations under way, by version and key (see {@link CatalogueCache.once}). */
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Executor,
    options: CatalogueCacheOptions = {},
  ) {
    this.versionTtlMs = options.versionTtlMs ?? VERSION_TTL_MS;
    this.staleMaxMs = options.staleMaxMs ?? STALE_MAX_MS;
    const bodyBytes = options.bodyBytes ?? BODY_CACHE_BYTES;
    this.bodies =
      bodyBytes > 0
        ? new LRUCache<string, Entry<CachedBody>>({ maxSize: bodyBytes, sizeCalculation: (entry) => bodySize(entry.value) })
        : null;
  }

  /**
   * Forces the next read to ask the database for the version (after a write of this process). A
   * read already under way may have started before the write, so it no longer answers anyone.
   */
  markDirty(): void {
    this.dirty = true;
    this.pending = null;
  }

  /** Whether the last version read may still be answered while the database is unreachable. */
  private canServeStale(): boolean {
    return this.version >= 0 && this.staleMaxMs > 0 && Date.now() - this.versionReadAt < this.staleMaxMs;
  }

  /**
   * The current catalogue version (cached for {@link VERSION_TTL_MS}). While the database cannot
   * be reached, the last version read (for at most `staleMaxMs` after that read).
   * @throws the database's error when it fails otherwise, or when no version may be served stale.
   */
  async currentVersion(): Promise<number> {
    if (Date.now() < this.outageUntil && this.canServeStale()) return this.version;
    // One read under way answers everyone who asks meanwhile.
    if (this.pending) return this.pending;
    if (!this.dirty && Date.now() - this.versionReadAt < this.versionTtlMs) return this.version;
    this.dirty = false;
    const read: Promise<number> = readCatalogueVersion(this.db).then(
      (version) => {
        // Only the latest read counts (markDirty may have started another one).
        if (this.pending === read) {
          this.version = version;
          this.versionReadAt = Date.now();
          this.outageUntil = 0;
          this.pending = null;
        }
        return version;
      },
      (error: unknown) => {
        if (this.pending === read) {
          this.pending = null;
          this.dirty = true;
        }
        if (isDatabaseUnavailable(error) && this.canServeStale()) {
          this.outageUntil = Date.now() + OUTAGE_RECHECK_MS;
          return this.version;
        }
        throw error;
      },
    );
    this.pending = read;
    return read;
  }

  /**
   * A derived value of `key` at the current version, computing and storing it on a miss.
   * @returns `{ value, version, hit }`.
   */
  async get<T>(key: string, compute: () => Promise<T>): Promise<{ value: T; version: number; hit: boolean }> {
    const version = await this.currentVersion();
    const entry = this.derived.get(key);
    if (entry && entry.version === version) return { value: entry.value as T, version, hit: true };
    const value = await this.once(`d\u0000${key}`, version, async () => {
      const computed = await compute();
      this.derived.set(key, { version, value: computed });
      return computed;
    });
    return { value, version, hit: false };
  }

  /** The derived value of `key` if it is kept for the current version; never computes. */
  async peek<T>(key: string): Promise<T | undefined> {
    const version = await this.currentVersion();
    const entry = this.derived.get(key);
    return entry && entry.version === version ? (entry.value as T) : undefined;
  }

  /**
   * Keeps a derived value learnt along the way (a total read with a page), labelled with the
   * catalogue `version` read before the value was: a value older than the current version is
   * never answered by {@link get} or {@link peek}.
   */
  put<T>(key: string, version: number, value: T): void {
    this.derived.set(key, { version, value });
  }

  /**
   * The response body of `key` at the current version: `compute`'s JSON text, stored as UTF-8.
   * @returns `{ body, version, hit }`.
   */
  async body(key: string, compute: () => Promise<string>): Promise<{ body: CachedBody; version: number; hit: boolean }> {
    const version = await this.currentVersion();
    const entry = this.bodies?.get(key);
    if (entry && entry.version === version) return { body: entry.value, version, hit: true };
    const body = await this.once(`b\u0000${key}`, version, async () => {
      const computed: CachedBody = { json: utf8(await compute()) };
      this.bodies?.set(key, { version, value: computed });
      return computed;
    });
    return { body, version, hit: false };
  }

  /**
   * Runs `compute` once for all callers that miss the same key at the same version while it runs
   * (after an import, every open page asks for the same broad count at once: one query answers
   * them all instead of one per request). A failure reaches every waiter and is not kept.
   */
  private once<T>(key: string, version: number, compute: () => Promise<T>): Promise<T> {
    const id = `${version}\u0000${key}`;
    const running = this.inflight.get(id);
    if (running) return running as Promise<T>;
    const promise = compute().finally(() => this.inflight.delete(id));
    this.inflight.set(id, promise);
    return promise;
  }

  /**
   * `body` compressed with `encoding`, made once and kept with the body while it stays cached at
   * `version` (the entry is stored again so that its size counts the new form).
   */
  async encoded(key: string, version: number, body: CachedBody, encoding: BodyEncoding): Promise<Buffer> {
    const existing = body[encoding];
    if (existing) return existing;
    const compressed = await compress(body.json, encoding);
    const current = this.bodies?.peek(key);
    if (current && current.version === version && current.value.json === body.json) {
      this.bodies?.set(key, { version, value: { ...current.value, [encoding]: compressed } });
    }
    return compressed;
  }

  /** Drops every entry (tests that write the database behind the API's back). */
  clear(): void {
    this.derived.clear();
    this.bodies?.clear();
    this.markDirty();
  }
}

/**
 * Creates this process's catalogue cache (`CATALOGUE_VERSION_TTL_MS`, `CATALOGUE_CACHE_MB`,
 * `CATALOGUE_STALE_MAX_MS`), decorates `app.catalogueCache` with it, and marks its version dirty on
 * every `NOTIFY` of a change from any process and after every successful write answered by this one.
 * Listening stops when the app closes.
 * @returns the cache, which route plugins receive as `AppContext.cache`.
 */
export async function registerCatalogueCache(app: FastifyInstance, database: Database, config: Config): Promise<CatalogueCache> {
  const cache = new CatalogueCache(database.db, {
    versionTtlMs: config.catalogueVersionTtlMs,
    bodyBytes: config.catalogueCacheMb * 1024 * 1024,
    staleMaxMs: config.catalogueStaleMaxMs,
  });
  app.decorate('catalogueCache', cache);
  const unlisten = await listenCatalogueChanges(database, () => cache.markDirty());
  app.addHook('onClose', () => unlisten());
  // A successful write may have changed the catalogue: the next read asks for the version again.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) cache.markDirty();
  });
  return cache;
}
