import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildPart } from '../../../test/fixtures.ts';
import { errorResponse, mockApi, renderWithApp } from '../../../test/render.tsx';
import { CAROUSEL_REFRESH_MS } from '../api.ts';
import { HomeCarousels } from './home-carousels.tsx';

describe('HomeCarousels', () => {
  it('shows the three collections, on-sale with original prices, and refreshes every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({
      'GET /api/products/featured': [buildPart({ description: 'Destacado' })],
      'GET /api/products/new-arrivals': [buildPart({ description: 'Nuevo' })],
      'GET /api/products/on-sale': [
        buildPart({ description: 'Rebajado', price: '90.00', originalPrice: '100.00', discountPercentage: 10 }),
      ],
    });
    renderWithApp(<HomeCarousels userType="guest" />);
    expect(await screen.findByRole('heading', { name: 'Productos Destacados' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Nuevos Ingresos' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Productos Rebajados' })).toBeInTheDocument();
    expect(await screen.findByText('-10%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ver todos Productos Rebajados/ })).toHaveAttribute('href', '/catalog-all/on-sale');
    const featuredCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/products/featured')).length;
    expect(featuredCalls()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CAROUSEL_REFRESH_MS);
    });
    expect(featuredCalls()).toBe(2);
  });

  it('keeps the cards when a background refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let featured = 0;
    mockApi({
      'GET /api/products/featured': () => {
        featured += 1;
        return featured === 1 ? Response.json([buildPart({ description: 'Destacado' })]) : errorResponse(503, 'UNAVAILABLE', 'x');
      },
      'GET /api/products/new-arrivals': [],
      'GET /api/products/on-sale': [],
    });
    renderWithApp(<HomeCarousels userType="guest" />);
    expect(await screen.findByText('Destacado')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CAROUSEL_REFRESH_MS);
    });
    expect(featured).toBe(2);
    expect(screen.getByText('Destacado')).toBeInTheDocument();
    expect(screen.queryByText('No se pudieron cargar los productos.')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('shows a loading placeholder and a quiet error', async () => {
    mockApi({
      'GET /api/products/featured': () => errorResponse(500, 'INTERNAL', 'x'),
      'GET /api/products/new-arrivals': () => new Promise<Response>(() => {}),
      'GET /api/products/on-sale': [],
    });
    renderWithApp(<HomeCarousels userType="guest" />);
    expect(await screen.findByText('No se pudieron cargar los productos.')).toBeInTheDocument();
    expect(screen.getAllByText('Cargando productos...').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Productos Rebajados' })).not.toBeInTheDocument();
  });
});
