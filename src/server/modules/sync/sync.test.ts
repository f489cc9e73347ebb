import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import { auditLog, carouselEntries, partRequests, parts, relatedParts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { type FixtureName, fixtureSource, readFixture } from '../../test/catalogues.ts';
import { testEngines } from '../../test/db.ts';
import { createUser, loginCookie } from '../../test/factories.ts';
import { xlsxBomb } from '../../test/zip.ts';
import { createTestDatabase } from '../../test/db.ts';
import { importCatalogueFile } from '../import/service.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sync-'));
const erpFile = path.join(dir, 'erp.json');

function erp(records: Record<string, unknown>[]): void {
  fs.writeFileSync(erpFile, JSON.stringify(records));
}

const record = (i: number, overrides: Record<string, unknown> = {}) => ({
  codigo: `ERP-${String(i).padStart(4, '0')}`,
  descripcion: `Repuesto ERP ${i}`,
  categoria1: 'Repuestos',
  categoria2: 'Motor',
  categoria3: 'ERP',
  precios: `${100 + i}.00-${90 + i}.00---${120 + i}.00`,
  stock: i % 7,
  imagen: '',
  ...overrides,
});

describe.each(testEngines())('ERP sync and panel import on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  const as = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie: admin } });
  const finished = async () => {
    await t.app.jobs.idle();
    return (await as({ method: 'GET', url: '/api/admin/jobs/current' })).json().job;
  };
  const counts = async () =>
    (
      await queryRows<{ active: number; inactive: number; digest: string }>(
        t.database.db,
        sql`select count(*) filter (where is_active)::int as active, count(*) filter (where not is_active)::int as inactive,
                 md5(string_agg(part_number || coalesce(price_list_1::text, '') || is_active::text || description, ',' order by part_number)) as digest
          from parts`,
      )
    )[0];

  beforeAll(async () => {
    erp(Array.from({ length: 30 }, (_, i) => record(i + 1)));
    t = await buildTestApp(engine, { erpSource: erpFile });
    admin = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'admin', username: 'staff' }), 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the first 100 raw records with ten price lists', async () => {
    erp(Array.from({ length: 130 }, (_, i) => record(i + 1)));
    const response = await as({ method: 'GET', url: '/api/debug/raw-api' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(130);
    expect(body.records).toHaveLength(100);
    expect(body.records[0]).toMatchObject({
      code: 'ERP-0001',
      categories: ['Repuestos', 'Motor', 'ERP'],
      priceLists: ['101.00', '91.00', null, '121.00', null, null, null, null, null, null],
      stock: '1',
      rejection: null,
    });
    erp(Array.from({ length: 30 }, (_, i) => record(i + 1)));
  });

  it('syncs in one run, reports progress and counts, and is idempotent', async () => {
    const started = await as({ method: 'POST', url: '/api/debug/sync' });
    expect(started.statusCode).toBe(202);
    expect(started.json().job).toMatchObject({ kind: 'sync', status: 'running', actor: 'staff' });
    const job = await finished();
    expect(job).toMatchObject({ status: 'done', progress: { phase: 'done', read: 30, written: 30, total: 30 } });
    expect(job.report).toMatchObject({ inserted: 30, updated: 0, unchanged: 0, deactivated: 0, rejected: 0 });
    await as({ method: 'POST', url: '/api/debug/sync' });
    expect((await finished()).report).toMatchObject({ inserted: 0, updated: 0, unchanged: 30, deactivated: 0 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.sync'));
    expect(audit).toMatchObject({ actorUsername: 'staff', entity: 'catalogue' });
    expect(audit?.after).toMatchObject({ inserted: 30 });
  });

  it('deactivates parts missing from the feed, keeps what points at them, and reactivates them later', async () => {
    const [gone] = await t.database.db.select().from(parts).where(eq(parts.partNumber, 'ERP-0030'));
    const [kept] = await t.database.db.select().from(parts).where(eq(parts.partNumber, 'ERP-0001'));
    if (!gone || !kept) throw new Error('fixture parts missing');
    await t.database.db.insert(carouselEntries).values({ stage: 'published', collection: 'featured', partId: gone.id });
    await t.database.db.insert(relatedParts).values({ partId: kept.id, relatedPartId: gone.id });
    await t.database.db.insert(partRequests).values({ username: 'x', message: 'Necesito ERP-0030' });
    await t.catalogueChanged();

    erp(Array.from({ length: 29 }, (_, i) => record(i + 1)));
    await as({ method: 'POST', url: '/api/debug/sync' });
    expect((await finished()).report).toMatchObject({ deactivated: 1, unchanged: 29 });
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${gone.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/featured' })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${kept.id}/related` })).json()).toEqual([]);
    const adminList = (await as({ method: 'GET', url: '/api/admin/parts?search=ERP-0030' })).json();
    expect(adminList.parts).toEqual([expect.objectContaining({ partNumber: 'ERP-0030', isActive: false })]);
    expect(await t.database.db.select().from(carouselEntries).where(eq(carouselEntries.partId, gone.id))).toHaveLength(1);
    expect(await t.database.db.select().from(relatedParts).where(eq(relatedParts.relatedPartId, gone.id))).toHaveLength(1);
    expect(await t.database.db.select().from(partRequests)).toHaveLength(1);

    erp(Array.from({ length: 30 }, (_, i) => record(i + 1)));
    await as({ method: 'POST', url: '/api/debug/sync' });
    expect((await finished()).report).toMatchObject({ updated: 1, unchanged: 29, deactivated: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/products/featured' })).json()).toHaveLength(1);
  });

  it('reads ERP_SOURCE within IMPORT_MAX_ROWS: a larger feed changes nothing', async () => {
    const small = await buildTestApp(engine, { erpSource: erpFile, importLimits: { maxMb: 50, maxRows: 20 } });
    try {
      const cookie = await loginCookie(small.app, await createUser(small.database.db, { profileType: 'admin' }), 'admin');
      const raw = await small.app.inject({ method: 'GET', url: '/api/debug/raw-api', headers: { cookie } });
      expect(raw.statusCode).toBe(422);
      expect(raw.json().error.message).toBe('El archivo tiene más de 20 filas.');
      await small.app.inject({ method: 'POST', url: '/api/debug/sync', headers: { cookie } });
      await small.app.jobs.idle();
      const job = (await small.app.inject({ method: 'GET', url: '/api/admin/jobs/current', headers: { cookie } })).json().job;
      expect(job).toMatchObject({ status: 'failed', error: 'El archivo tiene más de 20 filas.' });
      const [row] = await queryRows<{ n: number }>(small.database.db, sql`select count(*)::int as n from parts`);
      expect(Number(row?.n)).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('a feed with too many bad rows or a dropped source changes nothing', async () => {
    const before = await counts();
    erp([...Array.from({ length: 10 }, (_, i) => record(i + 1)), ...Array.from({ length: 20 }, () => ({ descripcion: 'sin código' }))]);
    await as({ method: 'POST', url: '/api/debug/sync' });
    const bad = await finished();
    expect(bad.status).toBe('failed');
    expect(bad.error).toMatch(/Se rechazaron 20 de 30 filas/);
    expect(await counts()).toEqual(before);

    fs.writeFileSync(erpFile, JSON.stringify(Array.from({ length: 30 }, (_, i) => record(i + 1))).slice(0, 500));
    await as({ method: 'POST', url: '/api/debug/sync' });
    const truncated = await finished();
    expect(truncated.status).toBe('failed');
    expect(truncated.error).toMatch(/JSON no es válido/);
    fs.rmSync(erpFile);
    await as({ method: 'POST', url: '/api/debug/sync' });
    expect((await finished()).error).toMatch(/No se pudo leer el archivo/);
    expect(await counts()).toEqual(before);
    erp(Array.from({ length: 30 }, (_, i) => record(i + 1)));
  });

  it('previews a sync without changing anything, and asks a second confirmation for a large change', async () => {
    erp(Array.from({ length: 30 }, (_, i) => record(i + 1)));
    await as({ method: 'POST', url: '/api/debug/sync?confirmLarge=true' });
    expect((await finished()).status).toBe('done');
    // The applied sync is the run the panel offers to undo, with who ran it.
    const lastRun = await as({ method: 'GET', url: '/api/admin/import/last-run' });
    expect(lastRun.json().run).toMatchObject({ actor: 'staff', source: 'erp', undoneAt: null });
    const before = await counts();
    const audits = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log`);
    // The feed now shares 2 codes with the catalogue: 28 of 30 parts would go.
    erp([record(1), record(2)]);
    const preview = await as({ method: 'POST', url: '/api/debug/sync?dryRun=true' });
    expect(preview.statusCode).toBe(202);
    const job = await finished();
    expect(job.status).toBe('done');
    expect(job.report).toMatchObject({ dryRun: true, deactivated: 28, unchanged: 2 });
    expect(job.report.largeChange).toEqual(['Desactivaría 28 de 30 productos activos (93,3 %, más del 10 %).']);
    expect(await counts()).toEqual(before);
    expect(await queryRows(t.database.db, sql`select count(*)::int as n from audit_log`)).toEqual(audits);

    await as({ method: 'POST', url: '/api/debug/sync' });
    const refused = await finished();
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatch(/^Desactivaría 28 de 30 productos activos .*confirme el cambio grande/);
    expect(await counts()).toEqual(before);
    const bad = await as({ method: 'POST', url: '/api/debug/sync?dryRun=quizas' });
    expect(bad.statusCode).toBe(400);
    erp(Array.from({ length: 30 }, (_, i) => record(i + 1)));
  });

  it('refuses an archive-bomb XLSX from the ERP feed, changing nothing', async () => {
    const before = await counts();
    fs.writeFileSync(erpFile, xlsxBomb(256));
    await as({ method: 'POST', url: '/api/debug/sync' });
    const job = await finished();
    expect(job.status).toBe('failed');
    expect(job.error).toBe('El archivo XLSX se descomprime a más de 200 MB: no se puede importar.');
    expect(await counts()).toEqual(before);
    erp(Array.from({ length: 30 }, (_, i) => record(i + 1)));
  });

  it('refuses a second sync while one runs (409)', async () => {
    erp(Array.from({ length: 3000 }, (_, i) => record(i + 1)));
    const first = await as({ method: 'POST', url: '/api/debug/sync' });
    const second = await as({ method: 'POST', url: '/api/debug/sync' });
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Ya hay una importación o sincronización en curso.');
    const upload = await as({
      method: 'POST',
      url: '/api/admin/import',
      headers: { 'content-type': 'application/octet-stream' },
      payload: readFixture('productsObject'),
    });
    expect(upload.statusCode).toBe(409);
    expect((await finished()).status).toBe('done');
  });

  it('never takes the source from the request', async () => {
    erp(Array.from({ length: 30 }, (_, i) => record(i + 1)));
    const response = await as({
      method: 'POST',
      url: '/api/debug/sync?confirmLarge=true&source=http://127.0.0.1:9/evil.json&ERP_SOURCE=/etc/passwd',
      payload: { source: 'http://127.0.0.1:9/evil.json', url: '/etc/passwd' },
    });
    expect(response.statusCode).toBe(202);
    const job = await finished();
    expect(job.status).toBe('done');
    expect(job.report.rows).toBe(30);
    const noSource = await buildTestApp(engine);
    try {
      const cookie = await loginCookie(noSource.app, await createUser(noSource.database.db, { profileType: 'admin' }), 'admin');
      const refused = await noSource.app.inject({
        method: 'POST',
        url: '/api/debug/sync',
        headers: { cookie },
        payload: { source: erpFile },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('ERP_SOURCE no está configurado en el servidor.');
    } finally {
      await noSource.close();
    }
  });
});

describe.each(testEngines())('catalogue upload from the panel on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let reference: Database | undefined;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'admin' }), 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await reference?.close();
  });
  const upload = async (payload: Buffer, contentType = 'application/octet-stream') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import?filename=x',
      headers: { cookie: admin, 'content-type': contentType },
      payload,
    });
    if (response.statusCode !== 202) return { response, job: null };
    await t.app.jobs.idle();
    const job = (await t.app.inject({ method: 'GET', url: '/api/admin/jobs/current', headers: { cookie: admin } })).json().job;
    return { response, job };
  };

  it.each<FixtureName | 'inventoryXlsx'>(['productsObject', 'productsArray', 'erpRecords', 'latin1Csv', 'inventoryXlsx'])(
    'gives the same report as the CLI for the %s fixture',
    async (name) => {
      const source = await fixtureSource(name);
      // The CLI's path (importCatalogueFile) into an empty reference database, then the upload into an emptied one.
      reference ??= await createTestDatabase('pglite');
      for (const db of [reference.db, t.database.db]) await db.execute(sql`truncate parts, categories restart identity cascade`);
      const expected = await importCatalogueFile(reference.db, source, { lowStock: 5 });
      const contentType =
        name === 'inventoryXlsx'
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : name === 'latin1Csv'
            ? 'text/csv'
            : 'application/octet-stream';
      const { response, job } = await upload(source, contentType);
      expect(response.statusCode).toBe(202);
      expect(job.status).toBe('done');
      // The panel also checks image references against IMAGE_DIR; the CLI does so only when asked.
      const { missingImages, ...report } = job.report;
      expect(missingImages).toMatchObject({ count: expect.any(Number) });
      expect(report).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(job.report.inserted).toBeGreaterThan(0);
    },
  );

  it('answers the preview’s unreadable prices and kept hand edits, and names the file in the history', async () => {
    await t.database.db.execute(sql`truncate parts, categories restart identity cascade`);
    const file = (price: string) => Buffer.from(`codigo,descripcion,precio\nAPI-1,Filtro uno,consultar\nAPI-2,Filtro dos,${price}\n`);
    const send = (payload: Buffer, query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/import?${query}`,
        headers: { cookie: admin, 'content-type': 'text/csv' },
        payload,
      });
    expect((await send(file('1500'), 'filename=lista-lunes.csv')).statusCode).toBe(202);
    await t.app.jobs.idle();
    await t.database.db.execute(sql`update parts set price_list_1 = 1800, hand_edited_fields = '{priceList1}' where part_number = 'API-2'`);
    expect((await send(file('1600'), 'filename=lista-martes.csv&dryRun=true')).statusCode).toBe(202);
    await t.app.jobs.idle();
    const { job } = (await t.app.inject({ method: 'GET', url: '/api/admin/jobs/current', headers: { cookie: admin } })).json();
    expect(job.report).toMatchObject({
      dryRun: true,
      unreadablePrices: { count: 1, first: [{ row: 2, partNumber: 'API-1', list: 1, text: 'consultar' }] },
      handEditsKept: 1,
      keptEdits: [{ partNumber: 'API-2', field: 'priceList1', kept: '1800.00', incoming: '1600.00' }],
    });
    const history = (await t.app.inject({ method: 'GET', url: '/api/admin/jobs?limit=2', headers: { cookie: admin } })).json();
    expect(history.runs.map((r: { file: string | null }) => r.file)).toEqual(['lista-martes.csv', 'lista-lunes.csv']);
  });

  it('takes the source from the panel’s field, so two suppliers’ products.json are two sources', async () => {
    await t.database.db.execute(sql`truncate parts, categories restart identity cascade`);
    const send = (records: unknown, query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/import?filename=products.json&${query}`,
        headers: { cookie: admin, 'content-type': 'application/octet-stream' },
        payload: Buffer.from(JSON.stringify(records)),
      });
    expect((await send([{ codigo: '3010', descripcion: 'REPARACION VALVULA RELAY WABCO' }], 'source=Zabala')).statusCode).toBe(202);
    await t.app.jobs.idle();
    expect(
      (await send([{ codigo: '3010', descripcion: 'JUEGO TRABA ELASTICA Y PATIN' }], 'source=DLC%20Motors&dryRun=true')).statusCode,
    ).toBe(202);
    await t.app.jobs.idle();
    const { job } = (await t.app.inject({ method: 'GET', url: '/api/admin/jobs/current', headers: { cookie: admin } })).json();
    expect(job.report.conflicts).toEqual([
      {
        row: 1,
        partNumber: '3010',
        source: 'Zabala',
        existing: 'REPARACION VALVULA RELAY WABCO',
        incoming: 'JUEGO TRABA ELASTICA Y PATIN',
      },
    ]);
    const long = await send([], `source=${'x'.repeat(121)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/La fuente admite hasta 120 caracteres/);
    const blank = await send([], 'source=%20%20');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toMatch(/Indique el nombre de la fuente/);
  });

  it('refuses an archive-bomb XLSX and an oversized file with a clear message', async () => {
    // 256 MiB of zeros in about 270 KB, under the upload limit: the parser's inflate count refuses it.
    const { job } = await upload(xlsxBomb(256), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(job.status).toBe('failed');
    expect(job.error).toBe('El archivo XLSX se descomprime a más de 200 MB: no se puede importar.');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { cookie: admin, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(21 * 1024 * 1024, 65),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('La solicitud supera el tamaño máximo permitido.');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { cookie: admin, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(0),
    });
    expect(empty.statusCode).toBe(400);
  });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
