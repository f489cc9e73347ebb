import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow, parsePageInput } from './pagination.tsx';

describe('pageWindow', () => {
  it('shows at most five pages around the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});

describe('Pagination', () => {
  it('disables Anterior on the first page and moves forward', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pageCount={8} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: /Anterior/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Página 6' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('parsePageInput', () => {
  it('reads digits and clamps them to the page range', () => {
    expect(parsePageInput(' 42 ', 162)).toBe(42);
    expect(parsePageInput('0', 162)).toBe(1);
    expect(parsePageInput('999', 162)).toBe(162);
    expect(parsePageInput('4a', 162)).toBeNull();
    expect(parsePageInput('', 162)).toBeNull();
  });
});

describe('Pagination of a long catalogue', () => {
  it('goes to the first and the last page', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={1} pageCount={162} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Primera página' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Última página' }));
    expect(onPageChange).toHaveBeenLastCalledWith(162);

    rerender(<Pagination page={162} pageCount={162} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Última página' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Siguiente/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Página 158' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 162' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Primera página' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('jumps to a typed page with Enter or Ir, clamped, showing "Página X de Y"', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={3} pageCount={162} onPageChange={onPageChange} />);
    const field = screen.getByRole('textbox', { name: 'Ir a página (de 162)' });
    expect(field).toHaveValue('3');
    expect(screen.getByText('de 162')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '80{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(80);

    rerender(<Pagination page={80} pageCount={162} onPageChange={onPageChange} />);
    const moved = screen.getByRole('textbox', { name: 'Ir a página (de 162)' });
    expect(moved).toHaveValue('80');
    await userEvent.clear(moved);
    await userEvent.type(moved, '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Ir' }));
    expect(onPageChange).toHaveBeenLastCalledWith(162);

    onPageChange.mockClear();
    rerender(<Pagination page={162} pageCount={162} onPageChange={onPageChange} />);
    const last = screen.getByRole('textbox', { name: 'Ir a página (de 162)' });
    await userEvent.clear(last);
    await userEvent.type(last, 'xx{Enter}');
    expect(onPageChange).not.toHaveBeenCalled();
    expect(last).toHaveValue('162');
  });
});
