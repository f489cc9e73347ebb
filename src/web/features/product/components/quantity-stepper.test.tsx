import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QuantityStepper } from './quantity-stepper.tsx';

function Harness({ initial = 1 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <QuantityStepper value={value} onChange={setValue} />
      <output aria-label="Elegida">{value}</output>
    </>
  );
}

describe('QuantityStepper', () => {
  it('lets the field be emptied and retyped: clearing 3 and typing 12 gives 12, not 112', async () => {
    render(<Harness initial={3} />);
    const field = screen.getByLabelText('Cantidad');
    await userEvent.clear(field);
    expect(field).toHaveValue(null);
    await userEvent.type(field, '12');
    expect(field).toHaveValue(12);
    expect(screen.getByLabelText('Elegida')).toHaveTextContent('12');
  });

  it('shows the last valid quantity again when left empty, and keeps it within 1–9999', async () => {
    render(<Harness initial={4} />);
    const field = screen.getByLabelText('Cantidad');
    await userEvent.clear(field);
    await userEvent.tab();
    expect(field).toHaveValue(4);
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    expect(screen.getByLabelText('Elegida')).toHaveTextContent('1');
    await userEvent.tab();
    expect(field).toHaveValue(1);
    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    expect(screen.getByLabelText('Elegida')).toHaveTextContent('9999');
    expect(field).toHaveValue(9999);
  });
});
