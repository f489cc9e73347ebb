import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, buttonClasses } from './button.tsx';

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
});
