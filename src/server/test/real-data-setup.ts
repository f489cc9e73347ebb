/**
 * Global setup of `npm run test:data` (vitest.data.config.ts): refuses to run, with a clear message,
 * when the real catalogues of ../shared/data are not there, so a missing folder fails the run instead
 * of skipping its tests.
 */
import fs from 'node:fs';
import { REAL_DATA } from './data.ts';

export default function checkRealData(): void {
  const missing = Object.values(REAL_DATA).filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `npm run test:data needs the real catalogues in ../shared/data beside the repository; missing:\n  ${missing.join('\n  ')}`,
    );
  }
}
