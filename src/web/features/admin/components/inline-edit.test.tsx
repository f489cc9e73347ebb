import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { salesUnitBodySchema } from '../../../../shared/admin.ts';
import { InlineEdit } from './inline-edit.tsx';

describe('InlineEdit', () => {
  it('holds "Guardar" and "Cancelar" busy while saving: the focus stays on the pressed one, presses are ignored', async () => {
    let finish: (() => void) | undefined;
    const onSave = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<InlineEdit value="1 unidad" label="Unidad de venta de PN-1" schema={salesUnitBodySchema.shape.salesUnit} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: /Editar unidad de venta de PN-1/ }));
    await userEvent.type(screen.getByLabelText('Unidad de venta de PN-1'), ' más');
    const save = screen.getByRole('button', { name: 'Guardar' });
    const cancel = screen.getByRole('button', { name: 'Cancelar' });
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith('1 unidad más');
    // Busy, not disabled: a disabled button would drop the keyboard's focus to the page.
    for (const button of [save, cancel]) {
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toBeEnabled();
    }
    expect(save).toHaveFocus();
    await userEvent.click(save);
    await userEvent.click(cancel);
    await userEvent.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Unidad de venta de PN-1')).toBeInTheDocument();
    await act(async () => finish?.());
    expect(screen.queryByLabelText('Unidad de venta de PN-1')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Editar unidad de venta de PN-1/ })).toHaveFocus();
  });

  it('is idle again after a failed save: the buttons answer presses', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('refused');
    });
    render(<InlineEdit value="1 unidad" label="Unidad de venta de PN-1" schema={salesUnitBodySchema.shape.salesUnit} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: /Editar unidad de venta de PN-1/ }));
    await userEvent.type(screen.getByLabelText('Unidad de venta de PN-1'), ' más{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Unidad de venta de PN-1')).toHaveFocus();
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(save).not.toHaveAttribute('aria-busy');
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledTimes(2);
  });
});
