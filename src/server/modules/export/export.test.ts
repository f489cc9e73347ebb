import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsResponseSchema } from '../../../shared/api.ts';
import { comparePartNumbers } from '../../../shared/print.ts';
import { categories, parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { FIXTURE_IMAGE_DIR, bulkRecords, readFixture } from '../../test/catalogues.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';
import { importCatalogueFile } from '../import/service.ts';
import { attachmentHeader, fileSlug } from './service.ts';
import { localImageFile, pdfText } from './pdf.ts';
import { PRICE_FORMAT, safeCellText } from './xlsx.ts';

const run = promisify(execFile);

/** Amounts of the four lists of EXP-PRICE: each role may see exactly one of them. */
const LISTS = { client: '111.11', distributor: '222.22', other: '333.33', guest: '444.44' } as const;
const FORMULAS = ['=HYPERLINK("http://x","y")', '+54 11 5555-0000', '-2+3', '@SUM(A1:A2)'];

describe.each(testEngines())('catalogue exports on %s', (engine) => {
  let t: TestApp;
  let tmp: string;
  const cookies: { client?: string; distributor?: string } = {};

  const download = async (url: string, cookie?: string) => {
    const response = await t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
    return response;
  };
  const workbookOf = async (url: string, cookie?: string) => {
    const response = await download(url, cookie);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    return { response, sheet };
  };
  /** Data rows (from row 3) as arrays of cell values. */
  const dataRows = (sheet: ExcelJS.Worksheet) => {
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row, number) => {
      if (number >= 3) rows.push(row);
    });
    return rows;
  };
  let pdfCount = 0;
  const pdfTextOf = async (url: string, cookie?: string) => {
    const response = await download(url, cookie);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const file = path.join(tmp, `catalogue-${++pdfCount}.pdf`);
    await fs.writeFile(file, response.rawPayload);
    const { stdout } = await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 256 * 1024 * 1024 });
    // pdftotext ends every page with a form feed.
    const pages = stdout.split('\f').slice(0, -1);
    return { response, text: stdout, pages };
  };
  const apiParts = async (query: string, cookie?: string) => {
    const all: string[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const response = await download(`/api/parts?${query}&limit=200&page=${page}`, cookie);
      const body = partsResponseSchema.parse(response.json());
      total = body.total;
      all.push(...body.parts.map((p) => p.partNumber));
      if (body.parts.length < 200) break;
    }
    expect(all).toHaveLength(total);
    return all;
  };
  const categoryId = async (name: string, level: number) => {
    const [row] = await t.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`${categories.name} = ${name} and ${categories.level} = ${level}`);
    if (!row) throw new Error(`missing category ${name}`);
    return row.id;
  };

  const childId = async (parent: string, name: string) => {
    const parentId = await categoryId(parent, 1);
    const [row] = await t.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.name, name), eq(categories.parentId, parentId)));
    if (!row) throw new Error(`missing category ${parent} > ${name}`);
    return row.id;
  };
  /** Contents entries of a PDF: the pages between the cover and the first group. */
  const contentsOf = (pages: string[]) => {
    const first = /^\S.*?\s{2,}(\d+)\s*$/m.exec(pages[1] ?? '');
    if (!first) throw new Error('no contents');
    return pages
      .slice(1, Number(first[1]) - 1)
      .join('\n')
      .split('\n')
      .flatMap((line) => {
        const match = /^(\s*)(\S.*?)\s{2,}(\d+)\s*$/.exec(line);
        return match ? [{ level: match[1] ? 2 : 1, name: match[2] as string, page: Number(match[3]) }] : [];
      });
  };

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'export-test-'));
    t = await buildTestApp(engine, { imageDir: FIXTURE_IMAGE_DIR });
    const db = t.database.db;
    await importCatalogueFile(db, readFixture('productsObject'), { lowStock: 5 });
    await importCatalogueFile(db, readFixture('productsArray'), { lowStock: 5 });
    await importCatalogueFile(db, Buffer.from(JSON.stringify(bulkRecords(240))), { lowStock: 5 });
    await insertParts(db, [
      buildPartRecord({
        codigo: 'EXP-PRICE',
        descripcion: 'Bomba de agua exportable',
        categoria1: 'Repuestos',
        categoria2: 'Exportación',
        categoria3: 'Bombas',
        precios: Object.values(LISTS).join('-'),
        marca: 'Bosch',
      }),
      buildPartRecord({
        codigo: 'EXP-NOPRICE',
        descripcion: 'Junta sin precio exportable',
        categoria1: 'Repuestos',
        categoria2: 'Exportación',
        categoria3: 'Bombas',
        precios: '-',
      }),
      ...FORMULAS.map((descripcion, i) =>
        buildPartRecord({
          codigo: `EXP-F${i + 1}`,
          descripcion,
          categoria1: 'Repuestos',
          categoria2: 'Exportación',
          categoria3: 'Fórmulas',
        }),
      ),
      buildPartRecord({
        codigo: 'EXP-H1',
        descripcion: 'Llave de impacto',
        categoria1: 'Herramientas',
        categoria2: 'Neumáticas',
        categoria3: 'Llaves',
      }),
      buildPartRecord({
        codigo: 'EXP-P1',
        descripcion: 'Grasa de litio',
        categoria1: 'Productos',
        categoria2: 'Químicos',
        categoria3: 'Grasas',
      }),
      buildPartRecord({
        codigo: 'EXP-M1',
        descripcion: 'Elevador hidráulico',
        categoria1: 'Maquinaria',
        categoria2: 'Taller',
        categoria3: 'Elevadores',
      }),
      buildPartRecord({
        codigo: 'EXP-I2',
        descripcion: 'Foto remota',
        categoria1: 'Insumos',
        categoria2: 'Fotos',
        categoria3: 'Remotas',
        imagen: 'https://example.invalid/x.jpg',
      }),
      buildPartRecord({
        codigo: 'EXP-I1',
        descripcion: 'Lija al agua',
        categoria1: 'Insumos',
        categoria2: 'Fotos',
        categoria3: 'Faltantes',
        imagen: 'no-existe/foto.jpg',
      }),
      buildPartRecord({
        codigo: 'EXP-HIDDEN',
        descripcion: 'Parte oculta exportable',
        categoria1: 'Oculta',
        categoria2: 'Secreta',
        categoria3: 'Nada',
      }),
      buildPartRecord({
        codigo: 'EXP-INACTIVE',
        descripcion: 'Parte inactiva exportable',
        categoria1: 'Repuestos',
        categoria2: 'Exportación',
        categoria3: 'Bombas',
      }),
    ]);
    await db.update(categories).set({ isVisible: false }).where(eq(categories.name, 'Oculta'));
    await db.update(parts).set({ isActive: false }).where(eq(parts.partNumber, 'EXP-INACTIVE'));
    await t.catalogueChanged();
    cookies.client = await loginCookie(t.app, await createUser(db, { profileType: 'client' }), 'client');
    cookies.distributor = await loginCookie(t.app, await createUser(db, { profileType: 'distributor' }), 'distributor');
  });
  afterAll(async () => {
    await t?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  describe('GET /api/export/catalog.xlsx', () => {
    it('streams a workbook with a title row, a frozen header row and safe download headers', async () => {
      const { response, sheet } = await workbookOf('/api/export/catalog.xlsx');
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="catalogo-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''catalogo-\d{4}-\d{2}-\d{2}\.xlsx$/,
      );
      expect(response.headers['cache-control']).toBe('private, no-store');
      const title = String(sheet.getCell('A1').value);
      expect(title).toContain(t.config.brandName);
      expect(title).toMatch(/\d{2}\/\d{2}\/\d{4}/);
      expect(sheet.getRow(2).values).toEqual([
        undefined,
        'Código',
        'Descripción',
        'Categoría',
        'Marca',
        'Precio',
        'Estado',
        'Unidad de Venta',
      ]);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    });

    it('holds every public part in the API order, and only public parts', async () => {
      const { sheet } = await workbookOf('/api/export/catalog.xlsx');
      const codes = dataRows(sheet).map((row) => String(row.getCell(1).value));
      expect(codes).toEqual(await apiParts('sortBy=partNumber'));
      expect(codes).toHaveLength(18 + 17 + 240 + 11); // the fixtures, the generated parts and the 11 public EXP- parts
      expect(codes).not.toContain('EXP-HIDDEN');
      expect(codes).not.toContain('EXP-INACTIVE');
    });

    it('applies the list filters and sort: category, search, brand, description and price order', async () => {
      const varios = await categoryId('Varios', 1);
      for (const query of [
        `categoryId=${varios}&sortBy=description`,
        'search=filtro%20aceite&sortBy=price&sortDir=desc',
        'search=2051',
        'brand=scania&sortBy=description&sortDir=desc',
      ]) {
        const { sheet } = await workbookOf(`/api/export/catalog.xlsx?${query}`);
        const codes = dataRows(sheet).map((row) => String(row.getCell(1).value));
        expect(codes, query).toEqual(await apiParts(query));
        expect(codes.length, query).toBeGreaterThan(0);
      }
    });

    it('names the file and the title row after the list’s category, search and brand', async () => {
      const repuestos = await categoryId('Repuestos', 1);
      const { response, sheet } = await workbookOf(`/api/export/catalog.xlsx?categoryId=${repuestos}&search=Exportable&brand=Bosch`);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="catalogo-repuestos-busqueda-exportable-marca-bosch-\d{4}-\d{2}-\d{2}\.xlsx"/,
      );
      expect(String(sheet.getCell('A1').value)).toMatch(
        /^.+ — Catálogo de Productos — Repuestos · Búsqueda «Exportable» · Marca Bosch — \d{2}\/\d{2}\/\d{4}$/,
      );
      expect(dataRows(sheet).map((row) => row.getCell(1).value)).toEqual(['EXP-PRICE']);
      // A hidden category gives its name to nothing.
      const hidden = await categoryId('Oculta', 1);
      const secret = await download(`/api/export/catalog.xlsx?categoryId=${hidden}`);
      expect(secret.headers['content-disposition']).toMatch(/^attachment; filename="catalogo-\d{4}-\d{2}-\d{2}\.xlsx"/);
    });

    it('writes only the headings when no part matches the filters', async () => {
      const { sheet } = await workbookOf('/api/export/catalog.xlsx?search=zzqqxxnada');
      expect(dataRows(sheet)).toEqual([]);
      expect(await apiParts('search=zzqqxxnada&exact=1')).toEqual([]);
    });

    it('writes the category path, brand, stock, sales unit and the price as an ARS number or "Consultar Precio"', async () => {
      const { sheet } = await workbookOf('/api/export/catalog.xlsx?search=exportable');
      const rows = new Map(dataRows(sheet).map((row) => [String(row.getCell(1).value), row]));
      const priced = rows.get('EXP-PRICE');
      expect(priced?.getCell(2).value).toBe('Bomba de agua exportable');
      expect(priced?.getCell(3).value).toBe('Repuestos > Exportación > Bombas');
      expect(priced?.getCell(4).value).toBe('Bosch');
      expect(priced?.getCell(5).value).toBe(444.44);
      expect(priced?.getCell(5).type).toBe(ExcelJS.ValueType.Number);
      expect(priced?.getCell(5).numFmt).toBe(PRICE_FORMAT);
      expect(priced?.getCell(6).value).toBe('En Stock');
      expect(priced?.getCell(7).value).toBe('1 unidad');
      expect(rows.get('EXP-NOPRICE')?.getCell(5).value).toBe('Consultar Precio');
    });

    it('gives each role its own list only: guest 4, client 1, distributor 2', async () => {
      const expected = { guest: LISTS.guest, client: LISTS.client, distributor: LISTS.distributor } as const;
      for (const role of ['guest', 'client', 'distributor'] as const) {
        const cookie = role === 'guest' ? undefined : cookies[role];
        const { sheet } = await workbookOf('/api/export/catalog.xlsx?search=EXP-PRICE', cookie);
        const numbers: number[] = [];
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            if (typeof cell.value === 'number') numbers.push(cell.value);
            else expect(String(cell.value)).not.toMatch(/111[.,]11|222[.,]22|333[.,]33|444[.,]44/);
          }),
        );
        expect(numbers, role).toEqual([Number(expected[role])]);
      }
      // userType in the query cannot raise a guest's prices.
      const { sheet } = await workbookOf('/api/export/catalog.xlsx?search=EXP-PRICE&userType=distributor');
      expect(dataRows(sheet)[0]?.getCell(5).value).toBe(Number(LISTS.guest));
    });

    it('writes formula-looking texts as strings with a leading quote, never as formulas', async () => {
      const { sheet } = await workbookOf('/api/export/catalog.xlsx?search=EXP-F');
      const rows = dataRows(sheet);
      expect(rows).toHaveLength(FORMULAS.length);
      const descriptions = rows.map((row) => row.getCell(2));
      for (const cell of descriptions) expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(descriptions.map((cell) => cell.value).sort()).toEqual(FORMULAS.map((f) => `'${f}`).sort());
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.formula).toBeUndefined();
        }),
      );
      expect(safeCellText('Bomba')).toBe('Bomba');
      expect(safeCellText('-')).toBe("'-");
      expect(safeCellText('\tTAB')).toBe("'\tTAB");
      expect(safeCellText('\rCR')).toBe("'\rCR");
    });

    it('answers 400 with a Spanish message for bad filters', async () => {
      for (const query of ['sortBy=precio', 'categoryId=-1', `search=${'x'.repeat(201)}`]) {
        const response = await download(`/api/export/catalog.xlsx?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/^El parámetro «/) });
      }
    });
  });

  describe('GET /api/export/catalog.pdf', () => {
    let all: Awaited<ReturnType<typeof pdfTextOf>>;
    beforeAll(async () => {
      all = await pdfTextOf('/api/export/catalog.pdf');
    });

    it('starts with a cover holding the brand, the tagline, the date and the count', () => {
      const cover = all.pages[0] ?? '';
      expect(cover).toContain(t.config.brandName);
      expect(cover).toContain('Más que repuestos, Soluciones.');
      expect(cover).toContain('Catálogo de Productos');
      expect(cover).toMatch(/Generado el \d{2}\/\d{2}\/\d{2,4}/);
      expect(cover).toMatch(/\d{1,3}(\.\d{3})* productos/);
      expect(all.response.headers['content-disposition']).toMatch(/^attachment; filename="catalogo-\d{4}-\d{2}-\d{2}\.pdf"/);
    });

    it('numbers every page and repeats the running header after the cover', () => {
      const total = all.pages.length;
      all.pages.forEach((page, i) => {
        expect(page, `page ${i + 1}`).toContain(`Página ${i + 1} de ${total}`);
        if (i > 0) {
          expect(page).toContain(t.config.brandName);
          expect(page).toContain('Catálogo de Productos');
        }
      });
    });

    it('lists level-1 and level-2 groups in a table of contents whose page numbers point at the group', () => {
      expect(all.pages[1]).toContain('Índice');
      const entries = contentsOf(all.pages);
      const level1 = entries.filter((e) => e.level === 1).map((e) => e.name);
      // Level-1 preferred order first, then the others (numbered names by number, then alphabetical).
      expect(level1.slice(0, 5)).toEqual(['Repuestos', 'Herramientas', 'Productos', 'Maquinaria', 'Insumos']);
      expect(level1.indexOf('Varios')).toBeGreaterThan(5);
      expect(level1).not.toContain('Oculta');
      const repuestos = entries.findIndex((e) => e.name === 'Repuestos');
      expect(entries[repuestos + 1]).toMatchObject({ level: 2, name: 'Exportación' });
      for (const entry of entries.filter((e) => ['Repuestos', 'Exportación', 'Insumos', 'Varios'].includes(e.name))) {
        expect(all.pages[entry.page - 1], `${entry.name} on page ${entry.page}`).toMatch(new RegExp(`^\\s*${entry.name}\\s*$`, 'm'));
      }
      const pages = entries.map((e) => e.page);
      expect(pages).toEqual([...pages].sort((a, b) => a - b));
      expect(pages.at(-1)).toBeLessThanOrEqual(all.pages.length);
    });

    it('prints an image-folder category with its parts in part-number order, without hidden or inactive parts', async () => {
      const om352 = await childId('Varios', 'OM352');
      const rows = await t.database.db.select({ partNumber: parts.partNumber }).from(parts).where(eq(parts.categoryId, om352));
      const expected = rows.map((r) => r.partNumber).sort(comparePartNumbers);
      expect(expected.length).toBeGreaterThan(20);
      const { text } = await pdfTextOf(`/api/export/catalog.pdf?categoryIds=${om352}`);
      const printed = text
        .split('\n')
        .map((line) => /^(\S+)\s{2,}\S/.exec(line)?.[1])
        .filter((code): code is string => code !== undefined && expected.includes(code));
      expect(printed).toEqual(expected);
      expect(all.text).not.toContain('EXP-HIDDEN');
      expect(all.text).not.toContain('Oculta');
      expect(all.text).not.toContain('EXP-INACTIVE');
    });

    it('prints prices only with includePrices=true, the viewer’s own, "Consultar" without one', async () => {
      expect(all.text).not.toContain('PRECIO');
      expect(all.text).not.toMatch(/111,11|222,22|333,33|444,44/);
      const repuestos = await categoryId('Repuestos', 1);
      const guest = await pdfTextOf(`/api/export/catalog.pdf?categoryIds=${repuestos}&includePrices=true`);
      expect(guest.text).toContain('PRECIO');
      expect(guest.text).toMatch(/EXP-PRICE\s+Bomba de agua exportable\s+\$\s*444,44/);
      expect(guest.text).toMatch(/EXP-NOPRICE\s+Junta sin precio exportable\s+Consultar/);
      expect(guest.text).not.toMatch(/111,11|222,22|333,33/);
      const client = await pdfTextOf(`/api/export/catalog.pdf?categoryIds=${repuestos}&includePrices=true`, cookies.client);
      expect(client.text).toMatch(/EXP-PRICE\s+Bomba de agua exportable\s+\$\s*111,11/);
      expect(client.text).not.toMatch(/222,22|333,33|444,44/);
      const distributor = await pdfTextOf(`/api/export/catalog.pdf?categoryIds=${repuestos}&includePrices=true`, cookies.distributor);
      expect(distributor.text).toMatch(/\$\s*222,22/);
      expect(distributor.text).not.toMatch(/111,11|333,33|444,44/);
    });

    it('draws local images and "Sin imagen" for missing or remote ones when includeImages=true', async () => {
      const insumos = await categoryId('Insumos', 1);
      const om352 = await childId('Varios', 'OM352');
      const response = await pdfTextOf(`/api/export/catalog.pdf?categoryIds=${insumos},${om352}&includeImages=true`);
      expect(response.text).toContain('IMAGEN');
      for (const code of ['EXP-I1', 'EXP-I2']) {
        const at = response.text.indexOf(code);
        expect(at, code).toBeGreaterThan(0);
        expect(response.text.slice(at, at + 400), code).toContain('Sin imagen');
      }
      // The fixture's OM352 photos exist on disk: they are embedded as image objects.
      expect(response.response.rawPayload.toString('latin1')).toContain('/Subtype /Image');
      const without = await download(`/api/export/catalog.pdf?categoryIds=${om352}&includeImages=false`);
      expect(without.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
    });

    it('draws the images unless includeImages=false, as /print does (the catalogue’s button sends no flag)', async () => {
      const om352 = await childId('Varios', 'OM352');
      const response = await pdfTextOf(`/api/export/catalog.pdf?categoryIds=${om352}&includePrices=true`);
      expect(response.text).toContain('IMAGEN');
      expect(response.response.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    });

    it('follows the list’s search and brand: the parts the list shows, grouped as /print', async () => {
      const listed = await apiParts('search=exportable');
      expect(listed.sort()).toEqual(['EXP-NOPRICE', 'EXP-PRICE']);
      const searched = await pdfTextOf('/api/export/catalog.pdf?categoryIds=all&search=exportable&includePrices=true');
      expect(searched.pages[0]).toContain('Búsqueda «exportable»');
      expect(searched.pages[0]).toMatch(/\b2 productos/);
      expect(searched.text).toMatch(/EXP-NOPRICE\s+Junta sin precio exportable/);
      expect(searched.text).toMatch(/EXP-PRICE\s+Bomba de agua exportable/);
      expect(searched.text).not.toContain('EXP-H1');
      expect(searched.text).not.toContain('EXP-F1');
      expect(searched.response.headers['content-disposition']).toMatch(/filename="catalogo-busqueda-exportable-\d{4}-\d{2}-\d{2}\.pdf"/);

      const repuestos = await categoryId('Repuestos', 1);
      const branded = await pdfTextOf(`/api/export/catalog.pdf?categoryIds=${repuestos}&categoryName=Repuestos&brand=Bosch`);
      expect(branded.pages[0]).toContain('Repuestos · Marca Bosch');
      expect(branded.text).toContain('EXP-PRICE');
      expect(branded.text).not.toContain('EXP-NOPRICE');

      const nothing = await pdfTextOf('/api/export/catalog.pdf?search=zzzqqqxxx');
      expect(nothing.text).toContain('No se encontraron productos para imprimir.');
    });

    it('uses categoryName in the title and the file name, and prints an empty selection', async () => {
      const { pages, response } = await pdfTextOf('/api/export/catalog.pdf?categoryIds=2147483647&categoryName=Ñandú%20%22x%22');
      expect(pages[0]).toContain('Ñandú "x"');
      expect(pages.at(-1)).toContain('No se encontraron productos para imprimir.');
      expect(response.headers['content-disposition']).toMatch(/filename="catalogo-nandu-x-\d{4}-\d{2}-\d{2}\.pdf"/);
    });

    it('answers 400 with a Spanish message for bad parameters', async () => {
      for (const query of ['categoryIds=abc', 'categoryIds=1,,2', 'categoryIds=-3', 'includePrices=yes', 'includeImages=1']) {
        const response = await download(`/api/export/catalog.pdf?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json().error.code).toBe('VALIDATION');
        expect(response.json().error.message).toMatch(/^El parámetro («categorías» debe ser "all"|«include\w+» debe ser true o false)/);
      }
    });
  });

  it('keeps hidden categories out of the PDF and the spreadsheet even when asked for by id', async () => {
    const hidden = await categoryId('Oculta', 1);
    const pdf = await pdfTextOf(`/api/export/catalog.pdf?categoryIds=${hidden}`);
    expect(pdf.text).toContain('No se encontraron productos para imprimir.');
    const { sheet } = await workbookOf(`/api/export/catalog.xlsx?categoryId=${hidden}`);
    expect(dataRows(sheet)).toHaveLength(0);
  });
});

