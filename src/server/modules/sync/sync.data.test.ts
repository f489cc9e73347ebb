/**
 * A catalogue uploaded from the panel gives the same report as the CLI for each supplier's real
 * file of ../shared/data (never copied into the repository). Run by `npm run test:data`;
 * `sync.test.ts` does the same on our own fixtures.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { readRealFile } from '../../test/data.ts';
import { createTestDatabase, testEngines } from '../../test/db.ts';
import { createUser, loginCookie } from '../../test/factories.ts';
import { importCatalogueFile } from '../import/service.ts';

describe.each(testEngines())('real catalogue upload from the panel on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await loginCookie(t.app, await createUser(t.database.db, { profileType: 'admin' }), 'admin');
  });
  afterAll(async () => {
    await t?.close();
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

  it.each(['dlc', 'resortes', 'zabala'] as const)('gives the same report as the CLI for the real %s file', async (name) => {
    const reference = await createTestDatabase('pglite');
    try {
      const expected = await importCatalogueFile(reference.db, readRealFile(name), { lowStock: 5 });
      await t.database.db.execute(sql`truncate parts, categories restart identity cascade`);
      const contentType =
        name === 'resortes' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/octet-stream';
      const { response, job } = await upload(readRealFile(name), contentType);
      expect(response.statusCode).toBe(202);
      expect(job.status).toBe('done');
      // The panel also checks image references against IMAGE_DIR; the CLI does so only when asked.
      const { missingImages, ...report } = job.report;
      expect(missingImages).toMatchObject({ count: expect.any(Number) });
      expect(report).toEqual(JSON.parse(JSON.stringify(expected)));
    } finally {
      await reference.close();
    }
  });
});
