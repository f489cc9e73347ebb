/**
 * The import as a safe pipeline (docs/product.md §11.3–11.4): column mapping, preview, large-change
 * confirmation, hand edits kept, duplicates, sources, remarks, headings and blank rows, on both engines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mappingFromJson, parseMapEntries } from '../../../shared/import.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';
import { createTestDatabase, testEngines } from '../../test/db.ts';
import { accountedRows as accounted } from '../../test/import-report.ts';
import { cleanQuotes, supersededCodes } from './map.ts';
import type { SourceRecord } from './parse.ts';
import {
  type ImportOptions,
  KEPT_EDITS_LISTED,
  formatSummary,
  importCatalogueFile,
  importRecords,
  lastImportRun,
  sourceFromFileName,
  undoLastImport,
} from './service.ts';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

describe('mapping rules', () => {
  it('parses --map entries and mapping files, refusing unknown targets in Spanish', () => {
    expect(parseMapEntries(['partNumber=c', 'priceList1=PRECIO = FINAL'])).toEqual({
      assignments: [
        { target: 'partNumber', column: 'c' },
        { target: 'priceList1', column: 'PRECIO = FINAL' },
      ],
    });
    expect(parseMapEntries(['precio=p'])).toMatchObject({ error: expect.stringContaining('--map precio=p') });
    expect(parseMapEntries(['partNumber'])).toMatchObject({ error: expect.stringContaining('destino=columna') });
    expect(mappingFromJson({ partNumber: 'c', ignore: ['x', 'y'] })).toEqual({
      assignments: [
        { target: 'partNumber', column: 'c' },
        { target: 'ignore', column: 'x' },
        { target: 'ignore', column: 'y' },
      ],
    });
    expect(mappingFromJson([1])).toMatchObject({ error: expect.stringContaining('objeto JSON') });
  });

  it('cleans doubled quotes and reads supersessions as codes', () => {
    expect(cleanQuotes('CAÑO ""SALIDA COSTADO""')).toBe('CAÑO "SALIDA COSTADO"');
    expect(cleanQuotes('""SALIDA COSTADO""')).toBe('SALIDA COSTADO');
    expect(supersededCodes('M8 X 25. SUB FOR R123456; reemplaza 0011843925')).toEqual(['R123456', '0011843925']);
    expect(supersededCodes('REEMPLAZADO POR AT-4421.')).toEqual(['AT-4421']);
    expect(supersededCodes('medida 25 mm')).toEqual([]);
  });

  it('names a file source without its dates and numbers', () => {
    expect(sourceFromFileName('/tmp/Lista 2024-11.xlsx')).toBe('lista');
    expect(sourceFromFileName('lista_2024-12.XLSX')).toBe('lista');
    expect(sourceFromFileName('John Deere partes.csv')).toBe('john-deere-partes');
    expect(sourceFromFileName('2024.csv')).toBe('archivo');
  });
});

describe.each(testEngines())('the import pipeline on %s', (engine) => {
  let database: Database;
  const base: ImportOptions = { lowStock: 5 };
  const part = async (partNumber: string) => (await database.db.select().from(parts).where(eq(parts.partNumber, partNumber)))[0];
  const activeCount = async () =>
    (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from parts where is_active`))[0]?.n ?? 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('imports an ERP export with short keys once its columns are mapped', async () => {
    const erp = json([
      { i: 1, c: '4PK-0640', n: 'CORREA POLY-V 4PK 640', s: 3, p: 25000, l: 'CORREAS' },
      { i: 2, c: '6PK-1200', n: 'CORREA POLY-V 6PK 1200', s: 0, p: 31000.5, l: 'CORREAS' },
    ]);
    // One file-wide reason, said once: not repeated per row, nor with a stray ".;" between rows.
    await expect(importCatalogueFile(database.db, erp, base)).rejects.toThrow(
      'No se pudo importar ninguna fila: no se encontró la columna de código (codigo, sku, code). Asígnela con el mapeo de columnas.',
    );
    await expect(
      importCatalogueFile(
        database.db,
        json([
          { codigo: '', descripcion: 'CORREA' },
          { codigo: '-', descripcion: 'RETEN' },
        ]),
        base,
      ),
    ).rejects.toThrow(/^No se pudo importar ninguna fila: falta el código del producto\.$/);
    const report = await importCatalogueFile(database.db, erp, {
      ...base,
      mapping: [
        { target: 'partNumber', column: 'c' },
        { target: 'description', column: 'n' },
        { target: 'stock', column: 's' },
        { target: 'priceList1', column: 'p' },
        { target: 'category1', column: 'l' },
        { target: 'ignore', column: 'i' },
      ],
    });
    expect(report).toMatchObject({ inserted: 2, rejected: 0 });
    expect(await part('4PK-0640')).toMatchObject({
      description: 'CORREA POLY-V 4PK 640',
      stockQuantity: 3,
      price: '25000.00',
      priceList1: '25000.00',
      categoryPath: ['CORREAS'],
    });
    expect(await part('6PK-1200')).toMatchObject({ stockLevel: 'Sin Stock', priceList1: '31000.50' });
  });

  it('previews a run without changing anything, with price changes per list and the largest first', async () => {
    const before = await queryRows(database.db, sql`select part_number, price_list_1, updated_at::text from parts order by 1`);
    const file = json([
      { codigo: '4PK-0640', descripcion: 'CORREA POLY-V 4PK 640', precio: 27500, rubro: 'CORREAS' },
      { codigo: '6PK-1200', descripcion: 'CORREA POLY-V 6PK 1200', precio: 31000.5, rubro: 'CORREAS' },
      { codigo: 'NUEVA-1', descripcion: 'Tensor de correa', precio: 9000, rubro: 'TENSORES' },
    ]);
    const preview = await importCatalogueFile(database.db, file, { ...base, dryRun: true, confirmLarge: false });
    expect(preview).toMatchObject({ dryRun: true, inserted: 1, updated: 1, unchanged: 1, categoriesAdded: ['TENSORES'] });
    expect(preview.priceChanges).toEqual({
      parts: 1,
      lists: [{ list: 1, up: 1, down: 0, added: 0, removed: 0, meanPercent: 10 }],
      largest: [{ partNumber: '4PK-0640', list: 1, before: '25000.00', after: '27500.00', percent: 10 }],
    });
    // Half of the active parts change price: a real run needs the explicit confirmation.
    expect(preview.largeChange).toEqual(['Cambiaría los precios de 1 de 2 productos activos (50 %, más del 30 %).']);
    expect(await queryRows(database.db, sql`select part_number, price_list_1, updated_at::text from parts order by 1`)).toEqual(before);
    expect(await part('NUEVA-1')).toBeUndefined();

    await expect(importCatalogueFile(database.db, file, base)).rejects.toThrow(/Cambiaría los precios de 1 de 2 productos activos/);
    expect(await part('NUEVA-1')).toBeUndefined();
    const applied = await importCatalogueFile(database.db, file, { ...base, confirmLarge: true });
    expect(applied).toMatchObject({ dryRun: false, inserted: 1, updated: 1, unchanged: 1 });
    expect(await part('4PK-0640')).toMatchObject({ priceList1: '27500.00' });
  });

  it('keeps what staff edited by hand, and a column the file does not carry', async () => {
    await database.db
      .update(parts)
      .set({ salesUnit: 'juego x 4', description: 'Correa 4PK 640 (Gates)', handEditedFields: ['salesUnit', 'description'] })
      .where(eq(parts.partNumber, '4PK-0640'));
    await database.db.update(parts).set({ salesUnit: 'caja x 10' }).where(eq(parts.partNumber, '6PK-1200'));
    const file = json([
      { codigo: '4PK-0640', descripcion: 'CORREA POLY-V 4PK 640', precio: 27500, rubro: 'CORREAS', unidad: '1 unidad' },
      { codigo: '6PK-1200', descripcion: 'CORREA POLY-V 6PK 1200', precio: 31000.5, rubro: 'CORREAS' },
    ]);
    const report = await importCatalogueFile(database.db, file, base);
    expect(report).toMatchObject({ updated: 0, unchanged: 2, handEditsKept: 2 });
    expect(await part('4PK-0640')).toMatchObject({ salesUnit: 'juego x 4', description: 'Correa 4PK 640 (Gates)' });
    // No sales unit column for this one: the unit set in the panel stays.
    expect(await part('6PK-1200')).toMatchObject({ salesUnit: 'caja x 10' });

    const overwrite = await importCatalogueFile(database.db, file, { ...base, overwriteHandEdits: ['salesUnit'] });
    expect(overwrite).toMatchObject({ updated: 1 });
    expect(await part('4PK-0640')).toMatchObject({
      salesUnit: '1 unidad',
      description: 'Correa 4PK 640 (Gates)',
      handEditedFields: ['description'],
    });
  });

  it('plans a run again when staff edit one of its parts meanwhile, and keeps the edit', async () => {
    const row = { codigo: 'PLAN-1', descripcion: 'BOMBA DE AGUA', rubro: 'BOMBAS', unidad: '1 unidad' };
    await importCatalogueFile(database.db, json([{ ...row, precio: 100 }]), base);
    let steps = 0;
    const report = await importCatalogueFile(database.db, json([{ ...row, precio: 120 }]), {
      ...base,
      onProgress: async (progress) => {
        // The first step is the run's start; the second comes once its only batch is planned.
        if (progress.phase === 'validating' && ++steps === 2) {
          await database.db
            .update(parts)
            .set({ salesUnit: 'par', handEditedFields: ['salesUnit'] })
            .where(eq(parts.partNumber, 'PLAN-1'));
        }
      },
    });
    expect(steps).toBeGreaterThanOrEqual(3);
    expect(report).toMatchObject({ updated: 1, unchanged: 0 });
    expect(await part('PLAN-1')).toMatchObject({ price: '120.00', salesUnit: 'par', handEditedFields: ['salesUnit'] });
  });

  it('changes the search vocabulary only when a run changes its words', async () => {
    const row = { codigo: 'VOC-1', descripcion: 'TERMOSTATO MOTOR', rubro: 'REFRIGERACION', unidad: '1 unidad' };
    await importCatalogueFile(database.db, json([{ ...row, precio: 100 }]), base);
    const words = async () =>
      (await queryRows<{ word: string }>(database.db, sql`select word from search_vocabulary order by word`)).map((r) => r.word);
    expect(await words()).toEqual(expect.arrayContaining(['termostato', 'motor']));
    // A repricing leaves the vocabulary as it is, part counts included.
    const counts = () => queryRows(database.db, sql`select word, parts from search_vocabulary order by word`);
    const before = await counts();
    const confirmed = { ...base, confirmLarge: true };
    expect(await importCatalogueFile(database.db, json([{ ...row, precio: 130 }]), confirmed)).toMatchObject({ updated: 1 });
    expect(await counts()).toEqual(before);
    // A new description changes the words (how they move: vocabulary-shift.test.ts).
    await importCatalogueFile(database.db, json([{ ...row, descripcion: 'TERMOSTATO VALVULA', precio: 130 }]), confirmed);
    expect(await words()).toEqual(expect.arrayContaining(['termostato', 'valvula']));
  });

  it('merges identical repeated rows, reports differing ones, and can refuse the file', async () => {
    const lines = [
      'codigo;descripcion;stock;observaciones;aplicacion',
      'JD-100;TORNILLO M8 X 25;4;M8 X 25. SUB FOR R99887;Tractor 5090E',
      'JD-100;TORNILLO M8 X 25;2;;',
      'JD-200;ARANDELA;1;;',
      'JD-200;ARANDELA PLANA 8 MM;1;;',
      ';;;;',
      'ACERO PARABOLICO;;;;',
      'JD-300;CAÑO ""SALIDA COSTADO"";1;;',
      ';;;;',
    ];
    const report = await importCatalogueFile(database.db, csv(lines), base);
    expect(report).toMatchObject({ rows: 8, inserted: 3, rejected: 0, blank: 2 });
    expect(report.merged).toEqual([{ row: 3, into: 2, partNumber: 'JD-100' }]);
    expect(report.duplicates).toEqual([{ partNumber: 'JD-200', rows: [4, 5], descriptions: ['ARANDELA', 'ARANDELA PLANA 8 MM'] }]);
    expect(report.headings).toEqual([{ row: 7, text: 'ACERO PARABOLICO' }]);
    expect(accounted(report)).toBe(report.rows);
    expect(formatSummary(report)).toBe(
      'imported: 3 inserted, 0 updated, 0 unchanged, 0 rejected, 1 merged, 1 duplicates, 1 headings, 2 blank',
    );
    expect(await part('JD-100')).toMatchObject({
      stockQuantity: 6,
      notes: 'M8 X 25. SUB FOR R99887',
      applications: 'Tractor 5090E',
      alternateCodes: ['R99887'],
    });
    // The model a part fits and the remarks are searchable.
    const found = await queryRows<{ part_number: string }>(
      database.db,
      sql`select part_number from parts where search_text like '%tractor 5090e%' and search_text like '%m8 x 25.%'`,
    );
    expect(found).toEqual([{ part_number: 'JD-100' }]);
    expect(await part('JD-300')).toMatchObject({ description: 'CAÑO "SALIDA COSTADO"' });
    expect(await part('ACERO PARABOLICO')).toBeUndefined();

    const keepFirst = await importCatalogueFile(database.db, csv(lines), { ...base, duplicates: 'keep-first' });
    expect(keepFirst.merged).toEqual([]);
    expect(keepFirst.duplicates?.map((d) => d.rows)).toEqual([
      [2, 3],
      [4, 5],
    ]);
    expect(accounted(keepFirst)).toBe(keepFirst.rows);

    await expect(importCatalogueFile(database.db, csv(lines), { ...base, duplicates: 'reject-file' })).rejects.toThrow(
      'El código JD-100 se repite en las filas 2 y 3',
    );
  });

  it('reports another source’s different part under the same code as a conflict and leaves it alone', async () => {
    await importCatalogueFile(database.db, json([{ codigo: 'X-1', descripcion: 'Filtro de aire', rubro: 'FILTROS' }]), {
      ...base,
      source: 'lista',
    });
    expect(await part('X-1')).toMatchObject({ source: 'lista' });
    const report = await importCatalogueFile(
      database.db,
      json([
        { codigo: 'X-1', descripcion: 'Bulón de rueda', rubro: 'RUEDAS' },
        { codigo: 'X-2', descripcion: 'Tuerca de rueda', rubro: 'RUEDAS' },
      ]),
      { ...base, source: 'otro-proveedor' },
    );
    expect(report).toMatchObject({ inserted: 1, updated: 0 });
    expect(report.conflicts).toEqual([
      { row: 1, partNumber: 'X-1', source: 'lista', existing: 'Filtro de aire', incoming: 'Bulón de rueda' },
    ]);
    expect(accounted(report)).toBe(report.rows);
    expect(await part('X-1')).toMatchObject({ description: 'Filtro de aire', source: 'lista' });
  });

  it('a corrected description from another source is the same part, not a conflict', async () => {
    const report = await importCatalogueFile(database.db, json([{ codigo: 'X-1', descripcion: 'FILTRO AIRE (reforzado)' }]), {
      ...base,
      source: 'otro-proveedor',
    });
    expect(report).toMatchObject({ updated: 1, conflicts: [] });
    expect(await part('X-1')).toMatchObject({ description: 'FILTRO AIRE (reforzado)', source: 'lista' });
  });

  it('a description with no word of three characters is compared by its short words', async () => {
    await importCatalogueFile(database.db, json([{ codigo: 'PC-58', descripcion: 'PC 5/8"X8" CB C/T', precio: 7209 }]), {
      ...base,
      source: 'inventario',
    });
    const same = await importCatalogueFile(database.db, json([{ codigo: 'PC-58', descripcion: 'PC 5/8"X8" CB C/T', precio: 8000 }]), {
      ...base,
      confirmLarge: true,
      source: 'inventario-noviembre',
    });
    expect(same).toMatchObject({ updated: 1, conflicts: [] });
    expect(await part('PC-58')).toMatchObject({ priceList1: '8000.00' });
    const other = await importCatalogueFile(database.db, json([{ codigo: 'PC-58', descripcion: 'O-RING 3/4' }]), {
      ...base,
      source: 'inventario-noviembre',
    });
    expect(other.conflicts).toHaveLength(1);
  });

  it('a full sync deactivates the parts missing from the feed, never one kept active by hand', async () => {
    await database.db
      .update(parts)
      .set({ handEditedFields: ['isActive'] })
      .where(eq(parts.partNumber, 'JD-300'));
    const active = await activeCount();
    const report = await importCatalogueFile(database.db, json([{ codigo: 'JD-100', descripcion: 'TORNILLO M8 X 25' }]), {
      ...base,
      fullSync: true,
      confirmLarge: true,
    });
    expect((await part('JD-300'))?.isActive).toBe(true);
    expect((await part('JD-200'))?.isActive).toBe(false);
    expect((await part('X-1'))?.isActive).toBe(false);
    expect(report.deactivated).toBe(active - 2);
    expect(report.categoriesEmptied).toContain('CORREAS');
  });

  it('undoes the newest applied run: values back, its new parts inactive, its deactivated parts active', async () => {
    await importCatalogueFile(
      database.db,
      json([
        { codigo: 'U-1', descripcion: 'Filtro', precio: 100, rubro: 'FILTROS' },
        { codigo: 'U-2', descripcion: 'Bujía', precio: 50 },
      ]),
      {
        ...base,
        confirmLarge: true,
        source: 'undo',
      },
    );
    const before = await queryRows(database.db, sql`select part_number, is_active, price_list_1, category_path from parts order by 1`);
    const applied = await importCatalogueFile(
      database.db,
      json([
        { codigo: 'U-1', descripcion: 'Filtro de aceite', precio: 120, rubro: 'ACEITE' },
        { codigo: 'U-3', descripcion: 'Correa', precio: 75 },
      ]),
      { ...base, fullSync: true, confirmLarge: true, source: 'undo', actor: 'ana' },
    );
    expect(applied).toMatchObject({ inserted: 1, updated: 1 });
    const run = await lastImportRun(database.db);
    expect(run).toMatchObject({ actor: 'ana', source: 'undo', undoneAt: null, changes: { updated: 1, inserted: 1 } });
    expect(run?.changes.deactivated).toBe(applied.deactivated);
    // A part edited by hand after the run is left as it is.
    await database.db
      .update(parts)
      .set({ salesUnit: 'caja', updatedAt: sql`now() + interval '1 second'` })
      .where(eq(parts.partNumber, 'U-3'));

    const undo = await undoLastImport(database.db);
    expect(undo).toMatchObject({ restored: 1, deactivated: 0, reactivated: applied.deactivated, skipped: 1 });
    expect(await part('U-1')).toMatchObject({ description: 'Filtro', priceList1: '100.00', categoryPath: ['FILTROS'] });
    expect(await part('U-3')).toMatchObject({ isActive: true, salesUnit: 'caja' });
    const after = await queryRows(
      database.db,
      sql`select part_number, is_active, price_list_1, category_path from parts where part_number <> 'U-3' order by 1`,
    );
    expect(after).toEqual(before);
    expect((await lastImportRun(database.db))?.undoneAt).not.toBeNull();
    await expect(undoLastImport(database.db)).rejects.toThrow('No hay una importación para deshacer.');
  });

  it('keeps the newest change undoable when the same file is imported again', async () => {
    const file = (unit: string) => json([{ codigo: 'R-1', descripcion: 'Retén', unidad: unit }]);
    await importCatalogueFile(database.db, file('1 unidad'), { ...base, confirmLarge: true, source: 'again' });
    expect(await importCatalogueFile(database.db, file('kit'), { ...base, source: 'again' })).toMatchObject({ updated: 1 });
    const changed = await lastImportRun(database.db);
    // The same file again changes nothing and leaves no run of its own.
    expect(await importCatalogueFile(database.db, file('kit'), { ...base, source: 'again' })).toMatchObject({ updated: 0, unchanged: 1 });
    const run = await lastImportRun(database.db);
    expect(run).toMatchObject({ id: changed?.id, undoneAt: null, changes: { updated: 1 } });
    expect(await undoLastImport(database.db)).toMatchObject({ restored: 1 });
    expect((await part('R-1'))?.salesUnit).toBe('1 unidad');
  });

  it('lists image references with no file in IMAGE_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-images-'));
    fs.mkdirSync(path.join(dir, 'img'));
    fs.writeFileSync(path.join(dir, 'img', 'filtro ñ.jpg'), 'x');
    try {
      const report = await importCatalogueFile(
        database.db,
        json([
          { codigo: 'IMG-1', descripcion: 'Con foto', imagen: 'img/filtro ñ.jpg' },
          { codigo: 'IMG-2', descripcion: 'Sin archivo', imagen: 'img/falta.jpg' },
          { codigo: 'IMG-3', descripcion: 'Remota', imagen: 'https://example.com/a.jpg' },
          { codigo: 'IMG-4', descripcion: 'Fuera de la carpeta', imagen: '../etc/passwd' },
        ]),
        { ...base, imageDir: dir, dryRun: true },
      );
      expect(report.missingImages).toEqual({ count: 2, first: ['img/falta.jpg', '../etc/passwd'] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns of each price it cannot read, with its row and text, and imports the row without it', async () => {
    const file = csv([
      'codigo,descripcion,precio',
      'UP-1,Filtro uno,consultar',
      'UP-2,Filtro dos,-50',
      'UP-3,Filtro tres,1e20',
      'UP-4,Filtro cuatro,"12,34,56"',
      'UP-5,Filtro cinco,0',
      'UP-6,Filtro seis,-',
      'UP-7,Filtro siete,"1.234,50"',
      'UP-8,Filtro ocho,',
    ]);
    const expected = {
      count: 4,
      first: [
        { row: 2, partNumber: 'UP-1', list: 1, text: 'consultar' },
        { row: 3, partNumber: 'UP-2', list: 1, text: '-50' },
        { row: 4, partNumber: 'UP-3', list: 1, text: '1e20' },
        { row: 5, partNumber: 'UP-4', list: 1, text: '12,34,56' },
      ],
    };
    const preview = await importCatalogueFile(database.db, file, { ...base, dryRun: true, source: 'precios' });
    expect(preview).toMatchObject({ inserted: 8, rejected: 0, unreadablePrices: expected });
    const applied = await importCatalogueFile(database.db, file, { ...base, source: 'precios' });
    expect(applied).toMatchObject({ inserted: 8, unreadablePrices: expected });
    expect(await part('UP-1')).toMatchObject({ price: null, priceList1: null });
    expect(await part('UP-7')).toMatchObject({ priceList1: '1234.50' });

    // An ERP's dash list and a JSON number: the entry or the cell that cannot be read.
    const erp = await importCatalogueFile(
      database.db,
      json([
        { codigo: 'UP-9', descripcion: 'Filtro nueve', precios: '100-12,34,56-300' },
        { codigo: 'UP-10', descripcion: 'Filtro diez', precios: '100-consultar' },
        { codigo: 'UP-11', descripcion: 'Filtro once', precios: 1e20 },
        { codigo: 'UP-12', descripcion: 'Filtro doce', precios: '100---300' },
      ]),
      { ...base, dryRun: true, source: 'precios' },
    );
    expect(erp.unreadablePrices).toEqual({
      count: 3,
      first: [
        { row: 1, partNumber: 'UP-9', list: 2, text: '12,34,56' },
        { row: 2, partNumber: 'UP-10', list: 2, text: '100-consultar' },
        { row: 3, partNumber: 'UP-11', list: 1, text: '100000000000000000000' },
      ],
    });
  });

  it('lists the hand edits it keeps: which part, which field, the hand value and the file’s', async () => {
    await importCatalogueFile(database.db, json([{ codigo: 'HE-1', descripcion: 'Bomba de agua', precio: 1000, stock: 3, marca: 'SKF' }]), {
      ...base,
      source: 'manos',
    });
    await database.db
      .update(parts)
      .set({
        description: 'Bomba de agua (SKF)',
        priceList1: '1200.00',
        stockLevel: 'Consultar',
        stockQuantity: null,
        handEditedFields: ['description', 'priceList1', 'stock'],
      })
      .where(eq(parts.partNumber, 'HE-1'));
    const file = json([{ codigo: 'HE-1', descripcion: 'BOMBA DE AGUA', precio: 1100, stock: 3, marca: 'SKF' }]);
    const preview = await importCatalogueFile(database.db, file, { ...base, dryRun: true, source: 'manos' });
    expect(preview.handEditsKept).toBe(3);
    expect(preview.keptEdits).toEqual([
      { partNumber: 'HE-1', field: 'description', kept: 'Bomba de agua (SKF)', incoming: 'BOMBA DE AGUA' },
      { partNumber: 'HE-1', field: 'priceList1', kept: '1200.00', incoming: '1100.00' },
      { partNumber: 'HE-1', field: 'stock', kept: 'Consultar', incoming: '3 (Bajo Stock)' },
    ]);
    // The preview is what applying keeps.
    const applied = await importCatalogueFile(database.db, file, { ...base, source: 'manos' });
    expect(applied.keptEdits).toEqual(preview.keptEdits);
    expect(await part('HE-1')).toMatchObject({ description: 'Bomba de agua (SKF)', priceList1: '1200.00' });
  });

  it('lists at most the first kept hand edits, counting them all', async () => {
    const rows = Array.from({ length: KEPT_EDITS_LISTED + 5 }, (_, i) => ({ codigo: `HM-${i + 1}`, descripcion: `Junta ${i + 1}` }));
    await importCatalogueFile(database.db, json(rows), { ...base, source: 'muchas' });
    await database.db.execute(
      sql`update parts set description = description || ' (a mano)', hand_edited_fields = '{description}' where part_number like 'HM-%'`,
    );
    const preview = await importCatalogueFile(database.db, json(rows), { ...base, dryRun: true, source: 'muchas' });
    expect(preview.handEditsKept).toBe(KEPT_EDITS_LISTED + 5);
    expect(preview.keptEdits).toHaveLength(KEPT_EDITS_LISTED);
  });

  it('leaves the records it is given to their caller (a parsed file’s own are let go once mapped)', async () => {
    const records: SourceRecord[] = [
      { row: 1, values: { codigo: 'REL-1', descripcion: 'RETEN CIGUEÑAL', precio: '100' } },
      { row: 2, values: { codigo: 'REL-2', descripcion: 'RETEN LEVAS', precio: '200' } },
    ];
    const report = await importRecords(database.db, records, 'records', base);
    expect(report).toMatchObject({ inserted: 2, rows: 2 });
    expect(records.map((r) => r.values.codigo)).toEqual(['REL-1', 'REL-2']);
    // Read from a file, the same rows import the same way.
    const again = await importCatalogueFile(database.db, json(records.map((r) => r.values)), base);
    expect(again).toMatchObject({ rows: 2, unchanged: 2, inserted: 0 });
  });
});
