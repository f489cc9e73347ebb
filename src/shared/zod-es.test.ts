import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import './zod-es.ts';

const message = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).error?.issues[0]?.message;

describe('zod-es', () => {
  it('gives checks without a message of their own a Spanish one', () => {
    expect(message(z.string().check(z.maxLength(3)), 'abcd')).toBe('Admite hasta 3 caracteres.');
    expect(message(z.string().check(z.minLength(1)), '')).toBe('Es obligatorio.');
    expect(message(z.string().check(z.minLength(3)), 'ab')).toBe('Debe tener al menos 3 caracteres.');
    expect(message(z.number(), 'x')).toBe('Debe ser un número.');
    expect(message(z.object({ a: z.number() }), {})).toBe('Es obligatorio.');
    expect(message(z.number().check(z.int()), 2.5)).toBe('Debe ser un número entero.');
    expect(message(z.number().check(z.lte(1000)), 1001)).toBe('Debe ser 1.000 o menos.');
    expect(message(z.number().check(z.gt(0)), 0)).toBe('Debe ser mayor que 0.');
    expect(message(z.array(z.number()).check(z.minLength(1)), [])).toBe('Debe tener al menos un elemento.');
    expect(message(z.enum(['client', 'distributor']), 'admin')).toBe('No es una opción válida (se admite «client», «distributor»).');
    expect(message(z.email(), 'nope')).toBe('Debe ser un correo electrónico válido.');
    expect(message(z.iso.date(), '2024-13-01')).toBe('Debe ser una fecha válida (AAAA-MM-DD).');
    expect(message(z.strictObject({}), { b: 1 })).toBe('Trae datos desconocidos: «b».');
  });

  it('keeps the messages the schemas give', () => {
    expect(message(z.string().check(z.minLength(3, { error: 'Muy corto' })), 'a')).toBe('Muy corto');
  });
});
