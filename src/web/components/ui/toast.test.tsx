import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissToast, Toaster, toast } from './toast.tsx';

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
});
