// `npm run db:check` (part of `npm run validate`): the committed migrations agree with each other
// and with the Drizzle schema.
// 1. `drizzle-kit check`: the snapshots in drizzle/meta are consistent (no two migrations made
//    from the same parent, as happens when two branches each generate one).
// 2. `drizzle-kit generate` into a scratch copy of drizzle/: it must find nothing to generate, or
//    src/server/db/schema.ts changed without the migration `npm run db:generate` would write.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const DRIZZLE_KIT = path.join('node_modules', 'drizzle-kit', 'bin.cjs');
const SCRATCH = path.join('node_modules', '.cache', 'db-check', 'drizzle');

/** Runs drizzle-kit with `args`; exits with its status (and its output) when it fails. */
function drizzleKit(args) {
  const run = spawnSync(process.execPath, [DRIZZLE_KIT, ...args], { encoding: 'utf8' });
  if (run.status !== 0) {
    process.stdout.write(run.stdout);
    process.stderr.write(run.stderr);
    console.error(`db:check: drizzle-kit ${args[0]} failed`);
    process.exit(run.status ?? 1);
  }
  return run.stdout;
}

drizzleKit(['check']);
rmSync(SCRATCH, { recursive: true, force: true });
cpSync('drizzle', SCRATCH, { recursive: true });
const before = new Set(readdirSync(SCRATCH));
drizzleKit(['generate', '--dialect', 'postgresql', '--schema', './src/server/db/schema.ts', '--out', SCRATCH]);
const added = readdirSync(SCRATCH).filter((name) => !before.has(name));
rmSync(SCRATCH, { recursive: true, force: true });
if (added.length) {
  console.error(
    `db:check: src/server/db/schema.ts differs from the migrations in drizzle/ (would generate ${added.join(', ')}): run npm run db:generate`,
  );
  process.exit(1);
}
const migrations = [...before].filter((name) => name.endsWith('.sql')).length;
console.log(`db:check: ${migrations} migrations consistent, schema.ts matches them`);
