// `npm run test:faults`: the tests that restart the machine's PostgreSQL cluster (src/server/*.faults.ts).
// They need DATABASE_URL pointing at that cluster; without it there is nothing to restart.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('test:faults: DATABASE_URL is not set; the cluster-restart tests need a local PostgreSQL.');
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.faults.config.ts'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
