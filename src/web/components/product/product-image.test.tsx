import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image.tsx';

describe('ProductImage', () => {
  it('shows "Sin imagen" without a source', () => {
    render(<ProductImage src={undefined} alt="Filtro" />);
    expect(screen.getByText('Sin imagen')).toBeInTheDocument();
  });

  it('loads lazily and shows the "Sin imagen" placeholder when the image fails', () => {
    render(<ProductImage src="/images/x.jpg" alt="Filtro" />);
    const img = screen.getByRole('img', { name: 'Filtro' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveAttribute('width');
    fireEvent.error(img);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText(/^Sin imagen/)).toHaveTextContent('Sin imagen (Error al cargar)');
    expect(screen.getByText('(Error al cargar)', { exact: false })).toHaveClass('sr-only');
  });
});
