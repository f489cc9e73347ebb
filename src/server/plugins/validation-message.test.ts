import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { testEngines } from '../test/db.ts';
import { createUser, loginCookie } from '../test/factories.ts';
import { validationMessage } from './validation-message.ts';

describe('validationMessage', () => {
  it('names the field in Spanish before zod’s sentence, and keeps a schema’s own sentence', () => {
    const issues = [
      {
        keyword: 'too_big',
        instancePath: '/discountPercentage',
        message: 'Debe ser 99,99 o menos.',
        params: { origin: 'number', maximum: 99.99, inclusive: true },
      },
      {
        keyword: 'too_small',
        instancePath: '/password',
        message: 'La contraseña debe tener al menos 6 caracteres',
        params: { origin: 'string', minimum: 6 },
      },
      { keyword: 'invalid_value', instancePath: '/includePrices', message: 'debe ser true o false', params: { values: ['true', 'false'] } },
    ];
    expect(validationMessage(issues, 'body', { discountPercentage: 100, password: 'x', includePrices: 'yes' })).toBe(
      'El campo «descuento» debe ser 99,99 o menos. La contraseña debe tener al menos 6 caracteres. El campo «includePrices» debe ser true o false.',
    );
  });

  it('says where an element of a list is, and what a missing body is', () => {
    const nested = [
      { keyword: 'invalid_type', instancePath: '/updates/1/categoryId', message: 'Debe ser un número.', params: { expected: 'number' } },
    ];
    expect(validationMessage(nested, 'body', { updates: [{}, { categoryId: 'x' }] })).toBe(
      'El campo «categoría» del elemento 2 de «cambios» debe ser un número.',
    );
    const missing = [{ keyword: 'invalid_type', instancePath: '', message: 'Es obligatorio.', params: { expected: 'object' } }];
    expect(validationMessage(missing, 'body', undefined)).toBe('Faltan los datos de la solicitud (un objeto JSON).');
  });
});

describe.each(testEngines())('validation answers of the admin API on %s', (engine) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'admin' }), 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { cookie: admin, ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    return { status: response.statusCode, error: response.json().error as { code: string; message: string } };
  };

  it('answers Spanish sentences naming the field, never the request part nor parser shorthand', async () => {
    const cases: Array<[Parameters<typeof ask>, string]> = [
      [
        ['GET', '/api/products/search-for-relation?query=a&excludeId=abc'],
        'Ingrese al menos 2 caracteres. El parámetro «producto excluido» debe ser un número.',
      ],
      [
        ['PUT', '/api/products/carousel/abc', { category: 'on-sale', action: 'add' }],
        'El dato «repuesto» de la dirección debe ser un número.',
      ],
      [
        ['GET', '/api/admin/parts?page=0&limit=1000'],
        'El parámetro «página» debe ser 1 o más. El parámetro «cantidad por página» debe ser 200 o menos.',
      ],
      [
        ['PUT', '/api/categories/visibility', { updates: [{ categoryId: 'x', isVisible: true }] }],
        'El campo «categoría» del elemento 1 de «cambios» debe ser un número.',
      ],
      [
        ['PUT', '/api/categories/visibility', { updates: [{ categoryId: 1 }] }],
        'El campo «visibilidad» del elemento 1 de «cambios» es obligatorio.',
      ],
      [['PUT', '/api/categories/visibility'], 'Faltan los datos de la solicitud (un objeto JSON).'],
      [['PUT', '/api/categories/visibility', '{bad', { 'content-type': 'application/json' }], 'El cuerpo no es un JSON válido.'],
    ];
    for (const [request, message] of cases) {
      const { status, error } = await ask(...request);
      expect(status, request[1]).toBe(400);
      expect(error, request[1]).toEqual({ code: 'VALIDATION', message });
    }
  });
});
