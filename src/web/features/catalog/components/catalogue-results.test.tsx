import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfflineBanner } from '../../../components/offline-banner.tsx';
import { startGuestSession } from '../../session/index.ts';
import { buildPart, buildPartsResponse } from '../../../test/fixtures.ts';
import { json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { useCatalogueState } from '../use-catalogue-state.ts';
import { CatalogueResults } from './catalogue-results.tsx';

const parts = [buildPart({ partNumber: 'A-1', description: 'Bomba de agua' })];

function partsCalls(fetchMock: ReturnType<typeof mockApi>): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/parts');
}

/** The list with the URL state, plus a button that searches like the header box does. */
function Harness() {
  const catalogue = useCatalogueState();
  return (
    <>
      <button type="button" onClick={() => catalogue.setSearch('bomba')}>
        Buscar bomba
      </button>
      <button type="button" onClick={() => catalogue.setSearch('')}>
        Sin búsqueda
      </button>
      <CatalogueResults catalogue={catalogue} userType="guest" title="TODOS LOS PRODUCTOS" />
    </>
  );
}

describe('CatalogueResults: the order', () => {
  beforeEach(() => startGuestSession());

  it('orders by Código without a search and offers no Relevancia', async () => {
    const fetchMock = mockApi({ 'GET /api/parts': buildPartsResponse(parts) });
    renderWithApp(<Harness />);
    await screen.findByText('Mostrando 1 de 1 repuesto');
    const select = screen.getByLabelText('Ordenar por');
    expect(select).toHaveValue('partNumber');
    expect(within(select).queryByRole('option', { name: 'Relevancia' })).not.toBeInTheDocument();
    expect(partsCalls(fetchMock)[0]?.searchParams.get('sortBy')).toBe('partNumber');
  });

  it('orders by Relevancia while searching; Código, Descripción and Precio stay selectable and stay in the URL', async () => {
    const fetchMock = mockApi({ 'GET /api/parts': buildPartsResponse(parts) });
    const { location } = renderWithApp(<Harness />, { path: '/?q=bomba' });
    await screen.findByText('Mostrando 1 de 1 repuesto');
    const select = screen.getByLabelText('Ordenar por');
    expect(select).toHaveValue('relevance');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Relevancia', 'Código', 'Descripción', 'Precio']);
    expect(partsCalls(fetchMock)[0]?.searchParams.get('sortBy')).toBe('relevance');

    await userEvent.selectOptions(select, 'partNumber');
    await waitFor(() => expect(location.history.at(-1)).toBe('/?q=bomba&orden=partNumber'));
    await waitFor(() => expect(partsCalls(fetchMock).at(-1)?.searchParams.get('sortBy')).toBe('partNumber'));
    await userEvent.selectOptions(select, 'relevance');
    await waitFor(() => expect(location.history.at(-1)).toBe('/?q=bomba'));
  });

  it('switches an order left at its default when a search starts and ends; a picked one stays', async () => {
    mockApi({ 'GET /api/parts': buildPartsResponse(parts) });
    const { location } = renderWithApp(<Harness />);
    await screen.findByText('Mostrando 1 de 1 repuesto');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar bomba' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/?q=bomba'));
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('relevance');
    await userEvent.click(screen.getByRole('button', { name: 'Sin búsqueda' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('partNumber');

    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'price');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar bomba' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/?q=bomba&orden=price'));
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('price');
  });

  it('says which search it shows after a typo correction and links to the exact search (exact=1)', async () => {
    const fetchMock = mockApi({
      'GET /api/parts': (url: URL) =>
        json(
          url.searchParams.get('exact') === '1' ? buildPartsResponse([], 0) : { ...buildPartsResponse(parts), correctedSearch: 'radiador' },
        ),
    });
    const { location } = renderWithApp(<Harness />, { path: '/?q=radaidor&orden=price' });
    expect(await screen.findByText(/Mostrando resultados para/)).toHaveTextContent('Mostrando resultados para «radiador».');
    const link = screen.getByRole('link', { name: 'Buscar exactamente «radaidor»' });
    expect(link).toHaveAttribute('href', '/?q=radaidor&orden=price&exacta=1');
    expect(partsCalls(fetchMock)[0]?.searchParams.has('exact')).toBe(false);

    await userEvent.click(link);
    await waitFor(() => expect(location.history.at(-1)).toBe('/?q=radaidor&orden=price&exacta=1'));
    await waitFor(() => expect(partsCalls(fetchMock).at(-1)?.searchParams.get('exact')).toBe('1'));
    expect(await screen.findByRole('heading', { name: 'No se encontraron productos' })).toBeInTheDocument();
    expect(screen.queryByText(/Mostrando resultados para/)).not.toBeInTheDocument();

    // A new search corrects typos again.
    await userEvent.click(screen.getByRole('button', { name: 'Buscar bomba' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/?q=bomba&orden=price'));
  });

  it('shows no correction line when the answer has none', async () => {
    mockApi({ 'GET /api/parts': buildPartsResponse(parts) });
    renderWithApp(<Harness />, { path: '/?q=bomba' });
    await screen.findByText('Mostrando 1 de 1 repuesto');
    expect(screen.queryByText(/Mostrando resultados para/)).not.toBeInTheDocument();
  });
});

describe('CatalogueResults: ¿Quiso decir …? (a code with a typo, docs/product.md §6.1)', () => {
  beforeEach(() => startGuestSession());

  it('offers the part numbers one edit away as links that search them, and keeps the focus off <body>', async () => {
    const fetchMock = mockApi({
      'GET /api/parts': (url: URL) =>
        json(
          url.searchParams.get('search') === 'D-965C'
            ? { ...buildPartsResponse([], 0), suggestedPartNumbers: ['D-956C', 'D-659C', 'D-965'] }
            : buildPartsResponse([buildPart({ id: 9, partNumber: 'D-956C', description: 'Cruceta cardan' })]),
        ),
    });
    const { location } = renderWithApp(<Harness />, { path: '/?q=D-965C' });
    expect(await screen.findByRole('heading', { name: 'No se encontraron productos' })).toBeInTheDocument();
    const offer = screen.getByText(/¿Quiso decir/);
    expect(offer).toHaveTextContent('¿Quiso decir D-956C, D-659C o D-965?');
    // Offered, never searched in the typed code's place.
    expect(partsCalls(fetchMock).map((u) => u.searchParams.get('search'))).toEqual(['D-965C']);
    const link = within(offer).getByRole('link', { name: 'D-956C' });
    expect(link).toHaveAttribute('href', '/?q=D-956C');

    await userEvent.click(link);
    await waitFor(() => expect(location.history.at(-1)).toBe('/?q=D-956C'));
    expect(await screen.findByText('Mostrando 1 de 1 repuesto')).toBeInTheDocument();
    expect(screen.queryByText(/¿Quiso decir/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'TODOS LOS PRODUCTOS' })).toHaveFocus();
  });

  it('says one part number without a list, and nothing when the answer offers none', async () => {
    mockApi({
      'GET /api/parts': (url: URL) =>
        json(
          url.searchParams.get('search') === 'M48553-25'
            ? { ...buildPartsResponse([], 0), suggestedPartNumbers: ['M48553-24'] }
            : buildPartsResponse([], 0),
        ),
    });
    renderWithApp(<Harness />, { path: '/?q=M48553-25' });
    expect(await screen.findByText(/¿Quiso decir/)).toHaveTextContent('¿Quiso decir M48553-24?');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar bomba' }));
    await waitFor(() => expect(screen.queryByText(/¿Quiso decir/)).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'No se encontraron productos' })).toBeInTheDocument();
  });
});

