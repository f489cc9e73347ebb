import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryNode } from '../../../shared/api.ts';
import { categories, parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';

const names = (nodes: CategoryNode[]): unknown[] =>
  nodes.map((n) => (n.children.length ? { [n.name]: names(n.children) } : `${n.name} (${n.partCount})`));

describe.each(testEngines())('the public category index on %s', (engine) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'admin' }), 'admin');
    await insertParts(t.database.db, [
      buildPartRecord({ codigo: 'IDX-1', categoria1: 'Repuestos', categoria2: 'Motor', categoria3: 'Fiat' }),
      buildPartRecord({ codigo: 'IDX-2', categoria1: 'Repuestos', categoria2: 'Frenos', categoria3: 'Ford' }),
      buildPartRecord({ codigo: 'IDX-3', categoria1: 'Herramientas', categoria2: 'Llaves', categoria3: 'Bahco' }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const publicTree = async () => (await t.app.inject({ method: 'GET', url: '/api/categories/public' })).json() as CategoryNode[];

  it('leaves out categories without active parts, while the admin tree keeps them', async () => {
    expect(names(await publicTree())).toEqual([
      { Herramientas: [{ Llaves: ['Bahco (1)'] }] },
      { Repuestos: [{ Frenos: ['Ford (1)'] }, { Motor: ['Fiat (1)'] }] },
    ]);
    // The last active part of Herramientas becomes inactive, and Frenos > Ford loses its only part.
    await t.database.db
      .update(parts)
      .set({ isActive: false })
      .where(inArray(parts.partNumber, ['IDX-3', 'IDX-2']));
    await t.catalogueChanged();
    expect(names(await publicTree())).toEqual([{ Repuestos: [{ Motor: ['Fiat (1)'] }] }]);

    const adminTree = (await t.app.inject({ method: 'GET', url: '/api/categories/admin', headers: { cookie: admin } })).json();
    expect(names(adminTree)).toEqual([
      { Herramientas: [{ Llaves: ['Bahco (0)'] }] },
      { Repuestos: [{ Frenos: ['Ford (0)'] }, { Motor: ['Fiat (1)'] }] },
    ]);

    await t.database.db.update(parts).set({ isActive: true }).where(eq(parts.partNumber, 'IDX-3'));
    await t.catalogueChanged();
    expect(names(await publicTree())).toEqual([{ Herramientas: [{ Llaves: ['Bahco (1)'] }] }, { Repuestos: [{ Motor: ['Fiat (1)'] }] }]);
    // The admin tree is kept per catalogue version too: the change shows in its counts.
    const adminAfter = (await t.app.inject({ method: 'GET', url: '/api/categories/admin', headers: { cookie: admin } })).json();
    expect(names(adminAfter)).toEqual([
      { Herramientas: [{ Llaves: ['Bahco (1)'] }] },
      { Repuestos: [{ Frenos: ['Ford (0)'] }, { Motor: ['Fiat (1)'] }] },
    ]);
    const [herramientas] = await t.database.db.select().from(categories).where(eq(categories.name, 'Herramientas'));
    expect(herramientas?.isVisible).toBe(true);
  });
});
