/**
 * Pages for search engines (issue 22): a part's server-rendered head, the sitemap, robots.txt, the
 * favicon and the manifest; never a price, never a part a guest may not see.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, insertParts } from '../../test/factories.ts';
import { escapeHtml, sitemapIndexXml } from './html.ts';

const INDEX_HTML = `<!doctype html>
<html lang="es-AR">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Catálogo digital de repuestos y herramientas: consulte códigos, precios y stock." />
    <title>Catálogo de Repuestos</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe.each(testEngines())('search-engine pages on %s', (engine) => {
  let t: TestApp;
  let dir: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-seo-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    t = await buildTestApp(engine, { webDistDir: dir, publicOrigin: 'https://repuestos.example.com', brandName: 'Repuestos Demo' });
    await insertParts(t.database.db, [
      buildPartRecord({
        codigo: '06H-103-144',
        descripcion: 'Cigüeñal forjado <VW> "Amarok" 2.0',
        categoria1: 'Repuestos',
        categoria2: 'Motor',
        categoria3: 'VW',
        marca: 'Volkswagen',
        precios: '1234.56-987.65-876.54-1500.99',
        imagen: 'fotos/cigüeñal 1.jpg',
      }),
      buildPartRecord({
        codigo: 'SIN-FOTO',
        descripcion: 'Junta de tapa',
        precios: '200.00',
        categoria1: 'Juntas',
        categoria2: '',
        categoria3: '',
      }),
      buildPartRecord({ codigo: 'INACTIVO', descripcion: 'Parte dada de baja' }),
      buildPartRecord({ codigo: 'OCULTO', descripcion: 'Parte oculta', categoria1: 'Interno', categoria2: '', categoria3: '' }),
    ]);
    for (const row of await t.database.db.select({ id: parts.id, partNumber: parts.partNumber }).from(parts)) ids[row.partNumber] = row.id;
    await t.database.db.update(parts).set({ isActive: false }).where(eq(parts.partNumber, 'INACTIVO'));
    await t.database.db.update(categories).set({ isVisible: false }).where(eq(categories.name, 'Interno'));
    await t.catalogueChanged();
  });
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves a part's page with its own title, description, canonical URL, Open Graph image and name, no price", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/product/${ids['06H-103-144']}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const description = escapeHtml('Cigüeñal forjado <VW> "Amarok" 2.0');
    expect(html).toContain(`<title>06H-103-144 – ${description} | Repuestos Demo</title>`);
    expect(html).toContain(
      `<meta name="description" content="${description} (código 06H-103-144), marca Volkswagen, en Repuestos › Motor › VW. Consulte precio y stock en Repuestos Demo." />`,
    );
    expect(html).not.toContain('Catálogo de Repuestos</title>');
    expect(html).toContain(`<link rel="canonical" href="https://repuestos.example.com/product/${ids['06H-103-144']}" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(
      `<meta property="og:image" content="https://repuestos.example.com/images/fotos/${encodeURIComponent('cigüeñal 1.jpg')}" />`,
    );
    expect(html).toContain(`<h1>${description}</h1>`);
    expect(html).toContain('<p>Código: 06H-103-144</p>');
    // The app still starts from the same file.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    for (const price of ['1234', '987', '876', '1500', '1.234', '$']) expect(html).not.toContain(price);
  });

  it('answers the same page to a signed-in request: the HTML never depends on the session', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/product/${ids['SIN-FOTO']}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toContain('<title>SIN-FOTO – Junta de tapa | Repuestos Demo</title>');
    expect(anonymous.body).not.toContain('og:image');
    expect(anonymous.body).not.toContain('200');
  });

  it('answers 404 with the app and noindex for a part a guest may not see, or a malformed id', async () => {
    for (const url of [`/product/${ids.INACTIVO}`, `/product/${ids.OCULTO}`, '/product/999999', '/product/abc', '/product/0']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(response.body, url).toContain('<title>Producto no encontrado | Repuestos Demo</title>');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toMatch(/Parte (dada de baja|oculta)/);
    }
  });

  it('lists the home and the public parts in the sitemap, never inactive or hidden ones, no prices', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://repuestos.example.com/',
      `https://repuestos.example.com/product/${ids['06H-103-144']}`,
      `https://repuestos.example.com/product/${ids['SIN-FOTO']}`,
    ]);
    expect(response.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(response.body).not.toMatch(/price|precio|1234/i);
  });

  it('answers 404 in the error shape for a sitemap file past the last, 400 for a malformed one', async () => {
    const past = await t.app.inject({ method: 'GET', url: '/sitemaps/2.xml' });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Archivo de sitemap inexistente' } });
    const bad = await t.app.inject({ method: 'GET', url: '/sitemaps/..%2f.env' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
  });

  it('serves robots.txt pointing at the sitemap, the favicon and the manifest', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /adminkon2025');
    expect(robots.body).toContain('Sitemap: https://repuestos.example.com/sitemap.xml');

    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.body).toMatch(/^<svg /);

    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.json()).toMatchObject({
      name: 'Repuestos Demo',
      lang: 'es-AR',
      start_url: '/',
      display: 'standalone',
      icons: [{ src: '/favicon.svg', type: 'image/svg+xml' }],
    });
  });
});

describe('sitemap index', () => {
  it('points at one file per 50,000 parts', () => {
    const xml = sitemapIndexXml('https://repuestos.example.com', 2);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://repuestos.example.com/sitemaps/1.xml',
      'https://repuestos.example.com/sitemaps/2.xml',
    ]);
  });
});
