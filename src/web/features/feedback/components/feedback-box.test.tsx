import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, json, mockApi, pressBack, renderWithApp } from '../../../test/render.tsx';
import { FeedbackBox, THANKS_MS } from './feedback-box.tsx';

const sendCalls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/part-requests');
const created = { id: 1, username: 'taller', message: 'x', status: 'pending', createdAt: '2025-01-01T00:00:00.000Z' };

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Escribir comentario' }));
  return screen.findByRole('dialog', { name: 'Dejanos tu comentario' });
}

describe('FeedbackBox', () => {
  it('counts characters live, caps at 500 and disables send while blank', async () => {
    mockApi({});
    renderWithApp(<FeedbackBox />);
    expect(screen.getByRole('heading', { name: 'Dejanos tu comentario' })).toBeInTheDocument();
    const dialog = await openDialog();
    const send = within(dialog).getByRole('button', { name: 'Enviar' });
    const box = within(dialog).getByRole('textbox');
    expect(send).toBeDisabled();
    expect(within(dialog).getByText('0/500 caracteres')).toBeInTheDocument();
    await userEvent.type(box, '   ');
    expect(send).toBeDisabled();
    expect(within(dialog).getByText('3/500 caracteres')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'x'.repeat(600) } });
    expect(box).toHaveValue('x'.repeat(500));
    expect(within(dialog).getByText('500/500 caracteres')).toBeInTheDocument();
  });

  it('refuses a blank text with "Campo requerido"', async () => {
    const fetchMock = mockApi({});
    renderWithApp(<FeedbackBox />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox'), '  ');
    fireEvent.submit(within(dialog).getByRole('textbox').closest('form') as HTMLFormElement);
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    expect(screen.getByText('Por favor ingresa tu solicitud')).toBeInTheDocument();
    expect(sendCalls(fetchMock)).toHaveLength(0);
  });

  it('sends the trimmed text, thanks for 5 s and closes', async () => {
    const fetchMock = mockApi({ 'POST /api/part-requests': () => json(created, 201) });
    renderWithApp(<FeedbackBox />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox'), '  Necesito un filtro OM352  ');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('¡Gracias por tu comentario!')).toBeInTheDocument();
    expect(JSON.parse(String(sendCalls(fetchMock)[0]?.[1]?.body))).toEqual({ message: 'Necesito un filtro OM352' });
    await act(async () => {
      vi.advanceTimersByTime(THANKS_MS - 100);
    });
    expect(screen.getByRole('dialog', { name: 'Dejanos tu comentario' })).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server message or the fallback on failure', async () => {
    mockApi({ 'POST /api/part-requests': () => errorResponse(429, 'RATE_LIMITED', 'Demasiadas solicitudes') });
    const first = renderWithApp(<FeedbackBox />);
    let dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Hola');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Demasiadas solicitudes');
    first.unmount();
    mockApi({ 'POST /api/part-requests': () => new Response('', { status: 500 }) });
    renderWithApp(<FeedbackBox />);
    dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Hola');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo enviar la solicitud');
  });

  it("closes on a phone's back button, keeping the address; closed, it leaves no entry behind", async () => {
    mockApi({});
    window.history.pushState(null, '', '/?q=filtro');
    const before = window.history.length;
    renderWithApp(<FeedbackBox />);
    await openDialog();
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.search).toBe('?q=filtro');
    expect(window.history.state).toBeNull();
    // Open again and cancel: the entry it pushed is taken off again.
    const dialog = await openDialog();
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await act(async () => {
      await popped;
    });
    expect(window.history.state).toBeNull();
    // One entry ahead (the dialog's, taken back), none added.
    expect(window.history.length).toBe(before + 1);
  });
});
