/**
 * The web app's `index.html` with a part's own head and a readable body (issue 22), so a workshop
 * searching a part number finds the supplier's page. Pure string work over the built file; the
 * React app replaces the body's content when it starts.
 */
import type { PartPageFacts } from './service.ts';

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** An absolute URL for `url` on `origin` (kept as is when already absolute). */
export function absoluteUrl(origin: string, url: string): string {
  return new URL(url, `${origin.replace(/\/+$/, '')}/`).toString();
}

/** Facts of the site a page's head needs. */
export interface SiteFacts {
  /** `PUBLIC_ORIGIN`, e.g. `https://repuestos.example.com`. */
  origin: string;
  brandName: string;
  tagline: string;
}

/** `<title>` of a part's page: code, description and brand name (at most ~110 characters). */
export function partPageTitle(part: Pick<PartPageFacts, 'partNumber' | 'description'>, site: Pick<SiteFacts, 'brandName'>): string {
  const description = part.description.length > 80 ? `${part.description.slice(0, 79).trimEnd()}…` : part.description;
  return `${part.partNumber} – ${description} | ${site.brandName}`;
}

/** Meta description of a part's page: what it is, its brand and category, and where to ask (no price). */
export function partPageDescription(part: PartPageFacts, site: Pick<SiteFacts, 'brandName'>): string {
  const pieces = [`${part.description} (código ${part.partNumber})`];
  if (part.brand) pieces.push(`marca ${part.brand}`);
  if (part.categoryPath.length) pieces.push(`en ${part.categoryPath.join(' › ')}`);
  return `${pieces.join(', ')}. Consulte precio y stock en ${site.brandName}.`;
}

function replaceTitle(html: string, title: string): string {
  return html.replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml(title)}</title>`);
}

function replaceDescription(html: string, description: string): string {
  return html.replace(/<meta\s+name="description"[^>]*>/i, `<meta name="description" content="${escapeHtml(description)}" />`);
}

function insertHead(html: string, tags: string[]): string {
  return html.replace(/<\/head>/i, `    ${tags.join('\n    ')}\n  </head>`);
}

function fillRoot(html: string, content: string): string {
  return html.replace(/<div id="root"><\/div>/, `<div id="root">${content}</div>`);
}

/**
 * `index.html` for `/product/:id`: the part's title, meta description, canonical URL, Open Graph
 * and Twitter tags (the first photo as image) and, inside `#root`, its code, description, brand and
 * category path for crawlers that do not run scripts. Never a price.
 */
export function renderPartPage(indexHtml: string, part: PartPageFacts, site: SiteFacts): string {
  const title = partPageTitle(part, site);
  const description = partPageDescription(part, site);
  const url = absoluteUrl(site.origin, `/product/${part.id}`);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.brandName)}" />`,
    `<meta property="og:locale" content="es_AR" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
  ];
  if (part.image) tags.push(`<meta property="og:image" content="${escapeHtml(absoluteUrl(site.origin, part.image))}" />`);
  tags.push(`<meta name="twitter:card" content="${part.image ? 'summary_large_image' : 'summary'}" />`);
  const body = [
    '<main>',
    `<p>${escapeHtml(site.brandName)}</p>`,
    `<h1>${escapeHtml(part.description)}</h1>`,
    `<p>Código: ${escapeHtml(part.partNumber)}</p>`,
    part.brand ? `<p>Marca: ${escapeHtml(part.brand)}</p>` : '',
    part.categoryPath.length ? `<p>Categoría: ${escapeHtml(part.categoryPath.join(' › '))}</p>` : '',
    `<p><a href="/">Ver el catálogo</a></p>`,
    '</main>',
  ].join('');
  return fillRoot(insertHead(replaceDescription(replaceTitle(indexHtml, title), description), tags), body);
}

/** `index.html` for a `/product/:id` that is not a public part: not to be indexed. */
export function renderMissingPartPage(indexHtml: string, site: Pick<SiteFacts, 'brandName'>): string {
  return insertHead(replaceTitle(indexHtml, `Producto no encontrado | ${site.brandName}`), ['<meta name="robots" content="noindex" />']);
}

/** `robots.txt`: everything public may be crawled except the staff and account screens; where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /adminkon2025',
    'Disallow: /debug',
    'Disallow: /print',
    'Disallow: /mis-pedidos',
    'Disallow: /reset-password',
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/** A `<urlset>` of the catalogue's home and the given parts' pages. */
export function sitemapXml(origin: string, entries: readonly { id: number; updatedAt: Date }[], withHome: boolean): string {
  const urls: string[] = [];
  if (withHome) urls.push(`<url><loc>${escapeHtml(absoluteUrl(origin, '/'))}</loc></url>`);
  for (const entry of entries) {
    urls.push(
      `<url><loc>${escapeHtml(absoluteUrl(origin, `/product/${entry.id}`))}</loc><lastmod>${entry.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` of `/sitemaps/1.xml` … `/sitemaps/{files}.xml`. */
export function sitemapIndexXml(origin: string, files: number): string {
  const items = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeHtml(absoluteUrl(origin, `/sitemaps/${i + 1}.xml`))}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** The favicon: the header's wrench on the brand's red, as SVG. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#b71c1c"/><path fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" d="M38.6 17.2a10.5 10.5 0 0 0-13.1 13.6L14.6 41.7a4.2 4.2 0 0 0 6 6L31.4 36.8a10.5 10.5 0 0 0 13.6-13.1l-6.3 6.3-5.6-1.1-1.1-5.6z"/></svg>`;

/** The web-app manifest: installable, standalone, Spanish, named after the supplier. */
export function webManifest(site: Pick<SiteFacts, 'brandName' | 'tagline'>): string {
  return JSON.stringify({
    name: site.brandName,
    short_name: site.brandName.length > 12 ? 'Repuestos' : site.brandName,
    description: `${site.tagline} Catálogo de repuestos y herramientas.`,
    lang: 'es-AR',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f8fafc',
    theme_color: '#0b2f5b',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  });
}
