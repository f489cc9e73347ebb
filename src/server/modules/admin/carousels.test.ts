import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { auditLog, carouselEntries, parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';
import { DISCOUNT_FULL_MESSAGE } from '../../../shared/carousels.ts';
import { applyOfferDays, argentineDay, OfferClock } from '../catalogue/offers.ts';
import { readCatalogueVersion } from '../catalogue/version.ts';

describe('argentineDay', () => {
  it('is the calendar day in Argentina (UTC−3)', () => {
    expect(argentineDay(new Date('2025-03-01T02:59:00Z'))).toBe('2025-02-28');
    expect(argentineDay(new Date('2025-03-01T03:00:00Z'))).toBe('2025-03-01');
  });
});

describe.each(testEngines())('carousel administration on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};
  const as = (options: InjectOptions) => t.app.inject({ ...options, headers: { cookie: admin } });
  const put = (partId: number, payload: object) => as({ method: 'PUT', url: `/api/products/carousel/${partId}`, payload });
  const publicList = async (collection: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${collection}` })).json().map((p: { partNumber: string }) => p.partNumber);

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'admin' }), 'admin');
    await insertParts(
      t.database.db,
      ['CAR-1', 'CAR-2', 'CAR-3'].map((codigo) =>
        buildPartRecord({ codigo, descripcion: `Repuesto ${codigo}`, categoria1: 'Repuestos', precios: '1000.00-900.00-800.00-1000.00' }),
      ),
    );
    for (const row of await t.database.db.select({ id: parts.id, partNumber: parts.partNumber }).from(parts)) ids[row.partNumber] = row.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a 100 % discount with a sentence, on add and on update', async () => {
    const id = ids['CAR-1'] as number;
    for (const response of [
      await put(id, { category: 'on-sale', action: 'add', discountPercentage: 100 }),
      await put(id, { category: 'on-sale', action: 'update-discount', discountPercentage: '100' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'VALIDATION', message: DISCOUNT_FULL_MESSAGE });
    }
    const above = await put(id, { category: 'on-sale', action: 'add', discountPercentage: 120 });
    expect(above.json().error.message).toBe('El descuento debe ser un número de 0 a 99,99.');
    expect((await as({ method: 'GET', url: '/api/admin/carousels' })).json()['on-sale']).toEqual([]);
    const ok = await put(id, { category: 'on-sale', action: 'add', discountPercentage: 99.5 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()['on-sale'][0]).toMatchObject({ partNumber: 'CAR-1', discountPercentage: 99.5, startsOn: null, endsOn: null });
    await put(id, { category: 'on-sale', action: 'remove' });
  });

  it('reorders a draft by drag and drop, which counts as an unpublished change', async () => {
    for (const code of ['CAR-1', 'CAR-2', 'CAR-3']) await put(ids[code] as number, { category: 'featured', action: 'add' });
    await as({ method: 'POST', url: '/api/carousel/save' });
    expect(await publicList('featured')).toEqual(['CAR-1', 'CAR-2', 'CAR-3']);

    const order = [ids['CAR-3'], ids['CAR-1'], ids['CAR-2']];
    const reordered = await as({ method: 'PUT', url: '/api/admin/carousels/featured/order', payload: { partIds: order } });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().featured.map((e: { partNumber: string }) => e.partNumber)).toEqual(['CAR-3', 'CAR-1', 'CAR-2']);
    expect(reordered.json().hasUnpublishedChanges).toBe(true);
    expect(await publicList('featured')).toEqual(['CAR-1', 'CAR-2', 'CAR-3']);
    await as({ method: 'POST', url: '/api/carousel/save' });
    expect(await publicList('featured')).toEqual(['CAR-3', 'CAR-1', 'CAR-2']);
    expect((await as({ method: 'GET', url: '/api/admin/carousels' })).json().hasUnpublishedChanges).toBe(false);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'carousel.reorder'));
    expect(audit?.before).toEqual({
      collection: 'featured',
      partIds: [ids['CAR-1'], ids['CAR-2'], ids['CAR-3']],
      partNumbers: ['CAR-1', 'CAR-2', 'CAR-3'],
    });
    expect(audit?.after).toEqual({ collection: 'featured', partIds: order, partNumbers: ['CAR-3', 'CAR-1', 'CAR-2'] });

    for (const partIds of [
      [ids['CAR-3'], ids['CAR-1']],
      [ids['CAR-3'], ids['CAR-1'], ids['CAR-1']],
      [ids['CAR-3'], ids['CAR-1'], 999_999],
    ]) {
      const refused = await as({ method: 'PUT', url: '/api/admin/carousels/featured/order', payload: { partIds } });
      expect(refused.statusCode, JSON.stringify(partIds)).toBe(400);
      expect(refused.json().error.message).toMatch(/^El orden no coincide con los productos del carrusel/);
    }
    const bad = await as({ method: 'PUT', url: '/api/admin/carousels/otra/order', payload: { partIds: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/«carrusel»/);
    for (const code of ['CAR-1', 'CAR-2', 'CAR-3']) await put(ids[code] as number, { category: 'featured', action: 'remove' });
    await as({ method: 'POST', url: '/api/carousel/save' });
  });

  it('puts a removed on-sale entry back as it was: add with its discount and days, then the old order', async () => {
    // What "Deshacer" after "Quitar" sends (carousels-tab.tsx): no change is left to publish.
    const codes = ['CAR-1', 'CAR-2', 'CAR-3'];
    for (const code of codes) await put(ids[code] as number, { category: 'on-sale', action: 'add' });
    const middle = ids['CAR-2'] as number;
    await put(middle, { category: 'on-sale', action: 'update-discount', discountPercentage: 12.5 });
    await put(middle, { category: 'on-sale', action: 'update-dates', startsOn: '2025-03-01', endsOn: '2099-03-31' });
    await as({ method: 'POST', url: '/api/carousel/save' });
    const before = (await as({ method: 'GET', url: '/api/admin/carousels' })).json();
    expect(before.hasUnpublishedChanges).toBe(false);

    await put(middle, { category: 'on-sale', action: 'remove' });
    const added = await put(middle, {
      category: 'on-sale',
      action: 'add',
      discountPercentage: 12.5,
      startsOn: '2025-03-01',
      endsOn: '2099-03-31',
    });
    expect(added.json()['on-sale'].map((e: { partNumber: string }) => e.partNumber)).toEqual(['CAR-1', 'CAR-3', 'CAR-2']);
    const restored = await as({
      method: 'PUT',
      url: '/api/admin/carousels/on-sale/order',
      payload: { partIds: codes.map((code) => ids[code]) },
    });
    const strip = (entries: { position: number }[]) => entries.map(({ position: _position, ...entry }) => entry);
    expect(strip(restored.json()['on-sale'])).toEqual(strip(before['on-sale']));
    expect(restored.json().hasUnpublishedChanges).toBe(false);
    for (const code of codes) await put(ids[code] as number, { category: 'on-sale', action: 'remove' });
    await as({ method: 'POST', url: '/api/carousel/save' });
  });

  it('shows an offer only on its days: a guest sees neither the carousel entry nor the discount outside them', async () => {
    const id = ids['CAR-2'] as number;
    const today = argentineDay();
    const tomorrow = argentineDay(new Date(Date.now() + 86_400_000));
    const yesterday = argentineDay(new Date(Date.now() - 86_400_000));
    await put(id, { category: 'on-sale', action: 'add', discountPercentage: 10 });
    const dated = await put(id, { category: 'on-sale', action: 'update-dates', startsOn: tomorrow, endsOn: null });
    expect(dated.json()['on-sale'][0]).toMatchObject({ startsOn: tomorrow, endsOn: null });
    expect(dated.json().today).toBe(today);
    await as({ method: 'POST', url: '/api/carousel/save' });
    expect(await publicList('on-sale')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json()).toMatchObject({ price: '1000.00', isOnSale: false });

    // The next day the clock of every process applies it and bumps the catalogue version.
    const version = await readCatalogueVersion(t.database.db);
    expect(await t.database.db.transaction((tx) => applyOfferDays(tx, tomorrow))).toBe(true);
    expect(await readCatalogueVersion(t.database.db)).toBeGreaterThan(version);
    const [row] = await t.database.db.select({ d: parts.discountPercentage }).from(parts).where(eq(parts.id, id));
    expect(Number(row?.d)).toBe(10);
    // Nothing changed since: no second bump.
    expect(await t.database.db.transaction((tx) => applyOfferDays(tx, tomorrow))).toBe(false);
    expect(await t.database.db.transaction((tx) => applyOfferDays(tx, today))).toBe(true);

    // Running today: shown with the discount.
    await put(id, { category: 'on-sale', action: 'update-dates', startsOn: yesterday, endsOn: today });
    await as({ method: 'POST', url: '/api/carousel/save' });
    expect(await publicList('on-sale')).toEqual(['CAR-2']);
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json()).toMatchObject({
      price: '900.00',
      originalPrice: '1000.00',
      isOnSale: true,
    });
    const discounts = (await as({ method: 'GET', url: '/api/carousel/products-with-discounts/on-sale' })).json();
    expect(discounts).toEqual([expect.objectContaining({ partNumber: 'CAR-2', startsOn: yesterday, endsOn: today })]);

    // Over: gone for everyone.
    await put(id, { category: 'on-sale', action: 'update-dates', startsOn: null, endsOn: yesterday });
    await as({ method: 'POST', url: '/api/carousel/save' });
    expect(await publicList('on-sale')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json()).toMatchObject({ price: '1000.00', isOnSale: false });

    const backwards = await put(id, { category: 'on-sale', action: 'update-dates', startsOn: today, endsOn: yesterday });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('La fecha de fin de la oferta no puede ser anterior a la de inicio.');
    const notADay = await put(id, { category: 'on-sale', action: 'update-dates', startsOn: '2025-02-30' });
    expect(notADay.json().error.message).toBe('El campo «fecha de inicio» debe ser una fecha válida (AAAA-MM-DD).');
    const featured = await put(id, { category: 'featured', action: 'update-dates', startsOn: today });
    expect(featured.statusCode).toBe(400);
    expect(featured.json().error.message).toBe('Solo las ofertas de Productos Rebajados tienen fechas');
    await put(id, { category: 'on-sale', action: 'remove' });
    await as({ method: 'POST', url: '/api/carousel/save' });
    await t.database.db.delete(carouselEntries);
  });

  it('checks the offer days every minute under its clock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const days: string[] = [];
    let now = new Date('2025-05-01T12:00:00Z');
    const changes: number[] = [];
    const clock = new OfferClock(t.database.db, {
      log: { warn: () => {} },
      now: () => {
        days.push(argentineDay(now));
        return now;
      },
      onChange: () => changes.push(1),
    });
    await clock.start();
    expect(days).toEqual(['2025-05-01']);
    now = new Date('2025-05-02T03:00:30Z');
    vi.advanceTimersByTime(60_000);
    await clock.tick();
    expect(days).toEqual(['2025-05-01', '2025-05-02']);
    await clock.stop();
    vi.advanceTimersByTime(120_000);
    expect(days).toHaveLength(2);
  });
});
