import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartLineInput, QuickOrderResponse } from '../../../../shared/orders.ts';
import { anonymousSession } from '../../../test/fixtures.ts';
import { json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { readGuestLines } from '../guest-cart.ts';
import { cartLine, cartOf } from '../test-fixtures.ts';
import { QuickOrder } from './quick-order.tsx';

const PASTED = '06H-103-144\t2\n3 XX-999\nFILTRO 4\n0011843925;abc';

const ANSWER: QuickOrderResponse = {
  added: [cartLine({ partId: 5, partNumber: '06H-103-144', quantity: 2 })],
  unmatched: [
    { line: 2, text: '3 XX-999', reason: 'unknown', message: 'Código desconocido', code: 'XX-999', quantity: 3, candidates: [] },
    {
      line: 3,
      text: 'FILTRO 4',
      reason: 'ambiguous',
      message: 'Varios repuestos coinciden: elija uno',
      code: 'FILTRO',
      quantity: 4,
      candidates: [
        { partId: 7, partNumber: 'LF-3000', description: 'Filtro de aceite', unitPrice: '500.00' },
        { partId: 8, partNumber: 'LF-3001', description: 'Filtro de aire', unitPrice: null },
      ],
    },
    {
      line: 4,
      text: '0011843925;abc',
      reason: 'quantity',
      message: 'Cantidad inválida (de 1 a 9999)',
      code: '0011843925',
      quantity: null,
      candidates: [],
    },
  ],
  cart: null,
};

describe('Pedido rápido', () => {
  it('sends the pasted text, lists what it added and, line by line, what it did not; a pick adds that part', async () => {
    const quick: string[] = [];
    mockApi({
      'GET /api/user/session': anonymousSession,
      'POST /api/cart/quick': (_url: URL, init: RequestInit | undefined) => {
        quick.push(JSON.parse(String(init?.body)).text);
        return json(ANSWER);
      },
      'POST /api/cart/price': (_url: URL, init: RequestInit | undefined) => {
        const { lines } = JSON.parse(String(init?.body)) as { lines: CartLineInput[] };
        return json(cartOf(lines.map((l) => cartLine({ partId: l.partId, quantity: l.quantity }))));
      },
    });
    renderWithApp(<QuickOrder />);
    await userEvent.click(screen.getByRole('button', { name: 'Agregar al pedido' }));
    expect(screen.getByText('Pegue al menos una línea')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Códigos y cantidades'));
    await userEvent.paste(PASTED);
    await userEvent.click(screen.getByRole('button', { name: 'Agregar al pedido' }));
    expect(await screen.findByText('Se agregó 1 repuesto')).toBeInTheDocument();
    expect(quick).toEqual([PASTED]);
    expect(readGuestLines()).toEqual([{ partId: 5, quantity: 2, seenUnitPrice: '1000.00', partNumber: 'PN-5' }]);

    const unmatched = screen.getByRole('region', { name: /Líneas no reconocidas/ });
    expect(within(unmatched).getByText('Código desconocido')).toBeInTheDocument();
    expect(within(unmatched).getByText('Cantidad inválida (de 1 a 9999)')).toBeInTheDocument();
    const choices = within(unmatched).getByRole('list', { name: 'Repuestos que coinciden con la línea 3' });
    await userEvent.click(within(choices).getByRole('button', { name: /Elegir LF-3000/ }));
    await waitFor(() =>
      expect(readGuestLines()).toEqual([
        { partId: 5, quantity: 2, seenUnitPrice: '1000.00', partNumber: 'PN-5' },
        { partId: 7, quantity: 4, seenUnitPrice: '500.00', partNumber: 'PN-7' },
      ]),
    );
    expect(within(unmatched).queryByText('FILTRO 4')).not.toBeInTheDocument();
    // The unresolved lines stay in the box to be corrected.
    expect(screen.getByLabelText('Códigos y cantidades')).toHaveValue(PASTED);
  });

  it('reads an uploaded CSV and sends its text', async () => {
    const quick: string[] = [];
    mockApi({
      'GET /api/user/session': anonymousSession,
      'POST /api/cart/quick': (_url: URL, init: RequestInit | undefined) => {
        quick.push(JSON.parse(String(init?.body)).text);
        return json({ added: [], unmatched: [], cart: null });
      },
    });
    renderWithApp(<QuickOrder />);
    const file = new File(['codigo;cantidad\n06H-103-144;2\n'], 'pedido.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Subir archivo CSV o Excel (archivo)'), file);
    expect(await screen.findByText('Se agregaron 0 repuestos')).toBeInTheDocument();
    expect(quick).toEqual(['codigo;cantidad\n06H-103-144;2\n']);
  });

  it("keeps the focus on a picked candidate while it adds, then hands it to the next line's candidates, then the box (§13.4)", async () => {
    const twoAmbiguous: QuickOrderResponse = {
      added: [],
      unmatched: [
        ...ANSWER.unmatched.filter((item) => item.line === 3),
        {
          line: 5,
          text: 'JUNTA 1',
          reason: 'ambiguous',
          message: 'Varios repuestos coinciden: elija uno',
          code: 'JUNTA',
          quantity: 1,
          candidates: [
            { partId: 9, partNumber: 'JT-9', description: 'Junta tapa', unitPrice: '100.00' },
            { partId: 10, partNumber: 'JT-10', description: 'Junta carter', unitPrice: '120.00' },
          ],
        },
      ],
      cart: null,
    };
    const answers: ((response: Response) => void)[] = [];
    mockApi({
      'GET /api/user/session': anonymousSession,
      'POST /api/cart/quick': () => json(twoAmbiguous),
      'POST /api/cart/price': () => new Promise<Response>((resolve) => answers.push(resolve)),
    });
    renderWithApp(<QuickOrder />);
    await userEvent.click(screen.getByLabelText('Códigos y cantidades'));
    await userEvent.paste('FILTRO 4\nJUNTA 1');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar al pedido' }));
    const pick = await screen.findByRole('button', { name: /Elegir LF-3000/ });
    pick.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(pick).toHaveAttribute('aria-busy', 'true'));
    expect(pick).toHaveFocus();
    expect(screen.getByRole('button', { name: /Elegir LF-3001/ })).toHaveAttribute('aria-disabled', 'true');
    // A second press while it adds adds nothing more.
    await userEvent.keyboard('{Enter}');
    expect(answers).toHaveLength(1);
    answers[0]?.(json(cartOf([cartLine({ partId: 7, quantity: 4 })])));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Elegir LF-3000/ })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: /Elegir JT-9/ })).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.(json(cartOf([cartLine({ partId: 7, quantity: 4 }), cartLine({ partId: 9, quantity: 1 })])));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Elegir JT-9/ })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('Códigos y cantidades')).toHaveFocus());
  });
});
