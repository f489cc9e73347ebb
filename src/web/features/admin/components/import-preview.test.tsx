/** The notes of an import report (docs/product.md §11.4): counts read in the singular and the plural. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatArs } from '../../../lib/format.ts';
import { buildReport } from '../jobs-test-fixtures.ts';
import { ApplyPreview, ReportDetails } from './import-preview.tsx';

describe('ReportDetails', () => {
  it('says how many hand edits were kept, in the singular for one', () => {
    const { unmount } = render(<ReportDetails report={buildReport({ handEditsKept: 1 })} />);
    expect(screen.getByText('Se conservó 1 dato editado a mano.')).toBeInTheDocument();
    unmount();
    render(<ReportDetails report={buildReport({ handEditsKept: 1200 })} />);
    expect(screen.getByText('Se conservaron 1.200 datos editados a mano.')).toBeInTheDocument();
  });

  it('lists the hand edits kept: the part, the field, the hand value and the file’s, and how many more', () => {
    const report = {
      ...buildReport({ handEditsKept: 53 }),
      keptEdits: [
        { partNumber: 'HE-1', field: 'description' as const, kept: 'Bomba de agua (SKF)', incoming: 'BOMBA DE AGUA' },
        { partNumber: 'HE-1', field: 'priceList1' as const, kept: '1200.00', incoming: null },
        { partNumber: 'HE-2', field: 'stock' as const, kept: 'Consultar', incoming: '3 (Bajo Stock)' },
      ],
    };
    render(<ReportDetails report={report} />);
    const list = screen.getByRole('list', { name: 'Datos editados a mano que se conservan' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'HE-1 · Descripción: queda «Bomba de agua (SKF)»; el archivo trae «BOMBA DE AGUA»',
      `HE-1 · Lista de precios 1: queda ${formatArs('1200.00')}; el archivo trae sin precio`,
      'HE-2 · Stock: queda «Consultar»; el archivo trae «3 (Bajo Stock)»',
    ]);
    expect(screen.getByText('y 50 más.')).toBeInTheDocument();
  });

  it('warns of each price it could not read, with its row and text, and counts them', () => {
    const report = {
      ...buildReport(),
      unreadablePrices: {
        count: 102,
        first: [
          { row: 2, partNumber: 'UP-1', list: 1, text: 'consultar' },
          { row: 3, partNumber: 'UP-2', list: 2, text: '-50' },
        ],
      },
    };
    render(<ReportDetails report={report} />);
    expect(screen.getByText('Precios que no se pudieron leer: 102 filas (se importan sin ese precio)')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Precios que no se pudieron leer' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fila 2 (UP-1), lista 1: «consultar»', 'Fila 3 (UP-2), lista 2: «-50»']);
    expect(screen.getByText('y 100 más.')).toBeInTheDocument();
  });

  it('names every cell of the price changes, so that a phone shows each row as a card', () => {
    const report = buildReport({
      priceChanges: {
        parts: 1,
        lists: [{ list: 1, up: 1, down: 0, added: 0, removed: 0, meanPercent: 10 }],
        largest: [{ partNumber: '4PK-0640', list: 1, before: '25000.00', after: '27500.00', percent: 10 }],
      },
    });
    render(<ReportDetails report={report} />);
    const largest = screen.getByRole('table', { name: 'Mayores cambios de precio' });
    const [row] = within(largest).getAllByRole('row').slice(1);
    expect(Array.from(row?.querySelectorAll('td, th') ?? [], (c) => [c.getAttribute('data-label'), c.textContent])).toEqual([
      [null, '4PK-0640'],
      ['Lista', '1'],
      ['Antes', formatArs('25000.00')],
      ['Después', formatArs('27500.00')],
      ['Cambio', '+10 %'],
    ]);
  });
});

describe('ApplyPreview', () => {
  it('offers no "Aplicar" for a preview that changes no part, and says so', () => {
    const report = buildReport({ dryRun: true, inserted: 0, updated: 0, deactivated: 0, unchanged: 118 });
    const { unmount } = render(<ApplyPreview report={report} noun="importación" pending={false} onApply={() => {}} />);
    expect(screen.getByText('Es una vista previa: no cambiaría ningún producto, no hay nada que aplicar.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aplicar importación' })).not.toBeInTheDocument();
    unmount();
    render(<ApplyPreview report={buildReport({ dryRun: true })} noun="importación" pending={false} onApply={() => {}} />);
    expect(screen.getByText('Es una vista previa: todavía no se aplicó ningún cambio.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aplicar importación' })).toBeEnabled();
  });
});
