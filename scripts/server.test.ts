import { describe, expect, it } from 'vitest';
import { undeclaredServerPackages } from './server.mjs';

describe('undeclaredServerPackages', () => {
  const metafile = {
    inputs: {
      'src/server/main.ts': {
        imports: [
          { path: 'fastify', external: true },
          { path: 'node:fs', external: true },
          { path: 'fs', external: true },
          { path: 'src/server/app.ts', external: false },
        ],
      },
      'src/server/modules/import/xlsx.ts': {
        imports: [
          { path: 'yauzl', external: true },
          { path: '@electric-sql/pglite/contrib/pg_trgm', external: true },
          { path: 'csv-parse/sync', external: true },
        ],
      },
      'src/server/other.ts': { imports: [{ path: 'yauzl', external: true }] },
    },
  };

  it('names each npm package the bundle imports that dependencies lacks, once, with the first importer', () => {
    expect(undeclaredServerPackages(metafile, { fastify: '^5', 'csv-parse': '^7' })).toEqual([
      { name: '@electric-sql/pglite', from: 'src/server/modules/import/xlsx.ts' },
      { name: 'yauzl', from: 'src/server/modules/import/xlsx.ts' },
    ]);
  });

  it('finds nothing when every package is a dependency (subpaths and Node built-ins count as declared)', () => {
    expect(undeclaredServerPackages(metafile, { fastify: '^5', 'csv-parse': '^7', yauzl: '^3', '@electric-sql/pglite': '^0.5' })).toEqual(
      [],
    );
  });
});
