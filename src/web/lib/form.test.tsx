import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { FormField } from '../components/ui/form-field.tsx';
import { useZodForm } from './form.ts';

const schema = z.object({
  code: z.string().check(z.trim(), z.maxLength(3)),
  email: z.string().check(z.trim(), z.minLength(1, { error: 'El email es obligatorio' })),
});

function CodeForm({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: { code: '', email: '' } });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <FormField label="Código" error={errors.code?.message} {...register('code')} />
      <FormField label="Email" error={errors.email?.message} {...register('email')} />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('useZodForm', () => {
  it("shows the schema's messages, and zod's Spanish text where the schema has none", async () => {
    const onValid = vi.fn();
    render(<CodeForm onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Código'), 'ABCD');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Admite hasta 3 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('El email es obligatorio')).toBeInTheDocument();
    expect(screen.getByLabelText('Código')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Código')).toHaveAccessibleDescription('Admite hasta 3 caracteres.');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('hands the parsed (trimmed) values to the submit handler', async () => {
    const onValid = vi.fn();
    render(<CodeForm onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Código'), ' AB ');
    await userEvent.type(screen.getByLabelText('Email'), ' a@b.ar ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ code: 'AB', email: 'a@b.ar' });
  });
});
