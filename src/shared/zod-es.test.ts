import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import './zod-es.ts';

const message = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).error?.issues[0]?.message;

describe('zod-es', () => {
  it('gives checks without a message of their own a Spanish one', () => {
    expect(message(z.string().check(z.maxLength(3)), 'abcd')).toBe('Demasiado grande: se esperaba que texto tuviera <=3 caracteres');
    expect(message(z.number(), 'x')).toBe('Entrada inválida: se esperaba número, recibido texto');
    expect(message(z.email(), 'nope')).toBe('Inválido dirección de correo electrónico');
  });

  it('keeps the messages the schemas give', () => {
    expect(message(z.string().check(z.minLength(3, { error: 'Muy corto' })), 'a')).toBe('Muy corto');
  });
});
