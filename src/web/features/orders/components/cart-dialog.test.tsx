import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Part } from '../../../../shared/api.ts';
import type { CartLineInput } from '../../../../shared/orders.ts';
import { anonymousSession, buildPart, signedInSession } from '../../../test/fixtures.ts';
import { errorResponse, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { readGuestLines } from '../guest-cart.ts';
import { cartLine, cartOf } from '../test-fixtures.ts';
import { AddToOrderButton, CardOrderControl, useCardOrderControl } from './add-to-order.tsx';

/** A card's order control as the catalogue gets it: from the page's one cart-mode subscription. */
function CardControls({ part }: { part: Part }) {
  const control = useCardOrderControl();
  return <>{control?.(part)}</>;
}
import { OrderHeaderActions } from './order-header-actions.tsx';

/** `POST /api/cart/price` as the server answers it: PN-2 has no price, the rest cost $ 1.000 each. */
function priceHandler(calls: CartLineInput[][]) {
  return (_url: URL, init: RequestInit | undefined) => {
    const { lines } = JSON.parse(String(init?.body)) as { lines: CartLineInput[] };
    calls.push(lines);
    return json(
      cartOf(lines.map((l) => cartLine({ partId: l.partId, quantity: l.quantity, unitPrice: l.partId === 2 ? null : '1000.00' }))),
    );
  };
}

function storeGuestLines(lines: CartLineInput[]) {
  window.localStorage.setItem('repuestos.pedido', JSON.stringify(lines));
}

/** Mi pedido loads on demand: its first load in a test run transforms the dialog's modules. */
const LAZY_MS = 5000;

async function openCart() {
  await userEvent.click(await screen.findByRole('button', { name: /^Mi pedido/ }));
  return screen.findByRole('dialog', { name: 'Mi pedido' }, { timeout: LAZY_MS });
}

describe('Mi pedido (guest, in the browser)', () => {
  it('shows the lines priced by the server, the total apart from "Consultar Precio", and edits them', async () => {
    storeGuestLines([
      { partId: 1, quantity: 2, seenUnitPrice: '1000.00' },
      { partId: 2, quantity: 1, seenUnitPrice: null },
    ]);
    const priced: CartLineInput[][] = [];
    mockApi({ 'GET /api/user/session': anonymousSession, 'POST /api/cart/price': priceHandler(priced) });
    renderWithApp(<OrderHeaderActions />);
    // The count needs the cart's calls, which load on demand too.
    expect(await screen.findByRole('button', { name: 'Mi pedido: 2 repuestos' }, { timeout: LAZY_MS })).toBeInTheDocument();

    const dialog = await openCart();
    const lines = within(dialog).getByRole('list', { name: 'Repuestos del pedido' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    expect(within(lines).getByText('PN-1', { selector: 'p' })).toBeInTheDocument();
    expect(within(lines).getAllByText('Consultar Precio').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/Total:/)).toHaveTextContent(/2\.000,00/);
    // Said once: how many, and what it means.
    expect(within(dialog).getByText(/1 repuesto sin precio/)).toHaveTextContent(
      /^1 repuesto sin precio \("Consultar Precio"\): no se suma al total; Ventas le confirmará su precio\.$/,
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Aumentar cantidad de PN-1' }));
    await waitFor(() => expect(within(dialog).getByText(/Total:/)).toHaveTextContent(/3\.000,00/));
    expect(priced.at(-1)).toEqual([
      { partId: 1, quantity: 3, seenUnitPrice: '1000.00' },
      { partId: 2, quantity: 1, seenUnitPrice: null },
    ]);

    // A typed quantity outside 1..9,999 is refused on the spot and not saved.
    const input = within(dialog).getByLabelText('Cantidad de PN-1');
    await userEvent.clear(input);
    await userEvent.type(input, '10000');
    expect(within(dialog).getByText('La cantidad debe ser un número entero de 1 a 9999')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '7{Enter}');
    await waitFor(() => expect(readGuestLines()[0]?.quantity).toBe(7));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar PN-2' }));
    await waitFor(() => expect(readGuestLines().map((l) => l.partId)).toEqual([1]));
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Mi pedido: 1 repuesto' })).toBeInTheDocument();
  });

  it('totals a pedido of only "Consultar Precio" lines as "A consultar", no $ 0,00', async () => {
    storeGuestLines([{ partId: 2, quantity: 3, seenUnitPrice: null }]);
    mockApi({ 'GET /api/user/session': anonymousSession, 'POST /api/cart/price': priceHandler([]) });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    await within(dialog).findByText('PN-2', { selector: 'p' });
    expect(within(dialog).getByText(/Total:/)).toHaveTextContent(/^Total: A consultar$/);
    expect(within(dialog).getByText(/1 repuesto sin precio/)).toBeInTheDocument();
    // So does the send step.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText(/Total:/)).toHaveTextContent(/^Total: A consultar$/);
  });

  it('empties the pedido after a confirmation and undoes it', async () => {
    storeGuestLines([
      { partId: 1, quantity: 2, seenUnitPrice: '1000.00' },
      { partId: 3, quantity: 5, seenUnitPrice: '1000.00' },
    ]);
    mockApi({ 'GET /api/user/session': anonymousSession, 'POST /api/cart/price': priceHandler([]) });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    await within(dialog).findByText('PN-3', { selector: 'p' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Vaciar pedido' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(dialog).getByText('PN-3', { selector: 'p' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Vaciar pedido' }));
    expect(within(dialog).getByText('¿Quitar los 2 repuestos del pedido?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, vaciar' }));
    expect(await within(dialog).findByText('Su pedido está vacío.')).toBeInTheDocument();
    expect(readGuestLines()).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Deshacer' }));
    expect(await within(dialog).findByText('PN-3', { selector: 'p' })).toBeInTheDocument();
    expect(readGuestLines()).toEqual([
      { partId: 1, quantity: 2, seenUnitPrice: '1000.00', partNumber: 'PN-1' },
      { partId: 3, quantity: 5, seenUnitPrice: '1000.00', partNumber: 'PN-3' },
    ]);
  });

  it('undoes "Vaciar pedido" exactly: unavailable and "Consultar Precio" lines, order and prices seen', async () => {
    // PN-4's code was remembered when the server last priced it, while it was available.
    const stored = [
      { partId: 3, quantity: 5, seenUnitPrice: '900.00', partNumber: 'PN-3' },
      { partId: 4, quantity: 7, seenUnitPrice: '1000.00', partNumber: 'PN-4' },
      { partId: 2, quantity: 1, seenUnitPrice: null, partNumber: 'PN-2' },
      { partId: 1, quantity: 2, seenUnitPrice: '1000.00', partNumber: 'PN-1' },
    ];
    storeGuestLines(stored);
    // PN-4 is no longer orderable (inactive or hidden): the server answers it apart.
    mockApi({
      'GET /api/user/session': anonymousSession,
      'POST /api/cart/price': (_url: URL, init: RequestInit | undefined) => {
        const { lines } = JSON.parse(String(init?.body)) as { lines: CartLineInput[] };
        return json(
          cartOf(
            lines
              .filter((l) => l.partId !== 4)
              .map((l) =>
                cartLine({
                  partId: l.partId,
                  quantity: l.quantity,
                  unitPrice: l.partId === 2 ? null : '1000.00',
                  ...(l.seenUnitPrice !== undefined && l.seenUnitPrice !== (l.partId === 2 ? null : '1000.00')
                    ? { previousUnitPrice: l.seenUnitPrice }
                    : {}),
                }),
              ),
            {
              unavailable: lines
                .filter((l) => l.partId === 4)
                .map((l) => ({ partId: l.partId, partNumber: null, message: 'Este repuesto ya no está disponible' })),
            },
          ),
        );
      },
    });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    const unavailable = await within(dialog).findByRole('list', { name: 'Repuestos no disponibles' });
    expect(unavailable).toHaveTextContent('PN-4: Este repuesto ya no está disponible');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vaciar pedido' }));
    expect(within(dialog).getByText('¿Quitar los 4 repuestos del pedido?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, vaciar' }));
    expect(await within(dialog).findByText('Su pedido está vacío.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Deshacer' }));
    expect(await within(dialog).findByRole('list', { name: 'Repuestos no disponibles' })).toHaveTextContent(
      'PN-4: Este repuesto ya no está disponible',
    );
    expect(readGuestLines()).toEqual(stored);
  });

  it('names a line no longer available by the code the browser remembered when it was priced', async () => {
    storeGuestLines([
      { partId: 1, quantity: 2, seenUnitPrice: '1000.00' },
      { partId: 4, quantity: 1, seenUnitPrice: '1000.00' },
    ]);
    let retired = false;
    const sent: unknown[] = [];
    mockApi({
      'GET /api/user/session': anonymousSession,
      'POST /api/cart/price': (_url: URL, init: RequestInit | undefined) => {
        const { lines } = JSON.parse(String(init?.body)) as { lines: CartLineInput[] };
        sent.push(...lines);
        const gone = (l: CartLineInput) => retired && l.partId === 4;
        return json(
          cartOf(
            lines.filter((l) => !gone(l)).map((l) => cartLine({ partId: l.partId, quantity: l.quantity })),
            {
              unavailable: lines
                .filter(gone)
                .map((l) => ({ partId: l.partId, partNumber: null, message: 'Este repuesto ya no está disponible' })),
            },
          ),
        );
      },
    });
    renderWithApp(<OrderHeaderActions />);
    let dialog = await openCart();
    await within(dialog).findByText('PN-4', { selector: 'p' });
    expect(readGuestLines().map((l) => l.partNumber)).toEqual(['PN-1', 'PN-4']);
    await userEvent.keyboard('{Escape}');

    // The part is retired; the server, which never saw this guest add it, does not name it.
    retired = true;
    await userEvent.click(screen.getByRole('button', { name: /^Mi pedido/ }));
    dialog = await screen.findByRole('dialog', { name: 'Mi pedido' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aumentar cantidad de PN-1' }));
    expect(await within(dialog).findByRole('list', { name: 'Repuestos no disponibles' })).toHaveTextContent(
      'PN-4: Este repuesto ya no está disponible',
    );
    // The header counts it: it is in the pedido until removed.
    expect(screen.getByRole('button', { name: 'Mi pedido: 2 repuestos', hidden: true })).toBeInTheDocument();
    // The remembered codes stay in the browser: the server is sent what it prices.
    expect(sent.every((line) => !Object.hasOwn(line as object, 'partNumber'))).toBe(true);
  });

  it('adds a card quantity to the browser cart with the price seen', async () => {
    mockApi({ 'GET /api/user/session': anonymousSession, 'POST /api/cart/price': priceHandler([]) });
    renderWithApp(
      <>
        <OrderHeaderActions />
        <CardOrderControl part={buildPart({ id: 9, partNumber: 'PN-9', price: '1000.00' })} mode="guest" />
      </>,
    );
    const quantity = screen.getByLabelText('Cantidad de PN-9');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar al pedido PN-9' }));
    expect(await screen.findByRole('button', { name: 'Mi pedido: 1 repuesto' })).toBeInTheDocument();
    expect(readGuestLines()).toEqual([{ partId: 9, quantity: 4, seenUnitPrice: '1000.00', partNumber: 'PN-9' }]);
    expect(await screen.findByText('Agregado al pedido')).toBeInTheDocument();
  });
});

describe('a card\'s "Agregar al pedido"', () => {
  it('refuses a quantity that is not a whole number of 1 to 9999, adding nothing', async () => {
    mockApi({ 'GET /api/user/session': anonymousSession, 'POST /api/cart/price': priceHandler([]) });
    renderWithApp(<CardOrderControl part={buildPart({ id: 9, partNumber: 'PN-9', price: '1000.00' })} mode="guest" />);
    const quantity = screen.getByLabelText('Cantidad de PN-9');
    const button = screen.getByRole('button', { name: 'Agregar al pedido PN-9' });
    for (const bad of ['0', '-3', '2.5', '99999', '']) {
      await userEvent.clear(quantity);
      if (bad) await userEvent.type(quantity, bad);
      await userEvent.click(button);
      expect(await screen.findByRole('alert')).toHaveTextContent('Cantidad inválida (de 1 a 9999)');
      expect(quantity).toHaveFocus();
      expect(quantity).toHaveAttribute('aria-invalid', 'true');
    }
    expect(readGuestLines()).toEqual([]);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(button);
    await waitFor(() => expect(readGuestLines()).toEqual([{ partId: 9, quantity: 3, seenUnitPrice: '1000.00', partNumber: 'PN-9' }]));
  });

  it('keeps the keyboard focus on the button while it adds', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      'GET /api/user/session': anonymousSession,
      'POST /api/cart/price': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderWithApp(<CardOrderControl part={buildPart({ id: 9, partNumber: 'PN-9', price: '1000.00' })} mode="guest" />);
    const button = screen.getByRole('button', { name: 'Agregar al pedido PN-9' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveFocus();
    // A second press while it runs adds nothing more.
    await userEvent.keyboard('{Enter}');
    answer(json(cartOf([cartLine({ partId: 9, quantity: 1 })])));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(button).toHaveFocus();
    expect(readGuestLines()).toEqual([{ partId: 9, quantity: 1, seenUnitPrice: '1000.00', partNumber: 'PN-9' }]);
  });

  it('keeps the focus on the detail\'s and product page\'s "Agregar al pedido" while it adds, marked busy', async () => {
    let answer: (response: Response) => void = () => {};
    const calls: unknown[] = [];
    mockApi({
      'GET /api/user/session': anonymousSession,
      'POST /api/cart/price': () =>
        new Promise<Response>((resolve) => {
          calls.push(1);
          answer = resolve;
        }),
    });
    renderWithApp(<AddToOrderButton part={buildPart({ id: 9, partNumber: 'PN-9', price: '1000.00' })} quantity={2} />);
    const button = await screen.findByRole('button', { name: 'Agregar al pedido' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    answer(json(cartOf([cartLine({ partId: 9, quantity: 2 })])));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(button).toHaveFocus();
    expect(calls).toHaveLength(1);
  });

  it('gives focus back to "Mi pedido" when the dialog closes with Escape', async () => {
    mockApi({ 'GET /api/user/session': anonymousSession, 'POST /api/cart/price': priceHandler([]) });
    renderWithApp(<OrderHeaderActions />);
    const button = await screen.findByRole('button', { name: /^Mi pedido: / });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Mi pedido' }, { timeout: LAZY_MS });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Mi pedido: / })).toHaveFocus());
  });
});

describe('Mi pedido (signed in, on the server)', () => {
  it('adds through POST /api/cart/lines and shows the server cart', async () => {
    let cart = cartOf([]);
    const fetchMock = mockApi({
      'GET /api/user/session': signedInSession('client'),
      'GET /api/cart': () => json(cart),
      'POST /api/cart/lines': (_url: URL, init: RequestInit | undefined) => {
        const { lines } = JSON.parse(String(init?.body)) as { lines: CartLineInput[] };
        cart = cartOf(lines.map((l) => cartLine({ partId: l.partId, quantity: l.quantity })));
        return json(cart);
      },
    });
    renderWithApp(
      <>
        <OrderHeaderActions />
        <CardOrderControl part={buildPart({ id: 9, partNumber: 'PN-9', price: '1000.00' })} mode="server" />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Mi pedido: 0 repuestos' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar al pedido PN-9' }));
    expect(await screen.findByRole('button', { name: 'Mi pedido: 1 repuesto' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ lines: [{ partId: 9, quantity: 1 }] });
    // Nothing of a signed-in cart is kept in the browser.
    expect(window.localStorage.getItem('repuestos.pedido')).toBeNull();

    const dialog = await openCart();
    expect(within(dialog).getByText('PN-9', { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Mis pedidos' })).toHaveAttribute('href', '/mis-pedidos');
  });

  it('changes one line at a time on the server, keeping what another tab changed', async () => {
    // This tab read PN-1 × 2 and PN-2; another tab then raised PN-1 to 5 and added PN-3.
    let cart = cartOf([cartLine({ partId: 1, quantity: 2 }), cartLine({ partId: 2, quantity: 1 })]);
    const changes: [string, string, unknown][] = [];
    const lineRoute = (partId: number) => (_url: URL, init: RequestInit | undefined) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      changes.push([init?.method ?? 'GET', `/api/cart/lines/${partId}`, body]);
      const lines = cart.lines
        .filter((l) => init?.method !== 'DELETE' || l.partId !== partId)
        .map((l) => (l.partId === partId && body ? cartLine({ partId, quantity: body.quantity ?? l.quantity + body.delta }) : l));
      cart = cartOf(lines);
      return json(cart);
    };
    mockApi({
      'GET /api/user/session': signedInSession('client'),
      'GET /api/cart': () => json(cart),
      'PATCH /api/cart/lines/1': lineRoute(1),
      'DELETE /api/cart/lines/2': lineRoute(2),
    });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    expect(await within(dialog).findByLabelText('Cantidad de PN-1')).toHaveValue(2);
    cart = cartOf([cartLine({ partId: 1, quantity: 5 }), cartLine({ partId: 2, quantity: 1 }), cartLine({ partId: 3, quantity: 1 })]);

    // "+" adds one to what the server holds then (5), not to what this tab showed (2).
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aumentar cantidad de PN-1' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Cantidad de PN-1')).toHaveValue(6));
    expect(within(dialog).getByLabelText('Cantidad de PN-3')).toHaveValue(1);
    const input = within(dialog).getByLabelText('Cantidad de PN-1');
    await userEvent.clear(input);
    await userEvent.type(input, '8{Enter}');
    await waitFor(() => expect(within(dialog).getByLabelText('Cantidad de PN-1')).toHaveValue(8));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar PN-2' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Cantidad de PN-2')).not.toBeInTheDocument());
    expect(changes).toEqual([
      ['PATCH', '/api/cart/lines/1', { delta: 1 }],
      ['PATCH', '/api/cart/lines/1', { quantity: 8 }],
      ['DELETE', '/api/cart/lines/2', undefined],
    ]);
    expect(within(dialog).getByLabelText('Cantidad de PN-3')).toHaveValue(1);
  });

  it('keeps a queued "Quitar" out of sight when the edit before it answers', async () => {
    let cart = cartOf([cartLine({ partId: 1, quantity: 12 }), cartLine({ partId: 2, quantity: 1 })]);
    let answerQuantity: (() => void) | undefined;
    mockApi({
      'GET /api/user/session': signedInSession('client'),
      'GET /api/cart': () => json(cart),
      // The quantity change is slow: "Quitar PN-2" is pressed while it is out.
      'PATCH /api/cart/lines/1': () =>
        new Promise<Response>((resolve) => {
          answerQuantity = () => {
            cart = cartOf([
              cartLine({ partId: 1, quantity: 2 }),
              cartLine({ partId: 2, quantity: 1 }),
              cartLine({ partId: 3, quantity: 1 }),
            ]);
            resolve(json(cart));
          };
        }),
      'DELETE /api/cart/lines/2': () => new Promise<Response>(() => {}),
    });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    const input = await within(dialog).findByLabelText('Cantidad de PN-1');
    await userEvent.clear(input);
    await userEvent.type(input, '2{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar PN-2' }));
    expect(within(dialog).queryByLabelText('Cantidad de PN-2')).not.toBeInTheDocument();
    await waitFor(() => expect(answerQuantity).toBeDefined());
    act(() => answerQuantity?.());
    // The answer to the quantity change still holds PN-2 (its removal is queued): it stays out of
    // sight, so a send pressed now posts what the pedido will hold.
    // (PN-3, added on another device meanwhile, shows the answer arrived.)
    expect(await within(dialog).findByLabelText('Cantidad de PN-3')).toHaveValue(1);
    expect(within(dialog).getByLabelText('Cantidad de PN-1')).toHaveValue(2);
    expect(within(dialog).queryByLabelText('Cantidad de PN-2')).not.toBeInTheDocument();
  });

  it('shows the pedido as it is when a changed line was removed on another device', async () => {
    let cart = cartOf([cartLine({ partId: 1, quantity: 2 }), cartLine({ partId: 3, quantity: 1 })]);
    mockApi({
      'GET /api/user/session': signedInSession('client'),
      'GET /api/cart': () => json(cart),
      'PATCH /api/cart/lines/1': () => errorResponse(404, 'NOT_FOUND', 'Ese repuesto ya no está en su pedido'),
    });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    expect(await within(dialog).findByLabelText('Cantidad de PN-1')).toHaveValue(2);
    cart = cartOf([cartLine({ partId: 3, quantity: 1 })]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aumentar cantidad de PN-1' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Cantidad de PN-1')).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Cantidad de PN-3')).toHaveValue(1);
  });

  it('undoes "Vaciar pedido" with the lines in their order and the prices they were added at', async () => {
    let cart = cartOf([
      cartLine({ partId: 3, quantity: 5, previousUnitPrice: '900.00' }),
      cartLine({ partId: 2, quantity: 1, unitPrice: null }),
      cartLine({ partId: 1, quantity: 2, previousUnitPrice: null }),
    ]);
    const puts: CartLineInput[][] = [];
    mockApi({
      'GET /api/user/session': signedInSession('client'),
      'GET /api/cart': () => json(cart),
      'PUT /api/cart': (_url: URL, init: RequestInit | undefined) => {
        const { lines } = JSON.parse(String(init?.body)) as { lines: CartLineInput[] };
        puts.push(lines);
        cart = cartOf(lines.map((l) => cartLine({ partId: l.partId, quantity: l.quantity })));
        return json(cart);
      },
    });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    await within(dialog).findByLabelText('Cantidad de PN-3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vaciar pedido' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, vaciar' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual([
      { partId: 3, quantity: 5, seenUnitPrice: '900.00' },
      { partId: 2, quantity: 1, seenUnitPrice: null },
      { partId: 1, quantity: 2, seenUnitPrice: null },
    ]);
  });

  it('does not continue while a line holds an invalid quantity', async () => {
    mockApi({ 'GET /api/user/session': signedInSession('client'), 'GET /api/cart': cartOf([cartLine({ partId: 1, quantity: 2 })]) });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    const input = await within(dialog).findByLabelText('Cantidad de PN-1');
    for (const bad of ['0', '2.5', '99999']) {
      await userEvent.clear(input);
      await userEvent.type(input, bad);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
      expect(within(dialog).queryByRole('button', { name: 'Enviar pedido' })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Corrija las cantidades marcadas antes de continuar.');
      expect(input).toHaveFocus();
    }
    await userEvent.clear(input);
    await userEvent.type(input, '2');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByRole('button', { name: 'Enviar pedido' })).toBeInTheDocument();
  });

  it('says when the cart cannot be loaded and retries', async () => {
    let fail = true;
    mockApi({
      'GET /api/user/session': signedInSession('distributor'),
      'GET /api/cart': () => (fail ? json({ error: { code: 'INTERNAL', message: 'x' } }, 500) : json(cartOf([cartLine()]))),
    });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    expect(await within(dialog).findByText('No se pudo cargar el pedido.')).toBeInTheDocument();
    // A count it does not know is not shown: neither in the name nor as a badge.
    const header = screen.getByRole('button', { name: 'Mi pedido', hidden: true });
    expect(header).not.toHaveTextContent(/\d/);
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByText('PN-1', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mi pedido: 1 repuesto', hidden: true })).toHaveTextContent('1');
  });

  it('has no pedido controls for staff', async () => {
    mockApi({ 'GET /api/user/session': signedInSession('admin') });
    renderWithApp(
      <>
        <OrderHeaderActions placeOrder />
        <CardControls part={buildPart({ id: 9 })} />
        <p>listo</p>
      </>,
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /Agregar al pedido/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Mi pedido/ })).not.toBeInTheDocument();
  });

  it('opens Mi pedido from "Realizar Pedido" when there is no order platform', async () => {
    mockApi({ 'GET /api/user/session': anonymousSession });
    renderWithApp(<OrderHeaderActions placeOrder />);
    await userEvent.click(await screen.findByRole('button', { name: 'Realizar Pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mi pedido' }, { timeout: LAZY_MS });
    expect(within(dialog).getByText('Su pedido está vacío.')).toBeInTheDocument();
  });
});

