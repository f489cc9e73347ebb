import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';

/** A page whose "Eliminar" opens the confirmation; `busy` and the rest come from the test. */
function Harness(props: Partial<ConfirmDialogProps> & { onConfirm?: () => void; onCancel?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Eliminar
      </button>
      <ConfirmDialog
        open={open}
        title="Eliminar grupo"
        description="¿Estás seguro?"
        actionLabel="Eliminar"
        busyLabel="Eliminando..."
        tone="destructive"
        {...props}
        onCancel={() => {
          props.onCancel?.();
          setOpen(false);
        }}
        onConfirm={() => props.onConfirm?.()}
      />
    </>
  );
}

async function openDialog() {
  const opener = screen.getByRole('button', { name: 'Eliminar' });
  await userEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Eliminar grupo' }) };
}

describe('ConfirmDialog', () => {
  it('opens on the safe button, named and described, with no corner close button', async () => {
    render(<Harness>Se borra para siempre.</Harness>);
    const { dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription('¿Estás seguro?');
    expect(screen.getByText('Se borra para siempre.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();
    // The destructive action is the red accent button, after "Cancelar".
    const buttons = screen.getAllByRole('button').filter((b) => dialog.contains(b));
    expect(buttons.map((b) => b.textContent)).toEqual(['Cancelar', 'Eliminar']);
    expect(buttons[1]).toHaveClass('bg-accent-600');
  });

  it('cancels with Escape or its cancel button, and gives the focus back to the opener', async () => {
    const onCancel = vi.fn();
    render(<Harness cancelLabel="Volver" onCancel={onCancel} />);
    let { opener } = await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    ({ opener } = await openDialog());
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(opener).toHaveFocus();
  });

  it('while busy: the action says so, ignores presses and keeps the focus; the dialog waits', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    const { dialog } = await openDialog();
    const action = screen.getAllByRole('button', { name: 'Eliminar' }).find((b) => dialog.contains(b)) as HTMLElement;
    await userEvent.click(action);
    expect(onConfirm).toHaveBeenCalledTimes(1);

    rerender(<Harness onConfirm={onConfirm} onCancel={onCancel} busy />);
    const busy = screen.getByRole('button', { name: 'Eliminando...' });
    expect(busy).toBe(action);
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Eliminar grupo' })).toBeInTheDocument();
    expect(busy).toHaveFocus();
  });

  it('places an extra action between "Cancelar" and the action; while it works the action waits', async () => {
    const { rerender } = render(<Harness tone="default" extraAction={<Button variant="secondary">Deshabilitar</Button>} />);
    const { dialog } = await openDialog();
    const buttons = screen.getAllByRole('button').filter((b) => dialog.contains(b));
    expect(buttons.map((b) => b.textContent)).toEqual(['Cancelar', 'Deshabilitar', 'Eliminar']);
    expect(buttons[2]).toHaveClass('bg-brand-700');

    rerender(<Harness waiting extraAction={<Button busy>Deshabilitando...</Button>} />);
    expect(buttons[2]).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Eliminar grupo' })).toBeInTheDocument();
  });
});
