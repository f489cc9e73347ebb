import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissToast, Toaster, toast } from './toast.tsx';

describe('Toaster', () => {
  it('shows one toast at a time, the newest, also one raised before the toaster loaded', async () => {
    toast({ title: 'Aviso', description: 'Antes de cargar' });
    render(<Toaster />);
    expect(await screen.findByText('Antes de cargar')).toBeInTheDocument();
    act(() => {
      toast({ title: 'Error', description: 'Primero', variant: 'destructive' });
      toast({ title: 'Error', description: 'Segundo', variant: 'destructive' });
    });
    expect(screen.queryByText('Primero')).not.toBeInTheDocument();
    expect(screen.getByText('Segundo')).toBeInTheDocument();
    act(() => dismissToast());
    expect(screen.queryByText('Segundo')).not.toBeInTheDocument();
  });

  it('offers the F8 region', async () => {
    render(<Toaster />);
    expect(await screen.findByRole('region', { name: /Notificaciones \(F8\)/ })).toBeInTheDocument();
  });
});
