import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartLineInput } from '../../../../shared/orders.ts';
import { PHONE_TEXTS } from '../../../../shared/phone.ts';
import { anonymousSession, config, signedInSession } from '../../../test/fixtures.ts';
import { errorResponse, json, mockApi, pending, renderWithApp } from '../../../test/render.tsx';
import { readGuestLines } from '../guest-cart.ts';
import { cartLine, cartOf, order } from '../test-fixtures.ts';
import { OrderHeaderActions } from './order-header-actions.tsx';

const headerOf = (init: RequestInit | undefined, name: string) => (init?.headers as Record<string, string> | undefined)?.[name];

/** Mi pedido loads on demand: its first load in a test run transforms the dialog's modules. */
const LAZY_MS = 5000;

async function openSend() {
  await userEvent.click(await screen.findByRole('button', { name: /^Mi pedido: / }));
  const dialog = await screen.findByRole('dialog', { name: 'Mi pedido' }, { timeout: LAZY_MS });
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Continuar' }));
  return dialog;
}

describe('Enviar pedido', () => {
  it("asks a guest's name and a phone or e-mail, retries with the same Idempotency-Key and confirms", async () => {
    window.localStorage.setItem('repuestos.pedido', JSON.stringify([{ partId: 1, quantity: 2, seenUnitPrice: '1000.00' }]));
    const sends: RequestInit[] = [];
    let failFirst = true;
    mockApi({
      'GET /api/user/session': anonymousSession,
      'GET /api/config': config,
      'POST /api/cart/price': (_url: URL, init: RequestInit | undefined) => {
        const { lines } = JSON.parse(String(init?.body)) as { lines: CartLineInput[] };
        return json(cartOf(lines.map((l) => cartLine({ partId: l.partId, quantity: l.quantity }))));
      },
      'POST /api/orders': (_url: URL, init: RequestInit | undefined) => {
        sends.push(init ?? {});
        if (failFirst) {
          failFirst = false;
          throw new TypeError('Failed to fetch');
        }
        return json(
          order({
            isGuest: true,
            accessToken: 'tok-1',
            customer: { ...order().customer, email: null, phone: '1155550000', username: null },
          }),
          201,
        );
      },
    });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openSend();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByText('Ingrese su nombre')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Juan Pérez');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByText('Ingrese un teléfono o un email')).toBeInTheDocument();
    expect(sends).toHaveLength(0);

    // A phone without a number is no way to call back: said at the field, nothing sent.
    await userEvent.type(within(dialog).getByLabelText('Teléfono'), 'no tengo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByText(PHONE_TEXTS.invalid)).toBeInTheDocument();
    expect(sends).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('Teléfono'));
    await userEvent.type(within(dialog).getByLabelText('Teléfono'), '1155550000');
    await userEvent.type(within(dialog).getByLabelText('Nota para Ventas'), 'Retiro el lunes');
    // Back to the pedido and on again: what the guest typed is still there.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver al pedido' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Juan Pérez');
    expect(within(dialog).getByLabelText('Teléfono')).toHaveValue('1155550000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error de conexión. Intente nuevamente.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByText('Pedido enviado')).toBeInTheDocument();
    expect(sends).toHaveLength(2);
    const key = headerOf(sends[0], 'Idempotency-Key');
    expect(key).toBeTruthy();
    expect(headerOf(sends[1], 'Idempotency-Key')).toBe(key);
    expect(JSON.parse(String(sends[1]?.body))).toEqual({
      lines: [{ partId: 1, quantity: 2 }],
      expectedTotal: '2000.00',
      note: 'Retiro el lunes',
      customer: { name: 'Juan Pérez', company: '', phone: '1155550000', email: '' },
    });

    expect(within(dialog).getByText('Pedido P-000042 enviado. Ventas lo recibió.')).toBeInTheDocument();
    const whatsapp = within(dialog).getByRole('link', { name: /Enviar por WhatsApp/ });
    const url = new URL(whatsapp.getAttribute('href') ?? '');
    expect(url.pathname).toBe('/5491100000002');
    expect(url.searchParams.get('text')).toContain('Pedido N° P-000042');
    expect(url.searchParams.get('text')).toContain('2 x PN-1 Filtro de aceite 1');
    expect(within(dialog).getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', '/api/orders/42/pdf?token=tok-1');
    expect(within(dialog).getByRole('link', { name: 'Descargar Excel' })).toHaveAttribute('href', '/api/orders/42/xlsx?token=tok-1');
    // The browser cart is emptied once the pedido is sent; a guest has no "Mis pedidos".
    expect(readGuestLines()).toEqual([]);
    expect(within(dialog).queryByRole('link', { name: 'Mis pedidos' })).not.toBeInTheDocument();
  });

  it('shows the changed prices before sending and re-prices the cart when the server finds a change', async () => {
    let cart = cartOf([cartLine({ partId: 1, quantity: 2, unitPrice: '1100.00', previousUnitPrice: '1000.00' })]);
    const sends: RequestInit[] = [];
    mockApi({
      'GET /api/user/session': signedInSession('client', { fullName: 'Taller Sur', clientCode: 'C-77' }),
      'GET /api/cart': () => json(cart),
      'POST /api/orders': (_url: URL, init: RequestInit | undefined) => {
        sends.push(init ?? {});
        if (sends.length === 1) {
          cart = cartOf([cartLine({ partId: 1, quantity: 2, unitPrice: '1200.00', previousUnitPrice: '1000.00' })]);
          return errorResponse(409, 'CONFLICT', 'Los precios cambiaron desde que armó el pedido. Revise el pedido antes de enviarlo.');
        }
        return json(order({ copyMailed: true }), 201);
      },
    });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openSend();
    // The account's data, not a form.
    expect(within(dialog).getByText('Taller Sur')).toBeInTheDocument();
    expect(within(dialog).getByText('C-77')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Nombre')).not.toBeInTheDocument();
    const notice = within(dialog)
      .getAllByRole('status')
      .find((el) => el.textContent?.includes('antes'));
    expect(notice).toHaveTextContent(/PN-1: antes \$\s1\.000,00, ahora \$\s1\.100,00/);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Los precios cambiaron');
    await waitFor(() => expect(within(dialog).getByText(/ahora \$\s1\.200,00/)).toBeInTheDocument());
    expect(JSON.parse(String(sends[0]?.body)).expectedTotal).toBe('2200.00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByText('Pedido enviado')).toBeInTheDocument();
    // A new total is a new attempt: a new key.
    expect(JSON.parse(String(sends[1]?.body)).expectedTotal).toBe('2400.00');
    expect(headerOf(sends[1], 'Idempotency-Key')).not.toBe(headerOf(sends[0], 'Idempotency-Key'));
    expect(within(dialog).getByText(/Ventas lo recibió y le enviamos una copia por email/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Mis pedidos' })).toHaveAttribute('href', '/mis-pedidos');
    expect(within(dialog).getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', '/api/orders/42/pdf');
  });

  it('refuses a send from a stale tab: back to the fresh pedido with the message, the note kept', async () => {
    let cart = cartOf([cartLine({ partId: 1, quantity: 2 })]);
    const sends: RequestInit[] = [];
    mockApi({
      'GET /api/user/session': signedInSession('client', { fullName: 'Taller Sur' }),
      'GET /api/config': config,
      'GET /api/cart': () => json(cart),
      'POST /api/orders': (_url: URL, init: RequestInit | undefined) => {
        sends.push(init ?? {});
        if (sends.length === 1) {
          // Another tab sent the pedido meanwhile and added PN-3 to a new one.
          cart = cartOf([cartLine({ partId: 3, quantity: 1 })]);
          return errorResponse(409, 'CONFLICT', 'Su pedido cambió en otra pestaña o dispositivo. Revise el pedido antes de enviarlo.');
        }
        return json(order(), 201);
      },
    });
    renderWithApp(<OrderHeaderActions />);
    let dialog = await openSend();
    expect(within(dialog).getByText('1 repuesto, 2 unidades.')).toBeInTheDocument();
    // "Continuar" took its button away: the keyboard goes on at the step's first field (§13.4).
    await waitFor(() => expect(within(dialog).getByLabelText('Nota para Ventas')).toHaveFocus());
    await userEvent.type(within(dialog).getByLabelText('Nota para Ventas'), 'Retiro el lunes');
    // Back to the pedido and on again: the note is still there.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver al pedido' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByLabelText('Nota para Ventas')).toHaveValue('Retiro el lunes');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(JSON.parse(String(sends[0]?.body))).toEqual({
      lines: [{ partId: 1, quantity: 2 }],
      expectedTotal: '2000.00',
      fromCart: true,
      note: 'Retiro el lunes',
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Su pedido cambió en otra pestaña o dispositivo.');
    // Read from the message on: it says why the pedido is back.
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveFocus());
    expect(within(dialog).getByText('PN-3', { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).queryByText('PN-1', { selector: 'p' })).not.toBeInTheDocument();

    dialog = await screen.findByRole('dialog', { name: 'Mi pedido' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByLabelText('Nota para Ventas')).toHaveValue('Retiro el lunes');
    expect(within(dialog).getByText('1 repuesto, 1 unidad.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByText('Pedido enviado')).toBeInTheDocument();
    // The send's form is gone: the confirmation's heading takes the focus.
    await waitFor(() => expect(within(dialog).getByRole('heading', { name: 'Pedido enviado' })).toHaveFocus());
    expect(JSON.parse(String(sends[1]?.body))).toMatchObject({ lines: [{ partId: 3, quantity: 1 }], note: 'Retiro el lunes' });
    // The PN-2 line has no price: counted apart from the total, as the cart and Mis pedidos do.
    expect(within(dialog).getByText('+ 1 a consultar')).toBeInTheDocument();
    // The customer has an e-mail but the server mails nothing (no copyMailed): no copy promised.
    expect(within(dialog).getByText('Pedido P-000042 enviado. Ventas lo recibió.')).toBeInTheDocument();
  });
  it('confirms a pedido of only "Consultar Precio" lines with "A consultar", no $ 0,00', async () => {
    const unpriced = cartLine({ partId: 2, quantity: 1, unitPrice: null });
    mockApi({
      'GET /api/user/session': signedInSession('client', { fullName: 'Taller Sur' }),
      'GET /api/config': config,
      'GET /api/cart': () => json(cartOf([unpriced])),
      'POST /api/orders': () =>
        json(
          order({
            lines: [
              { partId: 2, partNumber: 'PN-2', description: 'Junta', salesUnit: '1 unidad', quantity: 1, unitPrice: null, subtotal: null },
            ],
            totals: { total: '0.00', lineCount: 1, unitCount: 1, unpricedCount: 1 },
          }),
          201,
        ),
    });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openSend();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByText('Pedido enviado')).toBeInTheDocument();
    expect(within(dialog).getByText('A consultar (1 repuesto)')).toBeInTheDocument();
    expect(within(dialog).queryByText(/0,00/)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/a consultar$/)).not.toBeInTheDocument();
    const text = new URL(
      within(dialog)
        .getByRole('link', { name: /Enviar por WhatsApp/ })
        .getAttribute('href') ?? '',
    ).searchParams.get('text');
    expect(text).toContain('Total: A consultar (1 repuesto)');
  });

  it('keeps the focus on "Enviar pedido" while it sends, and a second press sends nothing more (§13.4)', async () => {
    const sends: RequestInit[] = [];
    mockApi({
      'GET /api/user/session': signedInSession('client', { fullName: 'Taller Sur' }),
      'GET /api/config': config,
      'GET /api/cart': () => json(cartOf([cartLine({ partId: 1, quantity: 2 })])),
      'POST /api/orders': (_url: URL, init: RequestInit | undefined) => {
        sends.push(init ?? {});
        return pending();
      },
    });
    renderWithApp(<OrderHeaderActions />);
    const dialog = await openSend();
    const send = within(dialog).getByRole('button', { name: 'Enviar pedido' });
    send.focus();
    await userEvent.keyboard('{Enter}');
    const busy = await within(dialog).findByRole('button', { name: 'Enviando...' });
    expect(busy).toBe(send);
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(busy);
    await userEvent.type(within(dialog).getByLabelText('Nota para Ventas'), 'x{Enter}');
    expect(sends).toHaveLength(1);
    expect(busy).toHaveAttribute('aria-busy', 'true');
  });
});
