/**
 * The import's column-mapping step and its saved mappings (issue 17 item 1) through the API, on
 * every test engine: the columns a file holds with their first rows and automatic assignments (a
 * cost column never a price list), mappings saved by name (audited), an upload and the ERP sync
 * that use them, access (401/403) and Spanish 400s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnsResponseSchema, importMappingSchema, importMappingsResponseSchema } from '../../../shared/import-mappings.ts';
import { auditLog, parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { createUser, loginCookie } from '../../test/factories.ts';
import { COST_COLUMN_REASON } from '../import/map.ts';

/** A spreadsheet export with a cost column that must never become a price list. */
const CSV = [
  'Código;Descripción;Rubro;Precio Costo;Precio Lista;Stock;Comentario interno',
  'AB-100;Filtro de aceite;Filtros;1000;1500;4;ok',
  ';;;;;;',
  'AB-101;Filtro de aire;Filtros;2000;2600;0;',
  'AB-102;Correa 4PK 640;Correas;900;1300;12;revisar',
  'AB-103;Bomba de agua;Motor;5000;7100;2;',
  'AB-104;Tensor;Motor;800;1100;1;',
  'AB-105;Polea;Motor;700;950;3;',
].join('\n');

/** An ERP export with short keys (issue 17): refused by the aliases alone. */
const SHORT_KEYS = JSON.stringify([
  { i: 1, c: '4PK-0640', n: 'CORREA POLY-V 4PK 640', s: 3, p: 25000, l: 'CORREAS' },
  { i: 2, c: '4PK-0700', n: 'CORREA POLY-V 4PK 700', s: 0, p: 26500, l: 'CORREAS' },
]);

