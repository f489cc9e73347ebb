/**
 * `GET /api/print/catalog` (issue 22): every public part of the selection in one streamed answer,
 * no cap, the session's price only when asked for, never a hidden or inactive part.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrintRowTuple, printBatchSchema, printHeadSchema } from '../../../shared/print.ts';
import { categories, parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';
import { PRINT_BATCH_SIZE } from './service.ts';

/** More than one batch, so the answer has several row lines. */
const BULK = PRINT_BATCH_SIZE + 150;

describe.each(testEngines())('print catalogue rows on %s', (engine) => {
  let t: TestApp;
  let clientCookie: string;
  const categoryId = async (name: string) => {
    const [row] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.name, name));
    if (!row) throw new Error(`missing category ${name}`);
    return row.id;
  };
  const load = async (query: string, cookie?: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/print/catalog?${query}`, headers: cookie ? { cookie } : {} });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const [head, ...batches] = response.body.trimEnd().split('\n');
    const { total } = printHeadSchema.parse(JSON.parse(head as string));
    const rows: PrintRowTuple[] = batches.flatMap((line) => printBatchSchema.parse(JSON.parse(line)));
    expect(rows).toHaveLength(total);
    return { rows, lines: batches.length, headers: response.headers };
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await insertParts(
      t.database.db,
      Array.from({ length: BULK }, (_, i) =>
        buildPartRecord({
          codigo: `PR-${String(i).padStart(5, '0')}`,
          categoria1: i % 2 ? 'REPUESTOS' : 'HERRAMIENTAS',
          categoria2: i % 2 ? 'Motor' : 'Manuales',
          categoria3: '',
          precios: '100.00-90.00-80.00-70.00',
          imagen: i === 0 ? 'fotos/llave 1.jpg' : '',
        }),
      ),
    );
    await insertParts(t.database.db, [
      buildPartRecord({ codigo: 'BAJA', categoria1: 'REPUESTOS', categoria2: 'Motor', categoria3: '' }),
      buildPartRecord({ codigo: 'OCULTA', categoria1: 'Interno', categoria2: '', categoria3: '' }),
    ]);
    await t.database.db.update(parts).set({ isActive: false }).where(eq(parts.partNumber, 'BAJA'));
    await t.database.db.update(categories).set({ isVisible: false }).where(eq(categories.name, 'Interno'));
    await t.catalogueChanged();
    clientCookie = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'client' }), 'client');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends every public part, in batches, with no cap and no price unless asked', async () => {
    const { rows, lines, headers } = await load('categoryIds=all');
    expect(rows).toHaveLength(BULK);
    expect(lines).toBe(2);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(new Set(rows.map((r) => r[0])).size).toBe(BULK);
    expect(rows.map((r) => r[1])).not.toContain('BAJA');
    expect(rows.map((r) => r[1])).not.toContain('OCULTA');
    expect(rows.every((r) => r[4] === null)).toBe(true);
    const first = rows.find((r) => r[1] === 'PR-00000');
    expect(first?.[3]).toBe(`/images/fotos/${encodeURIComponent('llave 1.jpg')}`);
    expect(first?.[5]).toEqual(['HERRAMIENTAS', 'Manuales']);
    expect(rows.find((r) => r[1] === 'PR-00001')?.[3]).toBeNull();
  });

  it("prices at the session's list only with includePrices=true", async () => {
    const guest = await load('categoryIds=all&includePrices=true');
    expect(new Set(guest.rows.map((r) => r[4]))).toEqual(new Set(['70.00']));
    const client = await load('categoryIds=all&includePrices=true', clientCookie);
    expect(new Set(client.rows.map((r) => r[4]))).toEqual(new Set(['100.00']));
    const clientNoPrices = await load('categoryIds=all', clientCookie);
    expect(clientNoPrices.rows.every((r) => r[4] === null)).toBe(true);
  });

  it('limits to the chosen categories and their descendants; hidden or unknown ones select nothing', async () => {
    const repuestos = await load(`categoryIds=${await categoryId('REPUESTOS')}`);
    expect(repuestos.rows).toHaveLength(Math.floor(BULK / 2));
    expect(repuestos.rows.every((r) => r[5][0] === 'REPUESTOS')).toBe(true);
    const both = await load(`categoryIds=${await categoryId('Motor')},${await categoryId('REPUESTOS')}`);
    expect(both.rows).toHaveLength(Math.floor(BULK / 2));
    expect((await load(`categoryIds=${await categoryId('Interno')}`)).rows).toEqual([]);
    expect((await load('categoryIds=999999')).rows).toEqual([]);
  });

  it('answers 400 in Spanish for malformed parameters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/print/catalog?categoryIds=1,x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
    expect(response.json().error.message).toMatch(/^El parámetro «categorías» debe ser/);
  });
});

describe('print catalogue rows: compression', () => {
  it('compresses the NDJSON answer for a client that accepts gzip', async () => {
    const t = await buildTestApp('pglite');
    try {
      await insertParts(
        t.database.db,
        Array.from({ length: 50 }, () => buildPartRecord()),
      );
      const response = await t.app.inject({ method: 'GET', url: '/api/print/catalog', headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
    } finally {
      await t.close();
    }
  });
});
