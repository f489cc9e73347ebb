import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClasses } from './button.tsx';

/** A form whose "Guardar" turns busy on its first submit, as a pending save would. */
function SaveForm({ onSave }: { onSave: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
        setBusy(true);
      }}
    >
      <input aria-label="Nombre" />
      <Button type="submit" busy={busy}>
        {busy ? 'Guardando...' : 'Guardar'}
      </Button>
    </form>
  );
}

describe('Button', () => {
  it('lets className override the variant: a ghost "Eliminar" in the accent colour is red, not grey', () => {
    render(
      <Button variant="ghost" className="text-accent-700">
        Eliminar
      </Button>,
    );
    const classes = screen.getByRole('button', { name: 'Eliminar' }).className.split(' ');
    expect(classes).toContain('text-accent-700');
    expect(classes).not.toContain('text-slate-700');
    // The variant's hover background and the size's text size stay: only the conflicting colour goes.
    expect(classes).toContain('hover:bg-slate-100');
    expect(classes).toContain('text-sm');
  });

  it('keeps the later of two conflicting classes for links styled as buttons', () => {
    const classes = buttonClasses('primary', 'md', 'h-12 bg-accent-600').split(' ');
    expect(classes).toEqual(expect.arrayContaining(['h-12', 'bg-accent-600', 'text-white', 'px-4']));
    expect(classes).not.toContain('h-10');
    expect(classes).not.toContain('bg-brand-700');
  });

  describe('busy', () => {
    it('keeps the keyboard focus while it works, says so, and looks disabled', async () => {
      render(<SaveForm onSave={vi.fn()} />);
      const button = screen.getByRole('button', { name: 'Guardar' });
      button.focus();
      await userEvent.keyboard('{Enter}');
      const busy = screen.getByRole('button', { name: 'Guardando...' });
      expect(busy).toBe(button);
      expect(busy).toHaveFocus();
      expect(busy).not.toBeDisabled();
      expect(busy).toHaveAttribute('aria-disabled', 'true');
      expect(busy).toHaveAttribute('aria-busy', 'true');
      expect(busy.className.split(' ')).toEqual(expect.arrayContaining(['opacity-50', 'cursor-not-allowed']));
    });

    it('sends no second submit: not by click, Enter or Space on it, nor Enter in a field', async () => {
      const onSave = vi.fn();
      render(<SaveForm onSave={onSave} />);
      await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
      expect(onSave).toHaveBeenCalledTimes(1);
      const busy = screen.getByRole('button', { name: 'Guardando...' });
      await userEvent.click(busy);
      await userEvent.keyboard('{Enter}');
      await userEvent.keyboard(' ');
      await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'x{Enter}');
      expect(onSave).toHaveBeenCalledTimes(1);
    });

    it('ignores presses while busy and takes them again after', async () => {
      const onClick = vi.fn();
      const { rerender } = render(
        <Button busy onClick={onClick}>
          Agregar grupo
        </Button>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Agregar grupo' }));
      expect(onClick).not.toHaveBeenCalled();
      rerender(<Button onClick={onClick}>Agregar grupo</Button>);
      const button = screen.getByRole('button', { name: 'Agregar grupo' });
      expect(button).not.toHaveAttribute('aria-disabled');
      expect(button).not.toHaveAttribute('aria-busy');
      await userEvent.click(button);
      expect(onClick).toHaveBeenCalledTimes(1);
    });
  });
});
