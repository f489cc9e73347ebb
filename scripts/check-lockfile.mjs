// Supply-chain checks on package-lock.json, run by `npm run lint:deps` (part of `npm run validate`);
// `node scripts/check-lockfile.mjs [path/to/package-lock.json]` checks another lock file. Exits 1
// naming each problem:
// 1. lockfile-lint: every resolved URL is https and on the npm registry.
// 2. every installed package carries an integrity hash (sha512).
// 3. no installed package, direct or transitive, is in a known-vulnerable version range of
//    scripts/vulnerable-ranges.json (each entry names its advisory; frozen packages such as xlsx,
//    whose npm releases never got the fix, are listed with the range "*").
// 4. every optional platform package has a lock entry (scripts/lock-platforms.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeHit, readVulnerableRanges, vulnerablePackages } from './vulnerable-ranges.mjs';

const lockPath = process.argv[2] ?? 'package-lock.json';
let failed = false;
execFileSync(
  process.execPath,
  [
    fileURLToPath(new URL('../node_modules/lockfile-lint/bin/lockfile-lint.js', import.meta.url)),
    '--path',
    lockPath,
    '--type',
    'npm',
    '--validate-https',
    '--allowed-hosts',
    'npm',
    '--validate-package-names',
  ],
  { stdio: 'inherit' },
);

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  if (!where || entry.link) continue;
  // Foreign-platform entries added by scripts/lock-platforms.mjs are never installed here.
  const foreign = entry.optional && !entry.integrity && (entry.os || entry.cpu);
  if (!foreign && !entry.integrity?.startsWith('sha512-') && !entry.integrity?.startsWith('sha1-')) {
    console.error(`missing integrity hash: ${where}`);
    failed = true;
  }
}
const ranges = readVulnerableRanges();
for (const hit of vulnerablePackages(lock, ranges)) {
  console.error(describeHit(hit));
  failed = true;
}
// `npm ci` needs an entry for every optional platform package (scripts/lock-platforms.mjs).
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!lock.packages[`${where ? `${where}/` : ''}node_modules/${name}`] && !lock.packages[`node_modules/${name}`]) {
      console.error(`lock file misses ${name}: run npm run lock:platforms`);
      failed = true;
    }
  }
}
if (failed) process.exit(1);
console.log(
  `lockfile: ${Object.keys(lock.packages).length - 1} packages, https npm registry only, integrity hashes present, none in the ${ranges.length} known-vulnerable ranges`,
);