describe('signing in with a guest pedido', () => {
  it("moves the browser's lines into the account's cart", async () => {
    storeGuestLines([
      { partId: 4, quantity: 2, seenUnitPrice: '1000.00' },
      { partId: 5, quantity: 1, seenUnitPrice: null },
    ]);
    const added: unknown[] = [];
    mockApi({
      'GET /api/user/session': signedInSession('client'),
      'GET /api/cart': cartOf([cartLine({ partId: 1 })]),
      'POST /api/cart/lines': (_url: URL, init: RequestInit | undefined) => {
        const { lines } = JSON.parse(String(init?.body)) as { lines: CartLineInput[] };
        added.push(lines);
        return json(cartOf([cartLine({ partId: 1 }), ...lines.map((l) => cartLine({ partId: l.partId, quantity: l.quantity }))]));
      },
    });
    renderWithApp(<OrderHeaderActions />);
    expect(await screen.findByRole('button', { name: 'Mi pedido: 3 repuestos' })).toBeInTheDocument();
    expect(added).toEqual([
      [
        { partId: 4, quantity: 2 },
        { partId: 5, quantity: 1 },
      ],
    ]);
    expect(window.localStorage.getItem('repuestos.pedido')).toBeNull();
  });
});

describe('Mi pedido at the keyboard (§13.4: the focus goes where the user continues)', () => {
  it('hands the focus of a removed line\'s "Quitar" to the next line\'s, the previous one at the end, then to "Pedido rápido"', async () => {
    storeGuestLines([
      { partId: 1, quantity: 1, seenUnitPrice: '1000.00' },
      { partId: 3, quantity: 1, seenUnitPrice: '1000.00' },
      { partId: 5, quantity: 1, seenUnitPrice: '1000.00' },
    ]);
    mockApi({ 'GET /api/user/session': anonymousSession, 'POST /api/cart/price': priceHandler([]) });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    await within(dialog).findByText('PN-5', { selector: 'p' });

    within(dialog).getByRole('button', { name: 'Quitar PN-3' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Quitar PN-5' })).toHaveFocus());
    expect(within(dialog).queryByText('PN-3', { selector: 'p' })).not.toBeInTheDocument();

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Quitar PN-1' })).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    expect(await within(dialog).findByText('Su pedido está vacío.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Pedido rápido' })).toHaveFocus());
    expect(readGuestLines()).toEqual([]);
  });

  it('takes the focus to the send form\'s first field on "Continuar", and back to "Continuar" from "Volver al pedido"', async () => {
    storeGuestLines([{ partId: 1, quantity: 2, seenUnitPrice: '1000.00' }]);
    mockApi({ 'GET /api/user/session': anonymousSession, 'POST /api/cart/price': priceHandler([]) });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    (await within(dialog).findByRole('button', { name: 'Continuar' })).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByLabelText('Nombre')).toHaveFocus());

    within(dialog).getByRole('button', { name: 'Volver al pedido' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Continuar' })).toHaveFocus());
  });

  it('keeps the focus through "Vaciar pedido": its question, "Cancelar", "Sí, vaciar" and "Deshacer"', async () => {
    storeGuestLines([
      { partId: 1, quantity: 2, seenUnitPrice: '1000.00' },
      { partId: 3, quantity: 5, seenUnitPrice: '1000.00' },
    ]);
    mockApi({ 'GET /api/user/session': anonymousSession, 'POST /api/cart/price': priceHandler([]) });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openCart();
    await within(dialog).findByText('PN-3', { selector: 'p' });

    within(dialog).getByRole('button', { name: 'Vaciar pedido' }).focus();
    await userEvent.keyboard('{Enter}');
    // The question's safe answer first.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Vaciar pedido' })).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    within(dialog).getByRole('button', { name: 'Sí, vaciar' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await within(dialog).findByText('Su pedido está vacío.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Deshacer' })).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    expect(await within(dialog).findByText('PN-3', { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Vaciar pedido' })).toHaveFocus());
  });
});
