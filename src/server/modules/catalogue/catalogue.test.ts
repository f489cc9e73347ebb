import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Part, categoryTreeSchema, partsResponseSchema } from '../../../shared/api.ts';
import { carouselEntries, categories, parts, profiles, relatedParts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { bulkRecords, readFixture } from '../../test/catalogues.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, insertParts } from '../../test/factories.ts';
import { importCatalogueFile } from '../import/service.ts';

/** Parts of the catalogue below: 18 + 17 fixture parts, 240 generated ones and 3 inserted by hand. */
const TOTAL_PARTS = 18 + 17 + 240 + 3;

describe.each(testEngines())('catalogue API on %s', (engine) => {
  let t: TestApp;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };
  const list = async (query: string) => {
    const { status, body } = await get(`/api/parts?${query}`);
    expect(status).toBe(200);
    return partsResponseSchema.parse(body);
  };
  const idOf = async (partNumber: string) => {
    const [row] = await t.database.db.select({ id: parts.id }).from(parts).where(eq(parts.partNumber, partNumber));
    if (!row) throw new Error(`missing ${partNumber}`);
    return row.id;
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await importCatalogueFile(t.database.db, readFixture('productsObject'), { lowStock: 5 });
    await importCatalogueFile(t.database.db, readFixture('productsArray'), { lowStock: 5 });
    await importCatalogueFile(t.database.db, Buffer.from(JSON.stringify(bulkRecords(240))), { lowStock: 5 });
    await insertParts(t.database.db, [
      buildPartRecord({
        codigo: '06H-103-144',
        descripcion: 'Cigüeñal forjado VW Amarok 2.0',
        categoria1: 'Repuestos',
        categoria2: 'Motor',
        categoria3: 'VW',
        precios: '1000.00-800.00-700.00-1200.00',
        marca: 'Volkswagen',
      }),
      buildPartRecord({
        codigo: 'PRICE-FALLBACK',
        descripcion: 'Junta sin lista 4',
        precios: '500.00-400.00',
        imagen: 'fotos/piñón 2.jpg',
      }),
      buildPartRecord({ codigo: 'ÑANDU-1', descripcion: 'Ñandú de prueba', precios: '-' }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers health with the engine and the part count', async () => {
    const { status, body } = await get('/api/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', database: engine });
    expect(body.parts).toBe(TOTAL_PARTS);
  });

  it('lists 60 parts per page by default, sorted by part number, with the total', async () => {
    const page = await list('');
    expect(page.parts).toHaveLength(60);
    expect(page.limit).toBe(60);
    expect(page.total).toBe(TOTAL_PARTS);
    const numbers = page.parts.map((p) => p.partNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1)));
    const second = await list('page=2');
    expect(second.parts[0]?.partNumber).not.toBe(page.parts[0]?.partNumber);
  });

  it('caps limit at 200 and answers 400 with a message for bad input', async () => {
    expect((await list('limit=200')).parts).toHaveLength(200);
    for (const query of ['limit=201', 'page=0', 'page=abc', 'sortBy=precio', 'categoryId=-1', `search=${'x'.repeat(201)}`]) {
      const { status, body } = await get(`/api/parts?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe('VALIDATION');
      expect(body.error.message.length).toBeGreaterThan(5);
    }
    // The search's own limit reads as one sentence about the field, not the field then a sentence.
    expect((await get(`/api/parts?search=${'x'.repeat(201)}`)).body.error.message).toBe(
      'El parámetro «búsqueda» admite hasta 200 caracteres.',
    );
    expect((await get(`/api/search/suggest?q=${'x'.repeat(201)}`)).body.error.message).toBe(
      'El parámetro «búsqueda» admite hasta 200 caracteres.',
    );
  });

  it('searches without case or accents: "ciguenal" finds Cigüeñal and Cigueñal, "bujia" finds BUJIA', async () => {
    const crank = await list('search=ciguenal&limit=200');
    const descriptions = crank.parts.map((p) => p.description);
    expect(descriptions.some((d) => d.includes('Cigüeñal'))).toBe(true);
    expect(descriptions.some((d) => d.includes('Cigueñal'))).toBe(true);
    expect(crank.parts.every((p) => /cig[uü]e[ñn]al/i.test(p.description + p.categoryPath.join(' ')))).toBe(true);
    const upper = await list('search=CIGÜEÑAL&limit=200');
    expect(upper.total).toBe(crank.total);
    const plug = await list('search=bujía');
    expect(plug.parts.some((p) => p.description.includes('BUJIA SPRINTER'))).toBe(true);
  });

  it('matches part numbers with or without separators, and partial codes', async () => {
    for (const query of ['06h103144', '06H-103-144', '06h 103 144'.replace(/ /g, '-'), '06h10']) {
      const page = await list(`search=${encodeURIComponent(query)}`);
      expect(
        page.parts.map((p) => p.partNumber),
        query,
      ).toContain('06H-103-144');
    }
    const dashed = await list('search=0817439980');
    expect(dashed.parts.map((p) => p.partNumber)).toContain('08-174399-80');
    const partial = await list('search=174399');
    expect(partial.parts.map((p) => p.partNumber)).toContain('08-174399-80');
  });

  it('finds a part by an alternate code (OEM number from CodBarras, second code of a multi-code cell)', async () => {
    const oem = await list('search=7700112233');
    expect(oem.parts.map((p) => p.partNumber).sort()).toEqual(['DL0007', 'DL0099']);
    const second = await list('search=3419905512');
    expect(second.parts[0]?.partNumber).toBe('0009901234');
    expect(second.parts[0]?.alternateCodes).toContain('3419905512');
  });

  it('requires every word to match and folds plurals', async () => {
    const page = await list('search=filtro%20aceite&limit=200');
    expect(page.total).toBeGreaterThan(0);
    for (const p of page.parts) {
      const text = `${p.partNumber} ${p.description} ${p.categoryPath.join(' ')}`.toLowerCase();
      expect(text).toMatch(/filtro/);
      expect(text).toMatch(/aceite/);
    }
    const plural = await list('search=filtros%20aceites&limit=200');
    expect(plural.total).toBe(page.total);
    expect((await list('search=zzzzqqq%20filtro')).total).toBe(0);
  });

  it('ranks an exact part-number match first', async () => {
    const page = await list('search=2051');
    expect(page.total).toBeGreaterThan(1);
    expect(page.parts[0]?.partNumber).toBe('2051');
    const byKey = await list('search=205101-1');
    expect(byKey.parts[0]?.partNumber).toBe('205101-1');
  });

  it('filters by a category including its descendants, and by brand', async () => {
    const tree = categoryTreeSchema.parse((await get('/api/categories/public')).body);
    const varios = tree.find((c) => c.name === 'Varios');
    expect(varios).toBeDefined();
    const om352 = varios?.children.find((c) => c.name === 'OM352');
    expect(om352?.partCount).toBeGreaterThan(0);
    const parent = await list(`categoryId=${varios?.id}&limit=1`);
    expect(parent.total).toBe(varios?.partCount);
    const child = await list(`categoryId=${om352?.id}&limit=200`);
    expect(child.total).toBe(om352?.partCount);
    expect(child.parts.every((p) => p.categoryPath.join('>') === 'Varios>OM352')).toBe(true);
    const scania = await list('brand=scania&limit=5');
    expect(scania.total).toBe(63); // 60 generated parts and 3 of the fixture
    expect(scania.parts.every((p) => p.brand === 'Scania')).toBe(true);
    expect((await list('categoryId=0&limit=1')).total).toBe((await list('limit=1')).total);
  });

  it('sorts by description in Spanish order and by price with missing prices last', async () => {
    const page = await list('sortBy=description&limit=200&search=n');
    const keys = page.parts.map((p) =>
      p.description
        .toLowerCase()
        .replace(/ñ/g, 'n~')
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
    );
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byPrice = await list(`sortBy=price&limit=200&categoryId=${await idOfCategory('Polea')}`);
    const prices = byPrice.parts.map((p) => p.price);
    const firstNull = prices.indexOf(null);
    const priced = (firstNull === -1 ? prices : prices.slice(0, firstNull)).map(Number);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    if (firstNull !== -1) expect(prices.slice(firstNull).every((p) => p === null)).toBe(true);
    const desc = await list('sortBy=price&sortDir=desc&limit=3&search=06h103144');
    expect(desc.parts[0]?.partNumber).toBe('06H-103-144');
  });

  async function idOfCategory(name: string): Promise<number> {
    const [row] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.name, name));
    return row?.id ?? 0;
  }

  it('shows a guest list 4, falling back to the base price, never another list', async () => {
    const crank = (await list('search=06h103144')).parts[0] as Part;
    expect(crank.price).toBe('1200.00');
    expect(crank).not.toHaveProperty('priceList1');
    expect(JSON.stringify(crank)).not.toMatch(/"(1000|800|700)\.00"/);
    // PRICE-FALLBACK has lists 1 and 2 but no list 4 and no base price: "Consultar Precio".
    const fallback = (await list('search=PRICE-FALLBACK')).parts[0] as Part;
    expect(fallback.price).toBeNull();
    // A single price column gives the base price = list 1, so the guest sees it.
    const [single] = (await list('search=DL0007')).parts;
    expect(single?.price).toBe('1000.00');
    // `userType` in the query cannot raise the guest's prices.
    const asked = (await list('search=06h103144&userType=distributor')).parts[0];
    expect(asked?.price).toBe('1200.00');
  });

  it('follows the profiles table when staff change the guest list', async () => {
    await t.database.db.update(profiles).set({ priceList: 3 }).where(eq(profiles.profileType, 'guest'));
    await t.catalogueChanged();
    try {
      expect((await list('search=06h103144')).parts[0]?.price).toBe('700.00');
    } finally {
      await t.database.db.update(profiles).set({ priceList: 4 }).where(eq(profiles.profileType, 'guest'));
      await t.catalogueChanged();
    }
  });

  it('returns one part by id with resolved image URLs, and 404 for unknown or inactive parts', async () => {
    const id = await idOf('PRICE-FALLBACK');
    const { status, body } = await get(`/api/parts/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ partNumber: 'PRICE-FALLBACK', salesUnit: '1 unidad', stockLevel: 'En Stock', inStock: true });
    expect(body.images).toEqual(['/images/fotos/pi%C3%B1%C3%B3n%202.jpg']);
    // Remarks and applications appear only on a part that has them.
    expect(body).not.toHaveProperty('notes');
    expect(body).not.toHaveProperty('applications');
    await t.database.db.update(parts).set({ notes: 'SUB FOR R1', applications: 'Tractor 5090E' }).where(eq(parts.id, id));
    await t.catalogueChanged();
    expect((await get(`/api/parts/${id}`)).body).toMatchObject({ notes: 'SUB FOR R1', applications: 'Tractor 5090E' });
    expect((await list('search=5090e')).parts.map((p: { partNumber: string }) => p.partNumber)).toEqual(['PRICE-FALLBACK']);
    await t.database.db.update(parts).set({ notes: null, applications: null }).where(eq(parts.id, id));
    await t.catalogueChanged();
    expect((await get('/api/parts/999999')).status).toBe(404);
    expect((await get('/api/parts/abc')).status).toBe(400);
    await t.database.db.update(parts).set({ isActive: false }).where(eq(parts.id, id));
    await t.catalogueChanged();
    try {
      const missing = await get(`/api/parts/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe('Producto no encontrado');
      expect((await list('search=PRICE-FALLBACK')).total).toBe(0);
    } finally {
      await t.database.db.update(parts).set({ isActive: true }).where(eq(parts.id, id));
      await t.catalogueChanged();
    }
  });

  it('serves published carousels with discounts, never drafts', async () => {
    const crank = await idOf('06H-103-144');
    const other = await idOf('2051');
    await t.database.db.insert(carouselEntries).values([
      { stage: 'published', collection: 'on-sale', partId: crank, discountPercentage: '20', position: 0 },
      { stage: 'draft', collection: 'featured', partId: other, position: 0 },
    ]);
    await t.catalogueChanged();
    await t.database.db.update(parts).set({ discountPercentage: '20' }).where(eq(parts.id, crank));
    await t.catalogueChanged();
    const sale = await get('/api/products/on-sale');
    expect(sale.status).toBe(200);
    expect(sale.body).toHaveLength(1);
    expect(sale.body[0]).toMatchObject({
      partNumber: '06H-103-144',
      price: '960.00',
      originalPrice: '1200.00',
      discountPercentage: 20,
      isOnSale: true,
    });
    expect((await get('/api/products/featured')).body).toEqual([]);
    expect((await get('/api/products/new-arrivals')).body).toEqual([]);
    expect((await get('/api/products/otra-cosa')).status).toBe(400);
  });

  it('lists related parts and answers 404 for an unknown part', async () => {
    const a = await idOf('06H-103-144');
    const b = await idOf('2051');
    await t.database.db.insert(relatedParts).values({ partId: a, relatedPartId: b });
    await t.catalogueChanged();
    const { status, body } = await get(`/api/products/${a}/related?userType=guest&priceList=4`);
    expect(status).toBe(200);
    expect(body.map((p: Part) => p.partNumber)).toEqual(['2051']);
    expect((await get('/api/products/999999/related')).status).toBe(404);
  });

  it('hides a hidden category, its descendants and their parts from every public read', async () => {
    const [varios] = await t.database.db.select().from(categories).where(sql`${categories.nameKey} = 'varios' and ${categories.level} = 1`);
    if (!varios) throw new Error('missing Varios');
    const before = (await list('limit=1')).total;
    const inside = (await list(`categoryId=${varios.id}&limit=1`)).total;
    const one = (await list(`categoryId=${varios.id}&limit=1`)).parts[0] as Part;
    await t.database.db.update(categories).set({ isVisible: false }).where(eq(categories.id, varios.id));
    await t.catalogueChanged();
    try {
      const tree = categoryTreeSchema.parse((await get('/api/categories/public')).body);
      expect(tree.find((c) => c.id === varios.id)).toBeUndefined();
      expect((await list('limit=1')).total).toBe(before - inside);
      expect((await get(`/api/parts/${one.id}`)).status).toBe(404);
      expect((await list(`categoryId=${varios.id}`)).total).toBe(0);
    } finally {
      await t.database.db.update(categories).set({ isVisible: true }).where(eq(categories.id, varios.id));
      await t.catalogueChanged();
    }
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/parts', '/api/parts/{id}']));
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const { status, body } = await get('/api/nothing-here');
    expect(status).toBe(404);
    expect(body.error.code).toBe('NOT_FOUND');
  });
});