describe('export helpers', () => {
  it('builds a safe Content-Disposition with an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentHeader('catalogo-2025-01-02.xlsx')).toBe(
      `attachment; filename="catalogo-2025-01-02.xlsx"; filename*=UTF-8''catalogo-2025-01-02.xlsx`,
    );
    expect(attachmentHeader('catálogo "a"\r\n.pdf')).toBe(
      `attachment; filename="catalogo _a___.pdf"; filename*=UTF-8''cat%C3%A1logo%20%22a%22%0D%0A.pdf`,
    );
    expect(fileSlug('Repuestos Ñandú / VW')).toBe('repuestos-nandu-vw');
  });

  it('maps image names into the image folder only, never remote URLs or paths outside it', () => {
    expect(localImageFile('/data/images', 'fotos/piñón 2.jpg, otra.jpg', '/images/')).toBe('/data/images/fotos/piñón 2.jpg');
    expect(localImageFile('/data/images', '/images/fotos/pi%C3%B1%C3%B3n.jpg', '/images/')).toBe('/data/images/fotos/piñón.jpg');
    for (const name of [
      'https://x.test/a.jpg',
      '//x.test/a.jpg',
      '../secret.jpg',
      '/etc/passwd',
      'a/../../b.jpg',
      '',
      null,
      'file:///etc/passwd',
    ]) {
      expect(localImageFile('/data/images', name, '/images/'), String(name)).toBeNull();
    }
  });

  it('keeps texts printable with the standard PDF fonts', () => {
    expect(pdfText('Cigüeñal € 1/2"\tok')).toBe('Cigüeñal € 1/2" ok');
    expect(pdfText('√≠')).toBe('??');
    // Real Zabala descriptions measure in inches with the double prime (REP. CAMARA TRISTOP WABCO TIPO 30″).
    expect(pdfText('DIAFRAGMA 6 1/2″ / TIPO 30″')).toBe('DIAFRAGMA 6 1/2" / TIPO 30"');
    expect(pdfText('5′ ‐ 10 − 2 ≥ 1')).toBe("5' - 10 - 2 >= 1");
  });
});
