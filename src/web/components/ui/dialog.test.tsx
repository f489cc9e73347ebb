import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

/** A page with a button that opens a dialog closing on the browser's back button. */
function Harness({ closeOnBack = true }: { closeOnBack?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Mi pedido" closeOnBack={closeOnBack}>
        <button type="button" onClick={() => setOpen(false)}>
          Seguir comprando
        </button>
        <button type="button" onClick={() => setInner(true)}>
          Ver video
        </button>
        <Dialog open={inner} onOpenChange={setInner} title="Video del Producto" closeOnBack={closeOnBack}>
          <p>video</p>
        </Dialog>
      </Dialog>
    </>
  );
}

/** Presses the browser's back button and waits for the `popstate` it causes. */
async function pressBack() {
  const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  await act(async () => {
    window.history.back();
    await popped;
  });
}

describe('Dialog closeOnBack', () => {
  it('closes on the back button instead of leaving the page', async () => {
    window.history.replaceState(null, '', '/?q=filtro');
    const before = window.history.length;
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(screen.getByRole('dialog', { name: 'Mi pedido' })).toBeInTheDocument();
    expect(window.history.length).toBe(before + 1);
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mi pedido' })).not.toBeInTheDocument());
    expect(window.location.search).toBe('?q=filtro');
  });

  it('closed by its own controls, leaves no extra history entry behind', async () => {
    window.history.replaceState({ app: 1 }, '', '/?q=filtro');
    render(<Harness />);
    for (const close of ['Seguir comprando', 'Cerrar']) {
      await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
      expect(window.history.state).not.toEqual({ app: 1 });
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      await userEvent.click(screen.getAllByRole('button', { name: close })[0] as HTMLElement);
      await act(async () => {
        await popped;
      });
      expect(screen.queryByRole('dialog', { name: 'Mi pedido' })).not.toBeInTheDocument();
      // Back on the page's own entry, with its state as it was.
      expect(window.history.state).toEqual({ app: 1 });
    }
  });

  it('with a dialog over another, the back button closes only the top one', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ver video' }));
    expect(screen.getByRole('dialog', { name: 'Video del Producto' })).toBeInTheDocument();
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Video del Producto' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Mi pedido' })).toBeInTheDocument();
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mi pedido' })).not.toBeInTheDocument());
  });

  it('leaves the history alone unless asked', async () => {
    const before = window.history.length;
    render(<Harness closeOnBack={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(window.history.length).toBe(before);
  });
});
