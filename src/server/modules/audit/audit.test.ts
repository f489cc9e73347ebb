import { desc } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, parts, partRequests } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';

describe.each(testEngines())('audit trail on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};
  const as = (options: InjectOptions) => t.app.inject({ ...options, headers: { cookie: admin } });

  /** Runs one admin mutation and returns the single audit row it wrote. */
  async function auditedBy(options: InjectOptions) {
    const before = await t.database.db.select().from(auditLog);
    const response = await as(options);
    expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBeLessThan(300);
    const after = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id));
    expect(after.length - before.length, `${options.method} ${options.url}`).toBe(1);
    return after[0] as typeof auditLog.$inferSelect;
  }

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    const staff = await createUser(db, { profileType: 'admin', username: 'jefa' });
    admin = await loginCookie(t.app, staff, 'admin');
    await insertParts(db, [buildPartRecord({ codigo: 'AUD-1' }), buildPartRecord({ codigo: 'AUD-2' })]);
    for (const p of await db.select({ id: parts.id, partNumber: parts.partNumber }).from(parts)) ids[p.partNumber] = p.id;
    ids.pending = (await createUser(db, { isApproved: false, username: 'pendiente' })).id;
    const [c] = await db.select({ id: categories.id }).from(categories);
    ids.category = c?.id as number;
    const [request] = await db.insert(partRequests).values({ username: 'x', message: 'hola' }).returning();
    ids.request = request?.id as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records price list, approval, type and visibility changes with before and after', async () => {
    const price = await auditedBy({ method: 'POST', url: '/api/profiles/guest/price-list', payload: { priceList: 3 } });
    expect(price).toMatchObject({
      actorUsername: 'jefa',
      action: 'profile.price_list',
      entity: 'profile',
      entityId: 'guest',
      before: { priceList: 4 },
      after: { priceList: 3 },
    });

    const approve = await auditedBy({ method: 'PATCH', url: `/api/users/${ids.pending}/approve`, payload: { clientCode: 'C-1' } });
    expect(approve).toMatchObject({
      action: 'user.approve',
      entityId: String(ids.pending),
      before: { isApproved: false, clientCode: null },
      after: { isApproved: true, clientCode: 'C-1' },
    });

    const type = await auditedBy({ method: 'PATCH', url: `/api/users/${ids.pending}/type`, payload: { profileType: 'distributor' } });
    expect(type).toMatchObject({ action: 'user.type', before: { profileType: 'client' }, after: { profileType: 'distributor' } });

    const visibility = await auditedBy({
      method: 'PUT',
      url: '/api/categories/visibility',
      payload: { updates: [{ categoryId: ids.category, isVisible: false }] },
    });
    expect(visibility).toMatchObject({ action: 'category.visibility', before: { isVisible: true }, after: { isVisible: false } });
  });

  it('records every other admin mutation once', async () => {
    const cases: [InjectOptions, string][] = [
      [{ method: 'PATCH', url: `/api/users/${ids.pending}/client-code`, payload: { clientCode: 'C-2' } }, 'user.client_code'],
      [{ method: 'PATCH', url: `/api/users/${ids.pending}`, payload: { fullName: 'Nuevo Nombre' } }, 'user.update'],
      [
        { method: 'POST', url: '/api/admin/users', payload: { username: 'creado', password: 'clave123', profileType: 'client' } },
        'user.create',
      ],
      [{ method: 'PATCH', url: `/api/admin/parts/${ids['AUD-1']}/sales-unit`, payload: { salesUnit: 'Par' } }, 'part.sales_unit'],
      [
        { method: 'PUT', url: `/api/admin/parts/${ids['AUD-1']}/multimedia`, payload: { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' } },
        'part.multimedia',
      ],
      [{ method: 'POST', url: `/api/products/${ids['AUD-1']}/related`, payload: { relatedProductId: ids['AUD-2'] } }, 'relation.add'],
      [{ method: 'DELETE', url: `/api/products/${ids['AUD-1']}/related/${ids['AUD-2']}` }, 'relation.remove'],
      [
        {
          method: 'PUT',
          url: `/api/products/carousel/${ids['AUD-1']}`,
          payload: { category: 'on-sale', action: 'add', discountPercentage: 10 },
        },
        'carousel.add',
      ],
      [
        {
          method: 'PUT',
          url: `/api/products/carousel/${ids['AUD-1']}`,
          payload: { category: 'on-sale', action: 'update-discount', discountPercentage: 15 },
        },
        'carousel.update-discount',
      ],
      [{ method: 'POST', url: '/api/carousel/save' }, 'carousel.publish'],
      [
        { method: 'PUT', url: `/api/products/carousel/${ids['AUD-1']}`, payload: { category: 'on-sale', action: 'remove' } },
        'carousel.remove',
      ],
      [{ method: 'PATCH', url: `/api/part-requests/${ids.request}/status`, payload: { status: 'reviewed' } }, 'part_request.status'],
      [{ method: 'DELETE', url: `/api/part-requests/${ids.request}` }, 'part_request.delete'],
      [{ method: 'DELETE', url: `/api/users/${ids.pending}` }, 'user.delete'],
    ];
    for (const [options, action] of cases) {
      const row = await auditedBy(options);
      expect(row.action, `${options.method} ${options.url}`).toBe(action);
      expect(row.actorUsername).toBe('jefa');
      expect(row.before !== null || row.after !== null).toBe(true);
    }
    const discount = (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id))).find(
      (r) => r.action === 'carousel.update-discount',
    );
    expect(discount).toMatchObject({
      before: { partNumber: 'AUD-1', discountPercentage: 10 },
      after: { partNumber: 'AUD-1', discountPercentage: 15 },
    });
    // A publication names each carousel's parts by code, so the Historial can list them.
    const published = (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id))).find((r) => r.action === 'carousel.publish');
    expect(published?.after).toEqual(
      expect.arrayContaining([expect.objectContaining({ collection: 'on-sale', partNumber: 'AUD-1', discountPercentage: 15 })]),
    );
  });

  it('serves a user history to admins, newest first', async () => {
    const history = await as({ method: 'GET', url: `/api/admin/audit?entity=user&entityId=${ids.pending}` });
    expect(history.statusCode).toBe(200);
    const actions = history.json().entries.map((r: { action: string }) => r.action);
    expect(actions).toEqual(['user.delete', 'user.update', 'user.client_code', 'user.type', 'user.approve']);
  });

  it("finds a relation's entries by either part's code or id in the Historial's part filter", async () => {
    const history = async (query: string) => {
      const response = await as({ method: 'GET', url: `/api/admin/audit?${query}` });
      expect(response.statusCode, query).toBe(200);
      return response.json() as { entries: { action: string; entityId: string }[]; total: number };
    };
    const relations = (page: { entries: { action: string; entityId: string }[] }) =>
      page.entries.filter((e) => e.action.startsWith('relation.')).map((e) => [e.action, e.entityId]);
    const main = String(ids['AUD-1']);
    // The relation AUD-1 → AUD-2 is found by the main part, as before, and by the related one.
    for (const query of ['part=AUD-1', 'part=aud-2', `part=${ids['AUD-2']}`, 'part=AUD-2&entity=relation']) {
      expect(relations(await history(query)), query).toEqual([
        ['relation.remove', main],
        ['relation.add', main],
      ]);
    }
    // An entry written before codes were kept (ids only) is found by its related part too.
    await t.database.db.insert(auditLog).values({
      actorUsername: 'jefa',
      action: 'relation.add',
      entity: 'relation',
      entityId: String(ids['AUD-2']),
      before: null,
      after: { partId: ids['AUD-2'], relatedPartId: ids['AUD-1'] },
    });
    const old = await history('part=AUD-1&entity=relation');
    expect(old.total).toBe(3);
    expect(old.entries.map((e) => e.entityId)).toEqual([String(ids['AUD-2']), main, main]);
    // The related part's own edits (none) and other kinds of entries stay out.
    expect((await history('part=AUD-2&entity=part')).total).toBe(0);
  });

  it('writes nothing when a mutation fails', async () => {
    const before = (await t.database.db.select().from(auditLog)).length;
    const response = await as({ method: 'PATCH', url: '/api/admin/parts/999999/sales-unit', payload: { salesUnit: 'x' } });
    expect(response.statusCode).toBe(404);
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
  });
});
