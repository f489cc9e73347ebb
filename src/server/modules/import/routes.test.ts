/** The panel's undo of the newest import (docs/product.md §11.4) over HTTP, on both engines. */
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { createUser, loginCookie } from '../../test/factories.ts';
import { importCatalogueFile } from './service.ts';

const file = (rows: Record<string, unknown>[]) => Buffer.from(JSON.stringify(rows));

describe.each(testEngines())('undo of the last import on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let client: string;
  const as = (cookie: string, options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'admin', username: 'staff' }), 'admin');
    client = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'client', username: 'taller' }), 'client');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/import/last-run'],
      ['POST', '/api/admin/import/undo'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await as(client, { method, url })).statusCode).toBe(403);
    }
  });

  it('shows the last run, undoes it once with an audit entry, and then has nothing to undo', async () => {
    const empty = await as(admin, { method: 'GET', url: '/api/admin/import/last-run' });
    expect(empty.json()).toEqual({ run: null });
    expect((await as(admin, { method: 'POST', url: '/api/admin/import/undo' })).json().error.message).toBe(
      'No hay una importación para deshacer.',
    );
    await importCatalogueFile(t.database.db, file([{ codigo: 'H-1', descripcion: 'Filtro', precio: 100 }]), { lowStock: 5 });
    await importCatalogueFile(
      t.database.db,
      file([
        { codigo: 'H-1', descripcion: 'Filtro', precio: 130 },
        { codigo: 'H-2', descripcion: 'Junta' },
      ]),
      {
        lowStock: 5,
        confirmLarge: true,
        actor: 'staff',
        source: 'lista',
      },
    );
    await t.catalogueChanged();
    const listed = await as(admin, { method: 'GET', url: '/api/admin/import/last-run' });
    expect(listed.json().run).toMatchObject({
      actor: 'staff',
      source: 'lista',
      undoneAt: null,
      changes: { updated: 1, inserted: 1, deactivated: 0 },
    });

    const undone = await as(admin, { method: 'POST', url: '/api/admin/import/undo' });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ restored: 1, deactivated: 1, reactivated: 0, skipped: 0 });
    const [h1] = await t.database.db.select().from(parts).where(eq(parts.partNumber, 'H-1'));
    expect(h1?.priceList1).toBe('100.00');
    // The public catalogue sees the undo at once: the new part is gone, the price is back.
    const publicList = (await t.app.inject({ method: 'GET', url: '/api/parts?search=H-2' })).json();
    expect(publicList.total).toBe(0);
    const audit = await queryRows<{ action: string; actor_username: string }>(
      t.database.db,
      sql`select action, actor_username from audit_log where action = 'catalogue.undo'`,
    );
    expect(audit).toEqual([{ action: 'catalogue.undo', actor_username: 'staff' }]);
    const again = await as(admin, { method: 'POST', url: '/api/admin/import/undo' });
    expect(again.statusCode).toBe(404);
    // An undone run has nothing left to undo.
    const after = (await as(admin, { method: 'GET', url: '/api/admin/import/last-run' })).json().run;
    expect(after.undoneAt).not.toBeNull();
    expect(after.changes).toEqual({ updated: 0, inserted: 0, deactivated: 0 });
  });
});
