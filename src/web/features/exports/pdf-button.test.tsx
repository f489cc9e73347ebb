import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dismissToast } from '../../components/ui/toast.tsx';
import { config } from '../../test/fixtures.ts';
import { advanceClock, errorResponse, installFakeClock, mockApi, renderWithApp } from '../../test/render.tsx';
import { PdfButton } from './index.ts';
import { captureDownloads, deferred, fileResponse } from './test-support.ts';

/** A screen holding the button, which "Salir" leaves; the app (and its toasts) stays. */
function LeavingScreen() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(false)}>
        Salir
      </button>
      {shown ? <PdfButton categoryIds={[12]} categoryName="Embrague" /> : null}
    </>
  );
}

describe('PdfButton', () => {
  let downloads: ReturnType<typeof captureDownloads>;
  beforeEach(() => {
    downloads = captureDownloads();
  });
  afterEach(() => {
    downloads.restore();
    dismissToast();
  });

  it('downloads the PDF of the chosen categories under the server file name', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'GET /api/config': config, 'GET /api/export/catalog.pdf': () => answer.promise });
    renderWithApp(<PdfButton categoryIds={[12, 15]} categoryName="Embrague" includeImages includePrices />);

    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    // Busy, not disabled: it keeps the keyboard's focus (docs/product.md §13.4) and ignores presses.
    const busy = await screen.findByRole('button', { name: 'Generando PDF…' });
    expect(busy).not.toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(busy);
    const exports = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/export/catalog.pdf'));
    expect(exports).toHaveLength(1);
    const call = exports[0];
    const url = new URL(String(call?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      categoryIds: '12,15',
      categoryName: 'Embrague',
      includeImages: 'true',
      includePrices: 'true',
    });

    // Also said in a toast: on a phone the button closes with the "Más opciones" menu.
    expect(screen.getByText('Generando PDF…', { selector: '[data-state] *' })).toBeInTheDocument();
    expect(screen.getByText('La descarga comienza cuando el archivo esté listo.')).toBeInTheDocument();

    answer.resolve(fileResponse('%PDF-1.7', 'application/pdf', 'catálogo-embrague-2025-11-21.pdf'));
    await screen.findByRole('button', { name: 'Descargar PDF' });
    expect(screen.queryByText('La descarga comienza cuando el archivo esté listo.')).not.toBeInTheDocument();
    expect(downloads.saved).toEqual([{ href: 'blob:http://localhost/1', download: 'catálogo-embrague-2025-11-21.pdf' }]);
  });

  it('sends the list’s search and brand, so the PDF holds what the list shows', async () => {
    const fetchMock = mockApi({
      'GET /api/config': config,
      'GET /api/export/catalog.pdf': () => fileResponse('%PDF', 'application/pdf', 'catalogo.pdf'),
    });
    renderWithApp(<PdfButton categoryIds="all" search=" embrague " brand="Bosch" includePrices />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    await screen.findByRole('button', { name: 'Descargar PDF' });
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/export/catalog.pdf'));
    const url = new URL(String(call?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      categoryIds: 'all',
      includePrices: 'true',
      search: 'embrague',
      brand: 'Bosch',
    });
  });

  it('keeps saying "Generando PDF…" past the usual 5 s while a long PDF is made', async () => {
    const user = installFakeClock();
    const answer = deferred<Response>();
    mockApi({ 'GET /api/config': config, 'GET /api/export/catalog.pdf': () => answer.promise });
    renderWithApp(<PdfButton categoryIds={[12]} categoryName="Embrague" />);
    await user.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    expect(screen.getByText('La descarga comienza cuando el archivo esté listo.')).toBeInTheDocument();
    // A whole catalogue with images takes about 13 s on the server.
    await advanceClock(20_000);
    expect(screen.getByText('La descarga comienza cuando el archivo esté listo.')).toBeInTheDocument();
    answer.resolve(fileResponse('%PDF-1.7', 'application/pdf', 'catalogo.pdf'));
    await screen.findByRole('button', { name: 'Descargar PDF' });
    expect(screen.queryByText('La descarga comienza cuando el archivo esté listo.')).not.toBeInTheDocument();
  });

  it('drops its notice when the screen leaves before the PDF is made (the download is aborted)', async () => {
    mockApi({ 'GET /api/config': config, 'GET /api/export/catalog.pdf': () => deferred<Response>().promise });
    renderWithApp(<LeavingScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    expect(screen.getByText('La descarga comienza cuando el archivo esté listo.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salir' }));
    expect(screen.queryByText('La descarga comienza cuando el archivo esté listo.')).not.toBeInTheDocument();
  });

  it('asks for every category by default', async () => {
    const fetchMock = mockApi({
      'GET /api/config': config,
      'GET /api/export/catalog.pdf': () => fileResponse('%PDF', 'application/pdf', 'catalogo.pdf'),
    });
    renderWithApp(<PdfButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    await screen.findByRole('button', { name: 'Descargar PDF' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/export/catalog.pdf?categoryIds=all');
  });

  it('toasts "Error al generar PDF" when the export fails', async () => {
    mockApi({
      'GET /api/config': config,
      'GET /api/export/catalog.pdf': () => errorResponse(500, 'INTERNAL', 'Error interno del servidor'),
    });
    renderWithApp(<PdfButton categoryIds="all" />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    expect(await screen.findByText('Error al generar PDF')).toBeInTheDocument();
    expect(screen.getByText('Hubo un problema al crear el archivo PDF.')).toBeInTheDocument();
    expect(downloads.saved).toEqual([]);
  });
});
