import { defineConfig } from 'vitest/config';

/** `npm run test:faults`: tests that restart shared services; run alone, after the others. */
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['src/server/**/*.faults.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
