import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CategoryPage from './pages/category-page.tsx';
import { CatalogueScreen } from './catalogue/catalogue-screen.tsx';
import ProductPage from './pages/product-page.tsx';
import { startGuestSession } from '../features/session/index.ts';
import { buildPart, buildPartsResponse, categoryTree, config } from '../test/fixtures.ts';
import { mockApi, renderWithApp } from '../test/render.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

function Titled({ title }: { title?: string }) {
  useDocumentTitle(title);
  return null;
}

const routes = {
  'GET /api/config': config,
  'GET /api/categories/public': categoryTree,
  'GET /api/parts': buildPartsResponse([buildPart({ partNumber: 'A-1', description: 'Bomba de agua' })]),
  'GET /api/parts/5': buildPart({ id: 5, partNumber: 'OM-366', description: 'Junta de tapa' }),
  'GET /api/products/collection/featured': [],
};

describe('tab titles', () => {
  it('is "<screen> | <brand>", the brand alone without a screen title', async () => {
    mockApi({ 'GET /api/config': config });
    const first = renderWithApp(<Titled title="Catálogo" />);
    await expect.poll(() => document.title).toBe(`Catálogo | ${config.brandName}`);
    first.unmount();
    renderWithApp(<Titled />);
    await expect.poll(() => document.title).toBe(config.brandName);
  });

  it('names the catalogue, a category and a search', async () => {
    startGuestSession();
    mockApi(routes);
    renderWithApp(<CatalogueScreen />);
    await expect.poll(() => document.title).toBe(`Catálogo | ${config.brandName}`);
    document.title = '';
    renderWithApp(<CatalogueScreen />, { path: '/?categoria=3' });
    await expect.poll(() => document.title).toBe(`Filtros | ${config.brandName}`);
    document.title = '';
    renderWithApp(<CatalogueScreen />, { path: '/?q=bomba' });
    await expect.poll(() => document.title).toBe(`Búsqueda «bomba» | ${config.brandName}`);
  });

  it("names a part's page by its code and description, and a collection", async () => {
    startGuestSession();
    mockApi(routes);
    renderWithApp(<ProductPage params={{ id: '5' }} />, { path: '/product/5' });
    expect(await screen.findByText('Junta de tapa', { selector: 'h1' })).toBeInTheDocument();
    await expect.poll(() => document.title).toBe(`OM-366 – Junta de tapa | ${config.brandName}`);
    renderWithApp(<CategoryPage params={{ type: 'featured' }} />, { path: '/category/featured' });
    await expect.poll(() => document.title).toBe(`Productos Destacados | ${config.brandName}`);
  });
});
