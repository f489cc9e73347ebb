/**
 * What search engines get (issue 22): the public parts' pages for the sitemap and a part's head
 * tags, read as a guest sees the catalogue (active parts outside hidden categories) and never with a
 * price: prices depend on the session, and a crawler's page must not carry any.
 */
import { and, asc, count, gt } from 'drizzle-orm';
import { SITEMAP_MAX_URLS } from '../../../shared/seo.ts';
import { parts } from '../../db/schema.ts';
import { GUEST } from '../auth/viewer.ts';
import { type CatalogueReader, categoryScope, getPart } from '../catalogue/service.ts';
import { AppError } from '../../errors.ts';

/** One `<url>` of the sitemap: the part's id and its last change. */
export interface SitemapEntry {
  id: number;
  updatedAt: Date;
}

/** How many sitemap files the public parts fill ({@link SITEMAP_MAX_URLS} each; at least 1). */
export async function sitemapFileCount(reader: CatalogueReader): Promise<number> {
  const { conditions } = await categoryScope(reader, GUEST, 'all');
  const [row] = await reader.db
    .select({ n: count() })
    .from(parts)
    .where(and(...conditions));
  return Math.max(1, Math.ceil(Number(row?.n ?? 0) / SITEMAP_MAX_URLS));
}

/**
 * The public parts of sitemap file `file` (1-based), by id: keyset pages of
 * {@link SITEMAP_MAX_URLS}, so file N starts after the last id of file N − 1.
 */
export async function sitemapEntries(reader: CatalogueReader, file: number): Promise<SitemapEntry[]> {
  const { conditions } = await categoryScope(reader, GUEST, 'all');
  let afterId = 0;
  for (let skipped = 1; skipped < file; skipped += 1) {
    const [last] = await reader.db
      .select({ id: parts.id })
      .from(parts)
      .where(and(gt(parts.id, afterId), ...conditions))
      .orderBy(asc(parts.id))
      .offset(SITEMAP_MAX_URLS - 1)
      .limit(1);
    if (!last) return [];
    afterId = last.id;
  }
  return reader.db
    .select({ id: parts.id, updatedAt: parts.updatedAt })
    .from(parts)
    .where(and(gt(parts.id, afterId), ...conditions))
    .orderBy(asc(parts.id))
    .limit(SITEMAP_MAX_URLS);
}

/** A part's page as search engines see it: no price, whoever asks. */
export interface PartPageFacts {
  id: number;
  partNumber: string;
  description: string;
  brand: string | null;
  categoryPath: string[];
  /** First photo, as the API resolves it (may be relative to the site). */
  image: string | null;
}

/**
 * The facts of `/product/:id` for its head and body, or `null` when the id is not a public part
 * (inactive, in a hidden category, unknown, or not a number).
 */
export async function partPageFacts(reader: CatalogueReader, rawId: string): Promise<PartPageFacts | null> {
  if (!/^[1-9]\d{0,9}$/.test(rawId) || Number(rawId) > 2_147_483_647) return null;
  try {
    const part = await getPart(reader, GUEST, Number(rawId));
    return {
      id: part.id,
      partNumber: part.partNumber,
      description: part.description,
      brand: part.brand,
      categoryPath: part.categoryPath,
      image: part.images[0] ?? null,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
