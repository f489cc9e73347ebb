import { describe, expect, it } from 'vitest';
import { isViewerLabel, viewerLabel } from '../../shared/offline.ts';
import { DATA_CACHE_PREFIX, dataCacheName, entriesToTrim, isOfflineDataPath, isSessionChange, isShellNavigation } from './rules.ts';

describe('offline rules', () => {
  it('keeps the catalogue as the viewer sees it, and nothing of admin, pedidos, exports or writes', () => {
    for (const path of [
      '/api/user/session',
      '/api/parts',
      '/api/parts/42',
      '/api/categories/public',
      '/api/brands',
      '/api/products/featured',
      '/api/products/new-arrivals',
      '/api/products/on-sale',
      '/api/products/42/related',
    ]) {
      expect(isOfflineDataPath(path), path).toBe(true);
    }
    for (const path of [
      '/api/config',
      '/api/admin/parts',
      '/api/admin/parts/42',
      '/api/users',
      '/api/users/pending',
      '/api/categories',
      '/api/categories/admin',
      '/api/products/42/relations',
      '/api/products/carousel/42',
      '/api/carousel/products-with-discounts/on-sale',
      '/api/cart',
      '/api/orders',
      '/api/export/catalog.xlsx',
      '/api/print/catalog',
      '/api/search/suggest',
      '/api/debug/raw-api',
      '/api/parts/42/extra',
    ]) {
      expect(isOfflineDataPath(path), path).toBe(false);
    }
  });

  it('answers page navigations with the shell, never API, photo or file paths', () => {
    for (const path of ['/', '/login', '/product/123', '/catalog-all/featured', '/print', '/adminkon2025']) {
      expect(isShellNavigation(path), path).toBe(true);
    }
    for (const path of ['/api/export/catalog.pdf', '/api/docs', '/images/a.jpg', '/sitemap.xml', '/robots.txt', '/sitemaps/2.xml']) {
      expect(isShellNavigation(path), path).toBe(false);
    }
  });

  it('treats login and logout as a change of viewer', () => {
    expect(isSessionChange('POST', '/api/auth/login')).toBe(true);
    expect(isSessionChange('POST', '/api/auth/logout')).toBe(true);
    expect(isSessionChange('GET', '/api/auth/logout')).toBe(false);
    expect(isSessionChange('POST', '/api/auth/register')).toBe(false);
  });

  it('names one cache per viewer label, and only for labels the server makes', () => {
    expect(dataCacheName(viewerLabel('client', 42))).toBe(`${DATA_CACHE_PREFIX}client.42`);
    expect(dataCacheName(viewerLabel('distributor', 42))).not.toBe(dataCacheName(viewerLabel('client', 42)));
    expect(viewerLabel('guest')).toBe('guest');
    expect(viewerLabel('client')).toBe('guest');
    for (const label of ['guest', 'client.1', 'distributor.42', 'admin.7']) expect(isViewerLabel(label), label).toBe(true);
    for (const label of ['', 'client', 'client.', 'client.x', 'Guest', 'root.1', 'guest.1', 'client.1/../x', 'client.1 ']) {
      expect(isViewerLabel(label), label).toBe(false);
    }
  });

  it('trims the oldest catalogue answers beyond the limit, never the session', () => {
    const origin = 'http://localhost';
    const urls = [
      `${origin}/api/user/session`,
      `${origin}/api/parts?page=1`,
      `${origin}/api/parts?page=2`,
      `${origin}/api/parts?page=3`,
      `${origin}/api/categories/public`,
    ];
    expect(entriesToTrim(urls, 2)).toEqual([`${origin}/api/parts?page=1`, `${origin}/api/parts?page=2`]);
    expect(entriesToTrim(urls, 4)).toEqual([]);
    expect(entriesToTrim([`${origin}/api/user/session`], 0)).toEqual([]);
  });
});
