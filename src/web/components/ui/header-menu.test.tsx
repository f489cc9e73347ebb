import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HeaderMenu } from './header-menu.tsx';

describe('HeaderMenu', () => {
  it('closes after an action chosen with the keyboard and gives the focus back to its trigger', async () => {
    const onExcel = vi.fn();
    render(
      <HeaderMenu>
        <button type="button" onClick={onExcel}>
          Descargar Excel
        </button>
      </HeaderMenu>,
    );
    const trigger = screen.getByRole('button', { name: 'Más opciones' });
    await userEvent.click(trigger);
    const action = screen.getByRole('button', { name: 'Descargar Excel' });
    action.focus();
    await userEvent.keyboard('{Enter}');
    expect(onExcel).toHaveBeenCalledTimes(1);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // The action is hidden with the panel: the focus must not fall to <body>.
    expect(trigger).toHaveFocus();
  });
});
