/**
 * In-process cache of catalogue reads (issue "Fast at 100,000 parts"). Entries are keyed by the
 * catalogue version that every import and admin change bumps, so a change is never served stale
 * after this process learns the new version: at once for changes made through this process (a
 * successful write marks the version dirty), within {@link VERSION_TTL_MS} for changes made by
 * another process (a CLI import, a second API process behind a load balancer).
 *
 * Two stores, so that one cannot evict the other:
 * - **derived values** ({@link CatalogueCache.get}): profiles, categories and the total of each
 *   filter; small, few, and expensive to recompute (a broad filter's count reads ~100,000 rows);
 *   bounded by entry count.
 * - **response bodies** ({@link CatalogueCache.body}): serialized JSON as Buffers (outside V8's
 *   heap, sent without re-encoding); bounded by bytes (`CATALOGUE_CACHE_MB`).
 */
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client.ts';
import { readCatalogueVersion } from './version.ts';

/** Default time a read catalogue version is trusted before asking the database again, ms (`CATALOGUE_VERSION_TTL_MS`). */
export const VERSION_TTL_MS = 1000;
/** Default bound of the cached response bodies, bytes (`CATALOGUE_CACHE_MB`). */
export const BODY_CACHE_BYTES = 16 * 1024 * 1024;
/** Bound of the derived values (profiles, categories, one count per distinct filter), entries. */
export const DERIVED_CACHE_ENTRIES = 20_000;

interface Entry<T> {
  version: number;
  value: T;
}

export interface CatalogueCacheOptions {
  /** {@link VERSION_TTL_MS}. */
  versionTtlMs?: number;
  /** {@link BODY_CACHE_BYTES}; 0 turns the body cache off. */
  bodyBytes?: number;
}

export class CatalogueCache {
  private version = -1;
  private versionReadAt = 0;
  private dirty = true;
  private pending: Promise<number> | null = null;
  private readonly versionTtlMs: number;
  private readonly derived = new LRUCache<string, Entry<unknown>>({ max: DERIVED_CACHE_ENTRIES });
  private readonly bodies: LRUCache<string, Entry<Buffer>> | null;

  constructor(
    private readonly db: Executor,
    options: CatalogueCacheOptions = {},
  ) {
    this.versionTtlMs = options.versionTtlMs ?? VERSION_TTL_MS;
    const bodyBytes = options.bodyBytes ?? BODY_CACHE_BYTES;
    this.bodies =
      bodyBytes > 0
        ? new LRUCache<string, Entry<Buffer>>({ maxSize: bodyBytes, sizeCalculation: (entry) => entry.value.length + 128 })
        : null;
  }

  /** Forces the next read to ask the database for the version (after a write of this process). */
  markDirty(): void {
    this.dirty = true;
  }

  /** The current catalogue version (cached for {@link VERSION_TTL_MS}). */
  async currentVersion(): Promise<number> {
    if (!this.dirty && Date.now() - this.versionReadAt < this.versionTtlMs) return this.version;
    if (!this.pending) {
      this.dirty = false;
      this.pending = readCatalogueVersion(this.db)
        .then((v) => {
          this.version = v;
          this.versionReadAt = Date.now();
          return v;
        })
        .finally(() => {
          this.pending = null;
        });
    }
    return this.pending;
  }

  /**
   * A derived value of `key` at the current version, computing and storing it on a miss.
   * @returns `{ value, version, hit }`.
   */
  async get<T>(key: string, compute: () => Promise<T>): Promise<{ value: T; version: number; hit: boolean }> {
    const version = await this.currentVersion();
    const entry = this.derived.get(key);
    if (entry && entry.version === version) return { value: entry.value as T, version, hit: true };
    const value = await compute();
    this.derived.set(key, { version, value });
    return { value, version, hit: false };
  }

  /**
   * The response body of `key` at the current version: `compute`'s JSON text, stored as UTF-8.
   * @returns `{ body, version, hit }`; `body` is a Buffer of JSON.
   */
  async body(key: string, compute: () => Promise<string>): Promise<{ body: Buffer; version: number; hit: boolean }> {
    const version = await this.currentVersion();
    const entry = this.bodies?.get(key);
    if (entry && entry.version === version) return { body: entry.value, version, hit: true };
    const body = Buffer.from(await compute(), 'utf8');
    this.bodies?.set(key, { version, value: body });
    return { body, version, hit: false };
  }

  /** Drops every entry (tests that write the database behind the API's back). */
  clear(): void {
    this.derived.clear();
    this.bodies?.clear();
    this.dirty = true;
  }
}
