import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Part } from '../../../shared/api.ts';
import { buildPart, config } from '../../test/fixtures.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../test/render.tsx';
import { PRINT_DELAY_MS, PrintPage } from './index.ts';

/** `GET /api/print/catalog` over `parts` (or the parts of each chosen category), as the server streams it. */
function partsApi(parts: Part[], byCategory: Record<number, Part[]> = {}) {
  return (url: URL) => {
    const ids = url.searchParams.get('categoryIds') ?? 'all';
    const prices = url.searchParams.get('includePrices') === 'true';
    const chosen = ids === 'all' ? parts : ids.split(',').flatMap((id) => byCategory[Number(id)] ?? []);
    const list = [...new Map(chosen.map((p) => [p.id, p])).values()];
    const rows = list.map((p) => [p.id, p.partNumber, p.description, p.images[0] ?? null, prices ? p.price : null, p.categoryPath]);
    const lines = [JSON.stringify({ total: list.length })];
    for (let i = 0; i < rows.length; i += 2000) lines.push(JSON.stringify(rows.slice(i, i + 2000)));
    return new Response(`${lines.join('\n')}\n`, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
  };
}

function renderPrint(path: string, parts: Part[], byCategory?: Record<number, Part[]>) {
  const fetchMock = mockApi({ 'GET /api/config': config, 'GET /api/print/catalog': partsApi(parts, byCategory) });
  const view = renderWithApp(<PrintPage />, { path });
  return { ...view, fetchMock };
}

const partsCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/print/catalog')
    .map((url) => Object.fromEntries(url.searchParams));

describe('PrintPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('groups by category with the level-1 preferred order and sorts rows by code', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    const parts = [
      buildPart({ partNumber: 'Z-1', description: 'Kit insumo', categoryPath: ['INSUMOS', 'Lubricantes'] }),
      buildPart({ partNumber: 'A10', description: 'Filtro diez', categoryPath: ['Repuestos', 'OM352', 'Filtros'] }),
      buildPart({ partNumber: 'A9', description: 'Filtro nueve', categoryPath: ['Repuestos', 'OM352', 'Filtros'] }),
      buildPart({ partNumber: 'H-1', description: 'Llave', categoryPath: ['Herramientas'] }),
      buildPart({ partNumber: 'B-1', description: 'Bulón', categoryPath: ['Accesorios'] }),
      buildPart({ partNumber: 'S-1', description: 'Suelto', categoryPath: [] }),
      buildPart({ partNumber: 'M-1', description: 'Junta', categoryPath: ['Repuestos', '990-PIEZAS'] }),
      buildPart({ partNumber: 'M-2', description: 'Reten', categoryPath: ['Repuestos', '072-BULONES'] }),
    ];
    renderPrint('/print', parts);

    expect(await screen.findByText('8 productos')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Catálogo de Productos' })).toBeInTheDocument();
    expect(screen.getByText(config.brandName)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Repuestos',
      'Herramientas',
      'INSUMOS',
      'Accesorios',
      'Sin categoría',
    ]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      '072-BULONES',
      '990-PIEZAS',
      'OM352',
      'Lubricantes',
    ]);
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Filtros']);

    const filters = screen.getByRole('table', { name: 'Repuestos › OM352 › Filtros' });
    const rows = within(filters).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['A9', 'A10']);
    expect(within(rows[0] as HTMLElement).getByText('Filtro nueve')).toBeInTheDocument();
    // Without includeImages=false the IMAGEN column shows the photo or "Sin imagen".
    expect(within(rows[0] as HTMLElement).getByText('Sin imagen')).toBeInTheDocument();
    expect(screen.getByText(config.tagline)).toBeInTheDocument();
    expect(screen.getByText(/^Generado el \d{1,2}\/\d{1,2}\/\d{2,4}, \d{1,2}:\d{2}/)).toBeInTheDocument();
  });

  it('shows PRECIO only with includePrices=true, with "Consultar" for a missing price', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    const parts = [
      buildPart({ partNumber: 'P-1', price: '1234.50', categoryPath: ['Repuestos'] }),
      buildPart({ partNumber: 'P-2', price: null, categoryPath: ['Repuestos'] }),
    ];
    const first = renderPrint('/print?includePrices=true', parts);
    const table = await screen.findByRole('table', { name: 'Repuestos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['CÓDIGO', 'DESCRIPCIÓN', 'IMAGEN', 'PRECIO']);
    const [priced, unpriced] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(priced as HTMLElement).getByText(/^\$\s1\.234,50$/)).toBeInTheDocument();
    expect(within(unpriced as HTMLElement).getByText('Consultar')).toBeInTheDocument();
    first.unmount();

    renderPrint('/print?includePrices=false&includeImages=false', parts);
    const plain = await screen.findByRole('table', { name: 'Repuestos' });
    expect(
      within(plain)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['CÓDIGO', 'DESCRIPCIÓN']);
    expect(screen.queryByText('Consultar')).not.toBeInTheDocument();
    expect(screen.queryByText(/1\.234,50/)).not.toBeInTheDocument();
  });

  it('shows the empty text and does not print an empty list', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPrint('/print?categoryIds=99', [], { 99: [] });
    expect(await screen.findByText('No se encontraron productos para imprimir.')).toBeInTheDocument();
    expect(screen.getByText('0 productos')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PRINT_DELAY_MS * 2));
    expect(print).not.toHaveBeenCalled();
  });

  it('prints 500 ms after the data loads and returns home after printing', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { location } = renderPrint('/print?includePrices=true', [buildPart({ partNumber: 'X-1', categoryPath: ['Repuestos'] })]);
    await screen.findByRole('table', { name: 'Repuestos' });
    expect(print).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(PRINT_DELAY_MS));
    expect(print).toHaveBeenCalledTimes(1);
    expect(location.history.at(-1)).not.toBe('/');

    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(location.history.at(-1)).toBe('/');
  });

  it('has an IMPRIMIR button and a "Descargar PDF" button with the same parameters', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderPrint('/print?categoryIds=5&categoryName=Frenos&includePrices=true', [], {
      5: [buildPart({ partNumber: 'F-1', categoryPath: ['Repuestos', 'Frenos'] })],
    });
    await screen.findByRole('table', { name: 'Repuestos › Frenos' });
    expect(screen.getByText('Frenos', { selector: 'p' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'IMPRIMIR' }).click();
    expect(print).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeEnabled();
  });

  it('loads a catalogue above 5,000 parts whole, in one call, and prints it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const many = Array.from({ length: 5200 }, (_, i) =>
      buildPart({
        id: i + 1,
        partNumber: `C-${String(i).padStart(4, '0')}`,
        categoryPath: i % 2 ? ['Repuestos', 'Motor'] : ['Herramientas'],
      }),
    );
    const { fetchMock } = renderPrint('/print?categoryIds=3,4', [], { 3: many, 4: many.slice(0, 3) });
    expect(await screen.findByText('5.200 productos', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(partsCalls(fetchMock)).toEqual([{ categoryIds: '3,4' }]);
    expect(within(screen.getByRole('table', { name: 'Repuestos › Motor' })).getAllByRole('row')).toHaveLength(2601);
    expect(within(screen.getByRole('table', { name: 'Herramientas' })).getAllByRole('row')).toHaveLength(2601);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PRINT_DELAY_MS));
    expect(print).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('shows "Sin imagen" for a photo that fails to load, never a broken image', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    renderPrint('/print', [buildPart({ partNumber: 'IMG-1', images: ['/images/no-existe.jpg'], categoryPath: ['Repuestos'] })]);
    const table = await screen.findByRole('table', { name: 'Repuestos' });
    const image = table.querySelector('img');
    expect(image).toHaveAttribute('src', '/images/no-existe.jpg');
    act(() => {
      image?.dispatchEvent(new Event('error'));
    });
    expect(within(table).getByText('Sin imagen')).toBeInTheDocument();
    expect(table.querySelector('img')).toBeNull();
  });

  it('shows the progress while loading and the catalogue error on failure', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    mockApi({ 'GET /api/config': config, 'GET /api/print/catalog': () => errorResponse(500, 'INTERNAL', 'Error interno') });
    renderWithApp(<PrintPage />, { path: '/print' });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar el catálogo');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('rejects a bad categoryIds value', async () => {
    const fetchMock = mockApi({ 'GET /api/config': config, 'GET /api/print/catalog': () => json({ total: 0 }) });
    renderWithApp(<PrintPage />, { path: '/print?categoryIds=12,abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Los parámetros de impresión no son válidos.');
    expect(partsCalls(fetchMock)).toEqual([]);
  });
});
