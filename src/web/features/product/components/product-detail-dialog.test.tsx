import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CartLineInput } from '../../../../shared/orders.ts';
import { anonymousSession, buildPart, config } from '../../../test/fixtures.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { AddToOrderButton } from '../../orders/index.ts';
import { ProductDetailDialog } from './product-detail-dialog.tsx';

describe('ProductDetailDialog', () => {
  it('shows the facts, breadcrumb, alternate codes and discounted price', async () => {
    mockApi({ 'GET /api/products/10/related': () => errorResponse(404, 'NOT_FOUND', 'x') });
    const part = buildPart({
      id: 10,
      partNumber: '0011843925',
      description: 'ELEMENTO F/ACEITE OM352',
      alternateCodes: ['3482654113', 'LF-3000'],
      price: '800.00',
      originalPrice: '1000.00',
      discountPercentage: 20,
      stockLevel: 'Bajo Stock',
      salesUnit: 'Caja x 10',
      images: ['/images/a.jpg', '/images/b.jpg'],
      applications: 'Mercedes Benz 1114 / 1517 (OM352)',
      notes: 'SUB FOR 0011843924',
    });
    renderWithApp(<ProductDetailDialog part={part} userType="guest" onClose={() => {}} onPlayVideo={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    expect(within(dialog).getByText('0011843925')).toBeInTheDocument();
    expect(within(dialog).getByText('Códigos alternativos')).toBeInTheDocument();
    expect(within(dialog).getByText('3482654113, LF-3000')).toBeInTheDocument();
    expect(within(dialog).getByText('Repuestos > OM352 > Filtros')).toBeInTheDocument();
    expect(within(dialog).getByText('Caja x 10')).toBeInTheDocument();
    expect(within(dialog).getByText('Aplicaciones').nextSibling).toHaveTextContent('Mercedes Benz 1114 / 1517 (OM352)');
    expect(within(dialog).getByText('Observaciones').nextSibling).toHaveTextContent('SUB FOR 0011843924');
    expect(within(dialog).getByText('Bajo Stock')).toHaveClass('bg-yellow-100');
    expect(within(dialog).getByText('Precio')).toBeInTheDocument();
    expect(within(dialog).getByText('-20%')).toBeInTheDocument();
    const thumbs = within(dialog).getAllByRole('button', { name: /Ver imagen/ });
    expect(thumbs).toHaveLength(2);
    await userEvent.click(thumbs[1] as HTMLElement);
    expect(thumbs[1]).toHaveAttribute('aria-pressed', 'true');
    // A 404 on related products means an empty list: no section.
    expect(within(dialog).queryByText('Productos Relacionados')).not.toBeInTheDocument();
  });

  it('takes a history entry for the back button unless told not to (an admin editing over it)', async () => {
    mockApi({ 'GET /api/products/10/related': () => errorResponse(404, 'NOT_FOUND', 'x') });
    const part = buildPart({ id: 10 });
    const start = window.history.length;
    const { unmount } = renderWithApp(<ProductDetailDialog part={part} userType="guest" onClose={() => {}} onPlayVideo={() => {}} />);
    await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    expect(window.history.length).toBe(start + 1);
    unmount();
    const after = window.history.length;
    renderWithApp(<ProductDetailDialog part={part} userType="admin" onClose={() => {}} onPlayVideo={() => {}} closeOnBack={false} />);
    await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    expect(window.history.length).toBe(after);
  });

  it('links the brand to the catalogue filtered by it, closing the dialog', async () => {
    mockApi({ 'GET /api/products/12/related': [] });
    const onClose = vi.fn();
    const part = buildPart({ id: 12, brand: 'Mahle & Hijos' });
    const { location } = renderWithApp(<ProductDetailDialog part={part} userType="guest" onClose={onClose} onPlayVideo={() => {}} />, {
      path: '/?categoria=7',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    const brand = within(dialog).getByRole('link', { name: 'Ver repuestos de la marca Mahle & Hijos' });
    expect(brand).toHaveTextContent('Mahle & Hijos');
    expect(brand).toHaveAttribute('href', '/?marca=Mahle+%26+Hijos');
    await userEvent.click(brand);
    expect(onClose).toHaveBeenCalled();
    expect(location.history.at(-1)).toBe('/?marca=Mahle+%26+Hijos');
  });

  it('shows an uploaded photo large with its srcset, and thumbnails on the buttons', async () => {
    mockApi({ 'GET /api/products/11/related': [] });
    const part = buildPart({ id: 11, description: 'Bomba de agua', images: ['/images/uploads/pn-11-abc-lg.webp', '/images/om352/b.jpg'] });
    renderWithApp(<ProductDetailDialog part={part} userType="guest" onClose={() => {}} onPlayVideo={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    const main = within(dialog).getByRole('img', { name: 'Bomba de agua' });
    expect(main).toHaveAttribute('src', '/images/uploads/pn-11-abc-lg.webp');
    expect(main).toHaveAttribute('srcset', '/images/uploads/pn-11-abc-sm.webp 320w, /images/uploads/pn-11-abc-lg.webp 1200w');
    expect(main.getAttribute('sizes')).toMatch(/16rem$/);
    const thumbs = within(dialog).getAllByRole('button', { name: /Ver imagen/ });
    expect(thumbs[0]?.querySelector('img')).toHaveAttribute('src', '/images/uploads/pn-11-abc-sm.webp');
    // An imported photo has one size: no srcset.
    await userEvent.click(thumbs[1] as HTMLElement);
    expect(within(dialog).getByRole('img', { name: 'Bomba de agua' })).toHaveAttribute('src', '/images/om352/b.jpg');
    expect(within(dialog).getByRole('img', { name: 'Bomba de agua' })).not.toHaveAttribute('srcset');
  });

  it('hides Precio without a price and opens related products', async () => {
    const related = buildPart({ id: 21, description: 'Junta tapa de cilindros' });
    const fetchMock = mockApi({ 'GET /api/products/20/related': [related] });
    const part = buildPart({ id: 20, price: null, alternateCodes: [] });
    renderWithApp(<ProductDetailDialog part={part} userType="client" onClose={() => {}} onPlayVideo={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    expect(within(dialog).queryByText('Precio')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Códigos alternativos')).not.toBeInTheDocument();
    expect(await within(dialog).findByRole('heading', { name: 'Productos Relacionados' })).toBeInTheDocument();
    const relatedCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/related'));
    const url = new URL(String(relatedCall?.[0]), 'http://localhost');
    expect(url.searchParams.get('priceList')).toBe('1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Junta tapa de cilindros' }));
    expect(within(dialog).getByText('PN-21')).toBeInTheDocument();
  });

  it('moves the focus to the start of a related product opened with the keyboard', async () => {
    const related = buildPart({ id: 41, partNumber: 'RP-41', description: 'Junta tapa de cilindros' });
    mockApi({ 'GET /api/products/40/related': [related], 'GET /api/products/41/related': [] });
    const part = buildPart({ id: 40 });
    renderWithApp(<ProductDetailDialog part={part} userType="client" onClose={() => {}} onPlayVideo={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    const item = await within(dialog).findByRole('button', { name: 'Junta tapa de cilindros' });
    item.focus();
    await userEvent.keyboard('{Enter}');
    // The button pressed is gone with the part it belonged to: the focus goes to the new part's start
    // (named by its code), not to <body> or the dialog's frame, so a phone shows its top, not its middle.
    const shown = within(dialog).getByRole('article', { name: 'Repuesto RP-41' });
    expect(shown).toHaveFocus();
    expect(within(shown).getByText('RP-41')).toBeInTheDocument();
  });

  it('plays the video', async () => {
    mockApi({ 'GET /api/products/30/related': [] });
    const onPlayVideo = vi.fn();
    const part = buildPart({ id: 30, videoUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    renderWithApp(<ProductDetailDialog part={part} userType="guest" onClose={() => {}} onPlayVideo={onPlayVideo} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver video' }));
    expect(onPlayVideo).toHaveBeenCalledWith(part);
  });

  it('adds the chosen quantity to the pedido and writes the part into the WhatsApp links', async () => {
    mockApi({ 'GET /api/products/40/related': [], 'GET /api/config': config });
    const orderButton = vi.fn((part: { partNumber: string }, quantity: number) => (
      <button type="button">
        Agregar {quantity} de {part.partNumber}
      </button>
    ));
    const part = buildPart({ id: 40, partNumber: '0011843925', description: 'ELEMENTO F/ACEITE OM352', salesUnit: 'Caja x 10' });
    renderWithApp(<ProductDetailDialog part={part} userType="guest" onClose={() => {}} onPlayVideo={() => {}} orderButton={orderButton} />);
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    expect(within(dialog).getByRole('button', { name: 'Agregar 1 de 0011843925' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aumentar cantidad' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aumentar cantidad' }));
    expect(within(dialog).getByRole('button', { name: 'Agregar 3 de 0011843925' })).toBeInTheDocument();
    const sales = await within(dialog).findByRole('link', { name: /WhatsApp Ventas/ });
    const href = new URL(sales.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://wa.me/5491100000002');
    const text = href.searchParams.get('text') ?? '';
    expect(text).toContain('Código: 0011843925');
    expect(text).toContain('Descripción: ELEMENTO F/ACEITE OM352');
    expect(text).toContain('Unidad de venta: Caja x 10');
    expect(text).toContain('Cantidad: 3');
  });

  it('closes at the first Escape after "Agregar al pedido", its toast left showing (§13.4)', async () => {
    mockApi({
      'GET /api/products/50/related': [],
      'GET /api/user/session': anonymousSession,
      'POST /api/cart/price': (_url: URL, init: RequestInit | undefined) => {
        const { lines } = JSON.parse(String(init?.body)) as { lines: CartLineInput[] };
        const priced = lines.map((l) => ({
          partId: l.partId,
          partNumber: 'PN-50',
          description: 'Bomba de agua',
          brand: null,
          salesUnit: '1 unidad',
          imageUrl: null,
          stockLevel: 'En Stock',
          quantity: l.quantity,
          unitPrice: '1000.00',
          subtotal: '1000.00',
        }));
        return json({
          lines: priced,
          unavailable: [],
          totals: { total: '1000.00', lineCount: 1, unitCount: 1, unpricedCount: 0 },
          pricesChanged: false,
        });
      },
    });
    const onClose = vi.fn();
    const part = buildPart({ id: 50, partNumber: 'PN-50', price: '1000.00' });
    renderWithApp(
      <ProductDetailDialog
        part={part}
        userType="guest"
        onClose={onClose}
        onPlayVideo={() => {}}
        orderButton={(p, quantity) => <AddToOrderButton part={p} quantity={quantity} />}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Repuesto' });
    const add = await within(dialog).findByRole('button', { name: 'Agregar al pedido' });
    add.focus();
    await userEvent.keyboard('{Enter}');
    // The cart's edits load on the first press: their first load in a test run transforms them.
    expect(await screen.findByText('Agregado al pedido', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(add).toHaveFocus();

    // The user is in the dialog: Escape is the dialog's, not the toast's (which has its own close).
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Agregado al pedido')).toBeInTheDocument();
  });
});
