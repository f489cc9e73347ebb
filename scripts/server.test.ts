import { describe, expect, it } from 'vitest';
import { IMPORT_ENTRY, SERVER_NODE_FLAGS, importArgs, undeclaredServerPackages } from './server.mjs';

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

describe('importArgs', () => {
  it('runs the import command with the server’s heap flags into PGlite', () => {
    expect(importArgs(['catalogo.json'], {})).toEqual([...SERVER_NODE_FLAGS, '--enable-source-maps', IMPORT_ENTRY, 'catalogo.json']);
    expect(importArgs(['catalogo.json'], { DATABASE_URL: '' })).toEqual(importArgs(['catalogo.json'], {}));
  });

  it('leaves V8’s young generation uncapped into PostgreSQL, and keeps the growth step', () => {
    const args = importArgs(['catalogo.json', '--dry-run'], { DATABASE_URL: 'postgres://portal@db/portal' });
    expect(args.some((a) => a.startsWith('--max-semi-space-size'))).toBe(false);
    expect(args).toContain('--heap-growing-percent=10');
    expect(args.slice(-3)).toEqual([IMPORT_ENTRY, 'catalogo.json', '--dry-run']);
  });
});
