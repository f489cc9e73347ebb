/**
 * In-process cache of catalogue reads (issue "Fast at 100,000 parts"). Entries are keyed by the
 * catalogue version that every import and admin change bumps, so a change is never served stale
 * after this process learns the new version: at once for changes made through this process (a
 * successful write marks the version dirty), within {@link VERSION_TTL_MS} for changes made by
 * another process (a CLI import, a second API process behind a load balancer).
 */
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client.ts';
import { readCatalogueVersion } from './version.ts';

/** Default time a read catalogue version is trusted before asking the database again, ms (`CATALOGUE_VERSION_TTL_MS`). */
export const VERSION_TTL_MS = 1000;

export class CatalogueCache {
  private version = -1;
  private versionReadAt = 0;
  private dirty = true;
  private pending: Promise<number> | null = null;
  private readonly entries: LRUCache<string, { version: number; value: unknown }>;

  /**
   * @param maxBytes approximate memory bound of cached response bodies (bytes).
   */
  constructor(
    private readonly db: Executor,
    private readonly versionTtlMs = VERSION_TTL_MS,
    maxBytes = 64 * 1024 * 1024,
  ) {
    this.entries = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (entry) => (typeof entry.value === 'string' ? entry.value.length + 64 : 1024),
    });
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
   * The value of `key` at the current version, computing and storing it on a miss.
   * @returns `{ value, version, hit }`.
   */
  async get<T>(key: string, compute: () => Promise<T>): Promise<{ value: T; version: number; hit: boolean }> {
    const version = await this.currentVersion();
    const entry = this.entries.get(key);
    if (entry && entry.version === version) return { value: entry.value as T, version, hit: true };
    const value = await compute();
    this.entries.set(key, { version, value });
    return { value, version, hit: false };
  }

  /** Drops every entry (tests that write the database behind the API's back). */
  clear(): void {
    this.entries.clear();
    this.dirty = true;
  }
}
