import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPart, config } from '../../../test/fixtures.ts';
import { errorResponse, json, mockApi, pending, renderWithApp } from '../../../test/render.tsx';
import { ProductPageView } from './product-page-view.tsx';

describe('ProductPageView', () => {
  it('shows a skeleton while loading', () => {
    mockApi({ 'GET /api/parts/5': () => pending() });
    renderWithApp(<ProductPageView id={5} userType="guest" config={config} />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando producto...');
  });

  it('shows "Producto no encontrado" on a 404', async () => {
    mockApi({ 'GET /api/parts/5': () => errorResponse(404, 'NOT_FOUND', 'Producto no encontrado') });
    renderWithApp(<ProductPageView id={5} userType="guest" config={config} />);
    expect(await screen.findByRole('heading', { name: 'Producto no encontrado' })).toBeInTheDocument();
    expect(screen.getByText('No se pudo cargar la información del producto.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument();
  });

  describe('without connection', () => {
    afterEach(() => onlineManager.setOnline(true));

    it('shows "Sin conexión" for a part never viewed, and the part when the connection returns', async () => {
      mockApi({
        'GET /api/parts/5': () => {
          // Offline the request is still made once (the service worker may hold a copy); this one has none.
          if (!onlineManager.isOnline()) throw new TypeError('Failed to fetch');
          return json(buildPart({ id: 5, description: 'Bomba de agua' }));
        },
      });
      act(() => onlineManager.setOnline(false));
      renderWithApp(<ProductPageView id={5} userType="guest" config={config} />);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Sin conexión');
      expect(alert).toHaveTextContent('No se pudo cargar este producto porque no hay conexión.');
      expect(screen.queryByText('Producto no encontrado')).not.toBeInTheDocument();
      act(() => onlineManager.setOnline(true));
      expect(await screen.findByRole('heading', { level: 1, name: 'Bomba de agua' })).toBeInTheDocument();
    });

    it('still says "Producto no encontrado" for a part the server does not have', async () => {
      mockApi({ 'GET /api/parts/5': () => errorResponse(404, 'NOT_FOUND', 'Producto no encontrado') });
      act(() => onlineManager.setOnline(false));
      renderWithApp(<ProductPageView id={5} userType="guest" config={config} />);
      expect(await screen.findByRole('heading', { name: 'Producto no encontrado' })).toBeInTheDocument();
    });
  });

  it('multiplies the price by the quantity, never below 1', async () => {
    mockApi({
      'GET /api/parts/5': buildPart({ id: 5, price: '800.00', originalPrice: '1000.00', discountPercentage: 20, brand: 'Bosch' }),
    });
    renderWithApp(<ProductPageView id={5} userType="guest" config={config} />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    // The brand opens the catalogue filtered by it, the only control setting `?marca=`.
    expect(screen.getByRole('link', { name: 'Ver repuestos de la marca Bosch' })).toHaveAttribute('href', '/?marca=Bosch');
    expect(screen.getByText('-20%')).toBeInTheDocument();
    const minus = screen.getByRole('button', { name: 'Disminuir cantidad' });
    expect(minus).toBeDisabled();
    expect(screen.getByText(/Total/)).toHaveTextContent(/800,00/);
    await userEvent.click(screen.getByRole('button', { name: 'Aumentar cantidad' }));
    await userEvent.click(screen.getByRole('button', { name: 'Aumentar cantidad' }));
    expect(screen.getByLabelText('Cantidad')).toHaveValue(3);
    expect(screen.getByText(/Total/)).toHaveTextContent(/2\.400,00/);
    const sales = screen.getByRole('link', { name: /WhatsApp Ventas/ });
    // The chat opens with the part and the chosen quantity written out (issue 19 §6).
    const text = new URL(sales.getAttribute('href') ?? '').searchParams.get('text') ?? '';
    expect(text).toContain('Código: PN-5');
    expect(text).toContain('Cantidad: 3');
  });

  it("takes the focus to the part's heading when it arrives with the focus lost (a suggestion picked by keyboard)", async () => {
    mockApi({ 'GET /api/parts/5': buildPart({ id: 5, description: 'Bomba de agua' }) });
    renderWithApp(<ProductPageView id={5} userType="guest" config={config} />);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Bomba de agua' });
    expect(heading).toHaveFocus();
    // From there the next stops are the part's own (its brand, the quantity), not the header's.
    await userEvent.tab();
    expect(screen.getByRole('link', { name: /Ver repuestos de la marca/ })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Cantidad')).toHaveFocus();
  });

  it('leaves the focus where it is when something already has it', async () => {
    mockApi({ 'GET /api/parts/6': buildPart({ id: 6, description: 'Filtro' }) });
    renderWithApp(
      <>
        <input aria-label="Otro" />
        <ProductPageView id={6} userType="guest" config={config} />
      </>,
    );
    screen.getByLabelText('Otro').focus();
    await screen.findByRole('heading', { level: 1, name: 'Filtro' });
    expect(screen.getByLabelText('Otro')).toHaveFocus();
  });

  it('shows "Consultar Precio" as total without a price', async () => {
    mockApi({ 'GET /api/parts/6': buildPart({ id: 6, price: null }) });
    renderWithApp(<ProductPageView id={6} userType="guest" config={config} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/Total/)).toHaveTextContent('Consultar Precio');
  });
});
