/**
 * The two @fastify/static mounts of app.ts (`/images/` and the built web app) after the move to
 * @fastify/static 10 (scripts/vulnerable-ranges.json): cache headers set through `setHeaders`,
 * and non-canonical paths that must not reach a file `allowedPath` refuses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';

const BIG_SCRIPT = `export const parts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `PN-${i}`))};\n`;

describe('static files', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-static-'));
    const web = path.join(dir, 'web');
    const images = path.join(dir, 'images');
    fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(images, 'fotos'), { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>portal</title>');
    fs.writeFileSync(path.join(web, 'assets', 'main-abc123.js'), 'console.log(1);');
    // A larger script with the build's brotli and gzip copies beside it (vite.config.ts).
    fs.writeFileSync(path.join(web, 'assets', 'app-def456.js'), BIG_SCRIPT);
    fs.writeFileSync(path.join(web, 'assets', 'app-def456.js.br'), zlib.brotliCompressSync(BIG_SCRIPT));
    fs.writeFileSync(path.join(web, 'assets', 'app-def456.js.gz'), zlib.gzipSync(BIG_SCRIPT));
    fs.writeFileSync(path.join(web, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(images, 'fotos', 'piñón.jpg'), 'jpeg bytes');
    fs.writeFileSync(path.join(images, '.env'), 'SECRET=1');
    fs.writeFileSync(path.join(images, 'notes.txt'), 'not a photo');
    t = await buildTestApp('pglite', { webDistDir: web, imageDir: images });
  });
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and revalidates the other web files', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/logo.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's precompressed copy the browser accepts, and the plain file otherwise", async () => {
    const url = '/assets/app-def456.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The file written at build time, byte for byte (not a compression made for this request).
    expect(br.rawPayload.equals(fs.readFileSync(path.join(dir, 'web', 'assets', 'app-def456.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(fs.readFileSync(path.join(dir, 'web', 'assets', 'app-def456.js.gz')))).toBe(true);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('serves photos with long-lived caching', async () => {
    const photo = await t.app.inject({ method: 'GET', url: `/images/fotos/${encodeURIComponent('piñón.jpg')}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.body).toBe('jpeg bytes');
    expect(photo.headers['cache-control']).toContain('max-age=2592000');
    expect(photo.headers['cache-control']).toContain('immutable');
  });

  it.each([
    '/images/.env',
    '/images/notes.txt',
    '/images//.env',
    '/images/./.env',
    '/images/fotos/../.env',
    '/images/fotos/%2e%2e/.env',
    '/images/fotos%2f..%2f.env',
    '/images/fotos/..%2fnotes.txt',
  ])('never serves %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('SECRET');
    expect(response.body).not.toContain('not a photo');
  });
});