describe('CatalogueResults: without connection', () => {
  beforeEach(() => startGuestSession());
  afterEach(() => onlineManager.setOnline(true));

  it('shows "Sin conexión" instead of the previous search, and the new answer when the connection returns', async () => {
    const fetchMock = mockApi({
      'GET /api/parts': (url: URL) => {
        // Offline the request is still made once (the service worker may hold a copy); this one has none.
        if (!onlineManager.isOnline()) throw new TypeError('Failed to fetch');
        return json(
          url.searchParams.get('search') === 'bomba'
            ? buildPartsResponse([buildPart({ id: 2, partNumber: 'B-2', description: 'Bomba de aceite' })])
            : buildPartsResponse(parts),
        );
      },
    });
    renderWithApp(
      <>
        <OfflineBanner />
        <Harness />
      </>,
    );
    expect(await screen.findByText('Mostrando 1 de 1 repuesto')).toBeInTheDocument();
    expect(screen.getByText('Bomba de agua')).toBeInTheDocument();
    expect(screen.queryByText(/Sin conexión/)).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión.');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar bomba' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Sin conexión' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('No se pudo buscar «bomba» porque no hay conexión.');
    expect(screen.queryByText('Bomba de agua')).not.toBeInTheDocument();
    expect(screen.queryByText(/Mostrando/)).not.toBeInTheDocument();
    expect(partsCalls(fetchMock).filter((url) => url.searchParams.get('search') === 'bomba')).toHaveLength(1);

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Bomba de aceite')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Sin conexión/)).not.toBeInTheDocument();
  });

  it('offline, shows a page the service worker answers from its copy, under the "Sin conexión" banner', async () => {
    mockApi({
      'GET /api/parts': (url: URL) =>
        json(
          url.searchParams.get('search') === 'bomba'
            ? buildPartsResponse([buildPart({ id: 2, partNumber: 'B-2', description: 'Bomba de aceite' })])
            : buildPartsResponse(parts),
        ),
    });
    act(() => onlineManager.setOnline(false));
    renderWithApp(
      <>
        <OfflineBanner />
        <Harness />
      </>,
      { path: '/?q=bomba' },
    );
    expect(await screen.findByText('Bomba de aceite')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "Sin conexión" when the request gets no answer at all', async () => {
    mockApi({
      'GET /api/parts': (url: URL) => {
        if (url.searchParams.get('search') === 'bomba') throw new TypeError('Failed to fetch');
        return json(buildPartsResponse(parts));
      },
    });
    renderWithApp(<Harness />);
    await screen.findByText('Mostrando 1 de 1 repuesto');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar bomba' }));
    expect(await screen.findByRole('heading', { name: 'Sin conexión' })).toBeInTheDocument();
    expect(screen.queryByText('Bomba de agua')).not.toBeInTheDocument();
  });
});
