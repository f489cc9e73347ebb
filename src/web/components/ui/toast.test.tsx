import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';
import { dismissToast, Toaster, toast } from './toast.tsx';

/** A dialog whose button shows a toast, as "Agregar al pedido" does in "Detalles del Repuesto". */
function DialogWithToast({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        setOpen(next);
      }}
      title="Detalles"
    >
      <button type="button" onClick={() => toast({ title: 'Agregado al pedido' })}>
        Agregar
      </button>
    </Dialog>
  );
}

describe('Toaster', () => {
  it('shows one toast at a time, the newest', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Error', description: 'Primero', variant: 'destructive' });
      toast({ title: 'Error', description: 'Segundo', variant: 'destructive' });
    });
    expect(screen.queryByText('Primero')).not.toBeInTheDocument();
    expect(screen.getByText('Segundo')).toBeInTheDocument();
    act(() => dismissToast());
    expect(screen.queryByText('Segundo')).not.toBeInTheDocument();
  });

  it('offers the F8 region', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /Notificaciones \(F8\)/ })).toBeInTheDocument();
  });

  it('closes at Escape when the focus is on the page, as Radix does', async () => {
    render(
      <>
        <Toaster />
        <button type="button">Página</button>
      </>,
    );
    screen.getByRole('button', { name: 'Página' }).focus();
    act(() => void toast({ title: 'Agregado al pedido' }));
    expect(screen.getByText('Agregado al pedido')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Agregado al pedido')).not.toBeInTheDocument());
  });

  it('leaves Escape to the dialog the focus is in, staying on screen (§13.4)', async () => {
    const onOpenChange = vi.fn();
    render(
      <>
        <Toaster />
        <DialogWithToast onOpenChange={onOpenChange} />
      </>,
    );
    screen.getByRole('button', { name: 'Agregar' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Agregado al pedido')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Agregado al pedido')).toBeInTheDocument();
    // Once the dialog is gone the toast takes the next Escape itself.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Agregado al pedido')).not.toBeInTheDocument());
  });
});
