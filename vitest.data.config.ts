import { defineConfig } from 'vitest/config';

/**
 * `npm run test:data`: the tests on the suppliers' real catalogues in ../shared/data
 * (`src/server/**\/*.data.test.ts`), which CI has beside the repository and a clone does not. It fails,
 * never skips, when the folder is missing. `npm test` covers the same rules on the repository's fixtures.
 */
export default defineConfig({
  test: {
    name: 'data',
    environment: 'node',
    include: ['src/server/**/*.data.test.ts'],
    globalSetup: ['src/server/test/real-data-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
