/**
 * Pages for search engines (issue 22): the server-rendered head of `/product/:id`, `/robots.txt` and
 * `/sitemap.xml` (split into `/sitemaps/N.xml` files above {@link SITEMAP_MAX_URLS} parts).
 */
import * as z from 'zod/mini';

/** URLs per sitemap file (the sitemaps.org limit is 50,000). */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * `/product/:id` as a browser or crawler asks for it: any text, so a malformed id still gets the web
 * app (which says "Producto no encontrado") with a 404 status instead of a JSON error.
 */
export const productPageParamsSchema = z.object({ id: z.string().check(z.maxLength(40)) });

/** `/sitemaps/:file`: `N.xml`, N from 1. */
export const sitemapFileParamsSchema = z.object({
  file: z.string().check(z.regex(/^[1-9]\d{0,5}\.xml$/, { error: 'archivo de sitemap inexistente' })),
});
