import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { pressBack } from '../../test/render.tsx';
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

/** A list whose rows each open a dialog that can delete the row (and with it, the dialog's opener). */
function Rows({ withFallback = false, inMain = true }: { withFallback?: boolean; inMain?: boolean }) {
  const [rows, setRows] = useState(['A-1', 'B-2']);
  const [open, setOpen] = useState<string | null>(null);
  const list = (
    <>
      <h2>Repuestos</h2>
      <ul>
        {rows.map((row) => (
          <li key={row}>
            <button type="button" onClick={() => setOpen(row)}>
              Editar {row}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" data-testid="fallback">
        Agregar
      </button>
      <Dialog
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title="Editar"
        focusFallback={withFallback ? () => screen.queryByTestId('fallback') : undefined}
      >
        <button
          type="button"
          onClick={() => {
            setRows((current) => current.filter((row) => row !== open));
            setOpen(null);
          }}
        >
          Eliminar
        </button>
      </Dialog>
    </>
  );
  return inMain ? <main>{list}</main> : <div>{list}</div>;
}

/** "Mi pedido" whose "Vaciar pedido" goes away once its confirmation empties the pedido. */
function Nested() {
  const [inner, setInner] = useState(false);
  const [shown, setShown] = useState(true);
  return (
    <main>
      <button type="button">Página</button>
      <Dialog open onOpenChange={() => undefined} title="Mi pedido">
        {shown ? (
          <button type="button" onClick={() => setInner(true)}>
            Vaciar pedido
          </button>
        ) : null}
        <Dialog open={inner} onOpenChange={setInner} title="¿Vaciar el pedido?">
          <button
            type="button"
            onClick={() => {
              setShown(false);
              setInner(false);
            }}
          >
            Vaciar
          </button>
        </Dialog>
      </Dialog>
    </main>
  );
}

describe('Dialog focus return', () => {
  it('returns the focus to the opener when it is still on the page', async () => {
    render(<Rows />);
    await userEvent.click(screen.getByRole('button', { name: 'Editar A-1' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Editar A-1' })).toHaveFocus());
  });

  it('with the opener deleted, sends the focus into <main>, never <body>', async () => {
    render(<Rows />);
    await userEvent.click(screen.getByRole('button', { name: 'Editar A-1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The first control of <main>: the row left in the deleted one's place.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Editar B-2' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });

  it('with the opener deleted, prefers the fallback the caller gives', async () => {
    render(<Rows withFallback />);
    await userEvent.click(screen.getByRole('button', { name: 'Editar B-2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByTestId('fallback')).toHaveFocus());
  });

  it('without a <main>, lands on the first control of the page', async () => {
    render(<Rows inMain={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Editar A-1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Editar B-2' })).toHaveFocus());
  });

  it('closing a dialog over another whose opener is gone, focuses the dialog below', async () => {
    render(<Nested />);
    await userEvent.click(await screen.findByRole('button', { name: 'Vaciar pedido' }));
    await userEvent.click(screen.getByRole('button', { name: 'Vaciar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Vaciar el pedido?' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Mi pedido' })).toHaveFocus());
  });
});
