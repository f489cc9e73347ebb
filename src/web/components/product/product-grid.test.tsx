import { render, screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPart } from '../../test/fixtures.ts';
import { ProductGrid } from './product-grid.tsx';

const page = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => buildPart({ partNumber: `${prefix}-${i + 1}`, description: `Repuesto ${prefix} ${i + 1}` }));

describe('ProductGrid', () => {
  it('ends with every card of the list, in order, and starts over for a new list', async () => {
    const first = page(30, 'A');
    const { rerender } = render(<ProductGrid parts={first} />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.getAllByRole('article').map((card) => card.querySelector('p')?.textContent)).toEqual(first.map((p) => p.partNumber));

    const second = page(10, 'B');
    rerender(<ProductGrid parts={second} />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(screen.queryByText('A-1')).not.toBeInTheDocument();
    expect(screen.getByText('B-10')).toBeInTheDocument();
  });

  describe('outside act (as in the browser)', () => {
    let container: HTMLDivElement;
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    let previous: boolean | undefined;
    beforeEach(() => {
      previous = env.IS_REACT_ACT_ENVIRONMENT;
      env.IS_REACT_ACT_ENVIRONMENT = false;
      container = document.createElement('div');
      document.body.append(container);
    });
    afterEach(() => {
      env.IS_REACT_ACT_ENVIRONMENT = previous;
      container.remove();
    });

    it('paints the first screen of cards first, then the rest in later renders, and keeps them for the same parts', async () => {
      const root = createRoot(container);
      const parts = page(60, 'C');
      flushSync(() => root.render(<ProductGrid parts={parts} />));
      // The first commit holds the first row only: the largest paint does not wait for 60 cards.
      expect(container.querySelectorAll('article')).toHaveLength(4);
      await waitFor(() => expect(container.querySelectorAll('article')).toHaveLength(60));
      // The same parts in a new array (a parent re-rendering) keep every card on screen.
      flushSync(() => root.render(<ProductGrid parts={[...parts]} />));
      expect(container.querySelectorAll('article')).toHaveLength(60);
      root.unmount();
    });
  });
});
