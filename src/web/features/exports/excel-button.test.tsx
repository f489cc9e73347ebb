import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dismissToast } from '../../components/ui/toast.tsx';
import { config } from '../../test/fixtures.ts';
import { advanceClock, errorResponse, installFakeClock, mockApi, renderWithApp } from '../../test/render.tsx';
import { ExcelButton } from './index.ts';
import { captureDownloads, deferred, fileResponse } from './test-support.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('ExcelButton', () => {
  let downloads: ReturnType<typeof captureDownloads>;
  beforeEach(() => {
    downloads = captureDownloads();
  });
  afterEach(() => {
    downloads.restore();
    dismissToast();
  });

  it('keeps saying "Generando Excel…" past the usual 5 s while a large list streams', async () => {
    const user = installFakeClock();
    const answer = deferred<Response>();
    mockApi({ 'GET /api/config': config, 'GET /api/export/catalog.xlsx': () => answer.promise });
    renderWithApp(<ExcelButton />);
    await user.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await advanceClock(20_000);
    expect(screen.getByText('La descarga comienza cuando el archivo esté listo.')).toBeInTheDocument();
    answer.resolve(fileResponse('PK', XLSX, 'catalogo.xlsx'));
    expect(await screen.findByText('Archivo Excel descargado correctamente')).toBeInTheDocument();
    expect(screen.queryByText('La descarga comienza cuando el archivo esté listo.')).not.toBeInTheDocument();
  });

  it('downloads the filtered catalogue with a busy label, then toasts success', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'GET /api/config': config, 'GET /api/export/catalog.xlsx': () => answer.promise });
    renderWithApp(<ExcelButton categoryId={12} search="filtro" brand="Bosch" sortBy="price" sortDir="desc" />);

    const button = screen.getByRole('button', { name: 'Descargar Excel' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    // Busy, not disabled: it keeps the keyboard's focus (docs/product.md §13.4) and ignores presses.
    const busy = await screen.findByRole('button', { name: 'Generando Excel…' });
    expect(busy).toBe(button);
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    // Also said in a toast: on a phone the button closes with the "Más opciones" menu.
    expect(screen.getByText('La descarga comienza cuando el archivo esté listo.')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(busy);
    const exports = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/export/catalog.xlsx'));
    expect(exports).toHaveLength(1);
    const call = exports[0];
    const url = new URL(String(call?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      categoryId: '12',
      search: 'filtro',
      brand: 'Bosch',
      sortBy: 'price',
      sortDir: 'desc',
    });
    expect(call?.[1]).toMatchObject({ credentials: 'include' });

    answer.resolve(fileResponse('PK-xlsx', XLSX, 'catalogo-2025-11-21.xlsx'));
    expect(await screen.findByText('Archivo Excel descargado correctamente')).toBeInTheDocument();
    expect(downloads.saved).toEqual([{ href: 'blob:http://localhost/1', download: 'catalogo-2025-11-21.xlsx' }]);
    expect(downloads.blobs[0]?.size).toBe(7);
    expect(screen.getByRole('button', { name: 'Descargar Excel' })).toBeEnabled();
  });

  it('leaves out the "all categories" filter and empty texts', async () => {
    const fetchMock = mockApi({
      'GET /api/config': config,
      'GET /api/export/catalog.xlsx': () => fileResponse('x', XLSX, 'catalogo.xlsx'),
    });
    renderWithApp(<ExcelButton categoryId={0} search="" />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await screen.findByText('Archivo Excel descargado correctamente');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/export/catalog.xlsx')).toBe(true);
  });

  it('toasts the spec failure text when the export fails', async () => {
    mockApi({
      'GET /api/config': config,
      'GET /api/export/catalog.xlsx': () => errorResponse(500, 'INTERNAL', 'Error interno del servidor'),
    });
    renderWithApp(<ExcelButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    expect(await screen.findByText('Error al generar el archivo Excel')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(downloads.saved).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Descargar Excel' })).toBeEnabled());
  });

  it('shows the server message when exports are rate limited (429)', async () => {
    mockApi({
      'GET /api/config': config,
      'GET /api/export/catalog.xlsx': () =>
        errorResponse(429, 'RATE_LIMITED', 'Hay demasiadas descargas en curso. Intente nuevamente en unos minutos.'),
    });
    renderWithApp(<ExcelButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    expect(await screen.findByText('Hay demasiadas descargas en curso. Intente nuevamente en unos minutos.')).toBeInTheDocument();
  });

  it('toasts the failure on a network error', async () => {
    mockApi({
      'GET /api/config': config,
      'GET /api/export/catalog.xlsx': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderWithApp(<ExcelButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    expect(await screen.findByText('Error al generar el archivo Excel')).toBeInTheDocument();
  });
});