const SHORT_MAPPING = [
  { target: 'partNumber', column: 'c' },
  { target: 'description', column: 'n' },
  { target: 'stock', column: 's' },
  { target: 'priceList1', column: 'p' },
  { target: 'category1', column: 'l' },
  { target: 'ignore', column: 'i' },
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mappings-'));
const erpFile = path.join(dir, 'erp.json');

describe.each(testEngines())('import column mappings on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let client: string;
  const as = (cookie: string, options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } });
  const columns = (body: string, query = '', cookie = admin) =>
    as(cookie, {
      method: 'POST',
      url: `/api/admin/import/columns${query}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(body),
    });
  const save = (name: string, assignments: unknown, cookie = admin) =>
    as(cookie, { method: 'PUT', url: `/api/admin/import-mappings/${encodeURIComponent(name)}`, payload: { assignments } });
  const finished = async () => {
    await t.app.jobs.idle();
    return (await as(admin, { method: 'GET', url: '/api/admin/jobs/current' })).json().job;
  };

  beforeAll(async () => {
    fs.writeFileSync(erpFile, SHORT_KEYS);
    t = await buildTestApp(engine, { erpSource: erpFile });
    admin = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'admin', username: 'mapeos' }), 'admin');
    client = await loginCookie(t.app, await createUser(t.database.db, { username: 'cliente-mapeos' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the columns, their first rows and the automatic mapping, writing nothing', async () => {
    const response = await columns(CSV);
    expect(response.statusCode).toBe(200);
    const body = columnsResponseSchema.parse(response.json());
    expect(body.format).toBe('csv');
    expect(body.records).toBe(7);
    // The blank line is skipped: five rows with values, by their row numbers in the file.
    expect(body.sampleRows).toEqual([2, 4, 5, 6, 7]);
    expect(body.columns.map((c) => c.name)).toEqual([
      'Código',
      'Descripción',
      'Rubro',
      'Precio Costo',
      'Precio Lista',
      'Stock',
      'Comentario interno',
    ]);
    expect(body.columns[0]?.samples).toEqual(['AB-100', 'AB-101', 'AB-102', 'AB-103', 'AB-104']);
    expect(body.columns[6]?.samples).toEqual(['ok', '', 'revisar', '', '']);
    expect(body.assignments).toEqual([
      { target: 'partNumber', column: 'Código' },
      { target: 'description', column: 'Descripción' },
      { target: 'category1', column: 'Rubro' },
      { target: 'stock', column: 'Stock' },
      { target: 'priceList1', column: 'Precio Lista' },
      { target: 'ignore', column: 'Precio Costo' },
    ]);
    expect(body.ignored).toEqual([{ column: 'Precio Costo', reason: COST_COLUMN_REASON }]);
    expect(body.missing).toEqual([]);
    expect(await t.database.db.select().from(parts)).toEqual([]);
  });

  it('applies a given mapping first: a cost column mapped explicitly is a price list', async () => {
    const mapping = JSON.stringify([
      { target: 'priceList2', column: 'precio costo' },
      { target: 'notes', column: 'Comentario interno' },
      { target: 'brand', column: 'Marca' },
    ]);
    const body = columnsResponseSchema.parse((await columns(CSV, `?mapping=${encodeURIComponent(mapping)}`)).json());
    expect(body.assignments).toContainEqual({ target: 'priceList2', column: 'Precio Costo' });
    expect(body.assignments).toContainEqual({ target: 'priceList1', column: 'Precio Lista' });
    expect(body.assignments).toContainEqual({ target: 'notes', column: 'Comentario interno' });
    expect(body.ignored).toEqual([]);
    // A column this file lacks is reported, not refused.
    expect(body.missing).toEqual([{ target: 'brand', column: 'Marca' }]);
  });

  it('marks an ERP precios column and maps short keys only when told', async () => {
    const erp = JSON.stringify([{ codigo: 'E-1', descripcion: 'Uno', precios: '10-20-30', stock: 1 }]);
    const erpBody = columnsResponseSchema.parse((await columns(erp)).json());
    expect(erpBody.format).toBe('json');
    expect(erpBody.columns.find((c) => c.name === 'precios')).toEqual({ name: 'precios', samples: ['10-20-30'], special: 'priceLists' });
    const auto = columnsResponseSchema.parse((await columns(SHORT_KEYS)).json());
    expect(auto.columns.map((c) => c.name)).toEqual(['i', 'c', 'n', 's', 'p', 'l']);
    expect(auto.assignments).toEqual([]);
    const mapped = columnsResponseSchema.parse(
      (await columns(SHORT_KEYS, `?mapping=${encodeURIComponent(JSON.stringify(SHORT_MAPPING))}`)).json(),
    );
    expect(mapped.assignments).toEqual(expect.arrayContaining(SHORT_MAPPING));
    expect(mapped.assignments).toHaveLength(SHORT_MAPPING.length);
  });

  it('saves, lists, replaces and deletes mappings by name, audited', async () => {
    const created = await save('Cortas ERP', SHORT_MAPPING);
    expect(created.statusCode).toBe(201);
    expect(importMappingSchema.parse(created.json())).toMatchObject({
      name: 'Cortas ERP',
      assignments: SHORT_MAPPING,
      updatedBy: 'mapeos',
    });
    // The same name in another case replaces it.
    const replaced = await save('cortas erp', SHORT_MAPPING.slice(0, 3));
    expect(replaced.statusCode).toBe(200);
    const list = importMappingsResponseSchema.parse((await as(admin, { method: 'GET', url: '/api/admin/import-mappings' })).json());
    expect(list.mappings.map((m) => [m.name, m.assignments.length])).toEqual([['cortas erp', 3]]);
    const fromSaved = columnsResponseSchema.parse((await columns(SHORT_KEYS, '?mappingName=CORTAS%20ERP')).json());
    expect(fromSaved.assignments).toEqual(SHORT_MAPPING.slice(0, 3));

    const removed = await as(admin, { method: 'DELETE', url: '/api/admin/import-mappings/cortas%20erp' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Mapeo de columnas eliminado' });
    const again = await as(admin, { method: 'DELETE', url: '/api/admin/import-mappings/cortas%20erp' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('No hay un mapeo de columnas guardado con el nombre «cortas erp».');

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'import_mapping')).orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.entityId, a.actorUsername])).toEqual([
      ['import_mapping.save', 'Cortas ERP', 'mapeos'],
      ['import_mapping.save', 'cortas erp', 'mapeos'],
      ['import_mapping.delete', 'cortas erp', 'mapeos'],
    ]);
    expect(audit[1]?.before).toEqual({ name: 'Cortas ERP', assignments: SHORT_MAPPING });
    expect(audit[1]?.after).toEqual({ name: 'cortas erp', assignments: SHORT_MAPPING.slice(0, 3) });
  });

  it('imports an upload with a saved mapping named in mappingName', async () => {
    expect((await save('proveedor', SHORT_MAPPING)).statusCode).toBe(201);
    const upload = (query: string) =>
      as(admin, {
        method: 'POST',
        url: `/api/admin/import?filename=cortas.json${query}`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.from(SHORT_KEYS),
      });
    const unknown = await upload('&mappingName=otro');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual({ code: 'VALIDATION', message: 'No hay un mapeo de columnas guardado con el nombre «otro».' });
    const both = await upload(`&mappingName=proveedor&mapping=${encodeURIComponent(JSON.stringify(SHORT_MAPPING))}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toMatch(/Indique mappingName o mapping, no ambos\./);
    const started = await upload('&mappingName=Proveedor');
    expect(started.statusCode).toBe(202);
    const job = await finished();
    expect(job).toMatchObject({ status: 'done', report: { inserted: 2, rejected: 0 } });
    const [part] = await t.database.db.select().from(parts).where(eq(parts.partNumber, '4PK-0640'));
    expect(part).toMatchObject({ description: 'CORREA POLY-V 4PK 640', priceList1: '25000.00', stockQuantity: 3 });
  });

  it('runs the ERP sync with the mapping named erp', async () => {
    const sync = async () => {
      expect((await as(admin, { method: 'POST', url: '/api/debug/sync?dryRun=true' })).statusCode).toBe(202);
      return finished();
    };
    // Without the saved mapping the short keys hold no code column: the sync fails.
    expect(await sync()).toMatchObject({ status: 'failed' });
    expect((await save('erp', SHORT_MAPPING)).statusCode).toBe(201);
    expect(await sync()).toMatchObject({ status: 'done', report: { dryRun: true, unchanged: 2, rejected: 0 } });
  });

  it('refuses guests (401) and other roles (403) before reading anything', async () => {
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/api/admin/import/columns', headers: { 'content-type': 'application/octet-stream' }, payload: CSV },
      { method: 'GET', url: '/api/admin/import-mappings' },
      { method: 'PUT', url: '/api/admin/import-mappings/x', payload: { assignments: SHORT_MAPPING } },
      { method: 'DELETE', url: '/api/admin/import-mappings/proveedor' },
    ];
    for (const request of requests) {
      const guest = await t.app.inject(request);
      expect(guest.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(guest.json().error.message).toBe('Debe iniciar sesión');
      const other = await as(client, request);
      expect(other.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    expect((await as(admin, { method: 'GET', url: '/api/admin/import-mappings' })).json().mappings).toHaveLength(2);
  });

  it('answers bad input with 400 and a Spanish message', async () => {
    const message = async (response: Awaited<ReturnType<typeof columns>>) => {
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('VALIDATION');
      return error.message as string;
    };
    expect(await message(await columns(''))).toBe('Envíe el archivo (JSON, CSV o XLSX) como cuerpo de la solicitud.');
    expect(await message(await columns(CSV, '?mapping=%7Bno'))).toBe('El mapeo de columnas no es un JSON válido.');
    expect(await message(await columns(CSV, `?mapping=${encodeURIComponent('[{"target":"precio","column":"x"}]')}`))).toBe(
      'El mapeo de columnas debe ser una lista de {target, column}.',
    );
    const twice = JSON.stringify([
      { target: 'partNumber', column: 'Código' },
      { target: 'partNumber', column: 'Rubro' },
    ]);
    expect(await message(await columns(CSV, `?mapping=${encodeURIComponent(twice)}`))).toBe('«Código» está asignado a más de una columna.');
    expect(await message(await columns(CSV, '?mappingName=nadie'))).toBe('No hay un mapeo de columnas guardado con el nombre «nadie».');
    expect(await message(await columns(CSV, '?mappingName=erp&mapping=%5B%5D'))).toMatch(/Indique mappingName o mapping, no ambos\./);
    expect(await message(await save('erp', []))).toMatch(/al menos una columna/);
    expect(
      await message(
        await save('erp', [
          { target: 'partNumber', column: 'c' },
          { target: 'ignore', column: 'c' },
        ]),
      ),
    ).toMatch(/La columna «c» está asignada más de una vez/);
    expect(await message(await save('mal/nombre', SHORT_MAPPING))).toBeTruthy();
    expect(await message(await save('%3Cscript%3E', SHORT_MAPPING))).toMatch(/El nombre del mapeo admite letras/);
    expect(
      await message(await as(admin, { method: 'PUT', url: '/api/admin/import-mappings/ok', payload: { assignments: 'x' } })),
    ).not.toMatch(/expected|invalid input/i);
    // A file that cannot be read is refused with the importer's reason, not a 500.
    const bad = await columns('[1, 2');
    expect(bad.statusCode).toBe(422);
  });
});
