import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildPart } from '../../test/fixtures.ts';
import { ProductCard } from './product-card.tsx';

describe('ProductCard', () => {
  it('shows code, description, es-AR price, green stock badge and sales unit', async () => {
    const onOpen = vi.fn();
    const part = buildPart({ partNumber: '0011843925', description: 'ELEMENTO F/ACEITE', price: '1234.50', salesUnit: '' });
    render(<ProductCard part={part} onOpen={onOpen} />);
    expect(screen.getByText('0011843925')).toBeInTheDocument();
    expect(screen.getByText(/1\.234,50/)).toBeInTheDocument();
    expect(screen.getByText('En Stock')).toHaveClass('bg-green-100');
    expect(screen.getByText('1 unidad')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ELEMENTO F/ACEITE' }));
    expect(onOpen).toHaveBeenCalledWith(part);
  });

  it('shows "Consultar Precio" without a price and a red badge when out of stock', () => {
    render(<ProductCard part={buildPart({ price: null, stockLevel: 'Sin Stock', inStock: false })} />);
    expect(screen.getByText('Consultar Precio')).toBeInTheDocument();
    expect(screen.getByText('Sin Stock')).toHaveClass('bg-red-100');
  });

  it('strikes the original price only on on-sale lists', () => {
    const part = buildPart({ price: '800.00', originalPrice: '1000.00', discountPercentage: 20 });
    const { rerender } = render(<ProductCard part={part} />);
    expect(screen.queryByText('-20%')).not.toBeInTheDocument();
    rerender(<ProductCard part={part} showOriginal />);
    expect(screen.getByText('-20%')).toBeInTheDocument();
    expect(screen.getByText(/1\.000,00/).closest('s')).not.toBeNull();
  });

  it("shows an uploaded photo's thumbnail in the grid and the list, an imported photo as it is", () => {
    const uploaded = buildPart({ images: ['/images/uploads/pn-1-abc-lg.webp', '/images/om352/b.jpg'] });
    const { container, rerender } = render(<ProductCard part={uploaded} />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/images/uploads/pn-1-abc-sm.webp');
    expect(container.querySelector('img')).not.toHaveAttribute('srcset');
    rerender(<ProductCard part={uploaded} layout="list" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/images/uploads/pn-1-abc-sm.webp');
    rerender(<ProductCard part={buildPart({ images: ['/images/om352/a.jpg'] })} />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/images/om352/a.jpg');
  });

  it('links the document in a new tab', () => {
    render(<ProductCard part={buildPart({ partNumber: 'AB1', documentUrl: 'https://example.com/ficha.pdf' })} />);
    const link = screen.getByRole('link', { name: /Ficha de AB1/ });
    expect(link).toHaveAttribute('target', '_blank');
  });
});
