/** The notes of an import report (docs/product.md §11.4): counts read in the singular and the plural. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../jobs-test-fixtures.ts';
import { ReportDetails } from './import-preview.tsx';

describe('ReportDetails', () => {
  it('says how many hand edits were kept, in the singular for one', () => {
    const { unmount } = render(<ReportDetails report={buildReport({ handEditsKept: 1 })} />);
    expect(screen.getByText('Se conservó 1 dato editado a mano.')).toBeInTheDocument();
    unmount();
    render(<ReportDetails report={buildReport({ handEditsKept: 1200 })} />);
    expect(screen.getByText('Se conservaron 1.200 datos editados a mano.')).toBeInTheDocument();
  });
});
