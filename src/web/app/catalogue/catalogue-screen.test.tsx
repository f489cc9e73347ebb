import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../../features/catalog/index.ts';
import { startGuestSession } from '../../features/session/index.ts';
import { buildPart, buildPartsResponse, categoryTree, config, signedInSession } from '../../test/fixtures.ts';
import { advanceClock, errorResponse, json, mockApi, pending, renderWithApp, installFakeClock } from '../../test/render.tsx';
import { CatalogueScreen } from './catalogue-screen.tsx';

const parts = [buildPart({ partNumber: 'A-1', description: 'Bomba de agua' }), buildPart({ partNumber: 'B-2', description: 'Tobera' })];

function baseRoutes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/config': config,
    'GET /api/categories/public': categoryTree,
    'GET /api/products/featured': [buildPart({ description: 'Destacado uno' })],
    'GET /api/products/new-arrivals': [],
    'GET /api/products/on-sale': [],
    'GET /api/parts': buildPartsResponse(parts, 2),
    ...overrides,
  };
}

function partsCalls(fetchMock: ReturnType<typeof mockApi>): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/parts');
}

describe('CatalogueScreen', () => {
  beforeEach(() => startGuestSession());

  it('shows a skeleton while the list loads', async () => {
    mockApi(baseRoutes({ 'GET /api/parts': () => pending() }));
    renderWithApp(<CatalogueScreen />);
    const section = screen.getByRole('region', { name: 'TODOS LOS PRODUCTOS' });
    expect(within(section).getByRole('status')).toHaveTextContent('Cargando productos...');
  });

  it('lists the parts with the count, carousels and the guest notice', async () => {
    const fetchMock = mockApi(baseRoutes());
    renderWithApp(<CatalogueScreen />);
    // The first full render of the file (lazy carousels, cards) can take over a second on a loaded machine.
    expect(await screen.findByText('Mostrando 2 de 2 repuestos', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bomba de agua' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'TODOS LOS PRODUCTOS' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Productos Destacados' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ver todos Productos Destacados/ })).toHaveAttribute('href', '/catalog-all/featured');
    // Empty collections are not shown.
    expect(screen.queryByRole('heading', { name: 'Nuevos Ingresos' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Catálogo Online' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ÍNDICE DE REPUESTOS' })).toBeInTheDocument();
    const call = partsCalls(fetchMock)[0];
    expect(call?.searchParams.get('limit')).toBe('60');
    expect(call?.searchParams.get('userType')).toBe('guest');
    expect(call?.searchParams.get('page')).toBe('1');
  });

  it('counts a single result in the singular', async () => {
    mockApi(baseRoutes({ 'GET /api/parts': buildPartsResponse(parts.slice(0, 1), 1) }));
    renderWithApp(<CatalogueScreen />, { path: '/?q=bomba' });
    expect(await screen.findByText('Mostrando 1 de 1 repuesto', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockApi(baseRoutes({ 'GET /api/parts': buildPartsResponse([], 0) }));
    renderWithApp(<CatalogueScreen />, { path: '/?q=zzz' });
    expect(await screen.findByRole('heading', { name: 'No se encontraron productos' })).toBeInTheDocument();
    expect(screen.getByText(/cambiar los filtros o los términos de búsqueda/)).toBeInTheDocument();
  });

  it('shows the error state', async () => {
    mockApi(baseRoutes({ 'GET /api/parts': () => errorResponse(500, 'INTERNAL', 'boom') }));
    renderWithApp(<CatalogueScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar el catálogo');
    expect(alert).toHaveTextContent(/Recargue la página/);
  });

  it('reads category, search and page from the URL and hides the carousels', async () => {
    const fetchMock = mockApi(baseRoutes({ 'GET /api/parts': buildPartsResponse(parts, 130, 2) }));
    renderWithApp(<CatalogueScreen />, { path: '/?categoria=3&q=bomba&pagina=2' });
    expect(await screen.findByRole('heading', { name: 'Filtros' })).toBeInTheDocument();
    await screen.findByText('Mostrando 2 de 130 repuestos');
    const call = partsCalls(fetchMock).at(-1);
    expect(call?.searchParams.get('categoryId')).toBe('3');
    expect(call?.searchParams.get('search')).toBe('bomba');
    expect(call?.searchParams.get('page')).toBe('2');
    expect(screen.queryByRole('heading', { name: 'Productos Destacados' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('resets to page 1 when the sort changes and keeps it in the URL', async () => {
    mockApi(baseRoutes({ 'GET /api/parts': buildPartsResponse(parts, 130, 3) }));
    const { location } = renderWithApp(<CatalogueScreen />, { path: '/?pagina=3' });
    await screen.findByText('Mostrando 2 de 130 repuestos');
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'price');
    await waitFor(() => expect(location.history.at(-1)).toBe('/?orden=price'));
    await userEvent.click(screen.getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/?orden=price&pagina=2'));
  });

  it('moves a page past the end to the last page, in place of the URL', async () => {
    const fetchMock = mockApi(
      baseRoutes({
        'GET /api/parts': (url: URL) => {
          const page = Number(url.searchParams.get('page'));
          return json(page > 4 ? buildPartsResponse([], 214, page) : buildPartsResponse(parts, 214, page));
        },
      }),
    );
    const { location } = renderWithApp(<CatalogueScreen />, { path: '/?q=cable&pagina=9' });
    await waitFor(() => expect(location.history).toEqual(['/?q=cable&pagina=4']));
    expect(await screen.findByText('Mostrando 2 de 214 repuestos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 4' })).toHaveAttribute('aria-current', 'page');
    expect(partsCalls(fetchMock).at(-1)?.searchParams.get('page')).toBe('4');
    expect(screen.queryByText(/Mostrando 0 de/)).not.toBeInTheDocument();
  });

  it('searches 300 ms after typing stops and at once on Enter', async () => {
    const user = installFakeClock();
    const fetchMock = mockApi(baseRoutes());
    const { location } = renderWithApp(<CatalogueScreen />);
    await screen.findByText('Mostrando 2 de 2 repuestos');
    const box = screen.getByRole('searchbox', { name: 'Buscar repuestos' });
    await user.type(box, 'filtro');
    await advanceClock(SEARCH_DEBOUNCE_MS - 50);
    expect(partsCalls(fetchMock).some((u) => u.searchParams.get('search'))).toBe(false);
    await advanceClock(50);
    await waitFor(() => expect(partsCalls(fetchMock).some((u) => u.searchParams.get('search') === 'filtro')).toBe(true));
    // Intermediate keystrokes never reached the API.
    expect(partsCalls(fetchMock).some((u) => u.searchParams.get('search') === 'fil')).toBe(false);
    await user.clear(box);
    await user.type(box, 'bujia{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/?q=bujia'));
  });

  it('gives a typed search one history entry of its own, so Back returns to the unfiltered list', async () => {
    const user = installFakeClock();
    mockApi(baseRoutes());
    const { location } = renderWithApp(<CatalogueScreen />);
    await screen.findByText('Mostrando 2 de 2 repuestos');
    const box = screen.getByRole('searchbox', { name: 'Buscar repuestos' });
    await user.type(box, 'bomba');
    await advanceClock(SEARCH_DEBOUNCE_MS);
    await waitFor(() => expect(location.history).toEqual(['/', '/?q=bomba']));
    // Further keystrokes of the same search replace its entry.
    await user.type(box, ' agua');
    await advanceClock(SEARCH_DEBOUNCE_MS);
    await waitFor(() => expect(location.history).toEqual(['/', '/?q=bomba+agua']));
  });

  it('selects a category from the index', async () => {
    mockApi(baseRoutes());
    const { location } = renderWithApp(<CatalogueScreen />);
    const index = await screen.findByRole('navigation', { name: 'ÍNDICE DE REPUESTOS' });
    await userEvent.click(await within(index).findByRole('button', { name: 'Expandir Repuestos' }));
    await userEvent.click(within(index).getByRole('button', { name: 'Expandir OM352' }));
    await userEvent.click(within(index).getByRole('button', { name: /^Filtros/ }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/?categoria=3'));
  });

  it('opens the product detail dialog from a card', async () => {
    mockApi(baseRoutes({ 'GET /api/products/1/related': () => errorResponse(404, 'NOT_FOUND', 'x') }));
    renderWithApp(<CatalogueScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Bomba de agua' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    expect(within(dialog).getByText('A-1')).toBeInTheDocument();
  });

  it('sends the focus back to the card that opened the detail, on Escape and on Cerrar', async () => {
    mockApi(baseRoutes({ 'GET /api/products/1/related': () => errorResponse(404, 'NOT_FOUND', 'x') }));
    renderWithApp(<CatalogueScreen />);
    const card = await screen.findByRole('button', { name: 'Bomba de agua' });
    card.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(card).toHaveFocus());

    await userEvent.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(card).toHaveFocus());
  });

  it('shows the feedback box instead of the guest notice to a client', async () => {
    window.sessionStorage.clear();
    const fetchMock = mockApi(baseRoutes({ 'GET /api/user/session': signedInSession('client') }));
    renderWithApp(<CatalogueScreen />);
    await screen.findByText('Mostrando 2 de 2 repuestos');
    await waitFor(() => expect(partsCalls(fetchMock).some((u) => u.searchParams.get('userType') === 'client')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Catálogo Online' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dejanos tu comentario' })).toBeInTheDocument();
  });
});
