// Supply-chain checks on package-lock.json, run by `npm run lint:deps` (part of `npm run validate`):
// 1. lockfile-lint: every resolved URL is https and on the npm registry.
// 2. every installed package carries an integrity hash (sha512).
// 3. no package that is frozen on the npm registry with open advisories is in the tree.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Packages whose npm releases stopped while advisories stay open (name → reason). */
const FROZEN = {
  xlsx: 'SheetJS stopped publishing to npm at 0.18.5; CVE-2023-30533 (prototype pollution) and CVE-2024-22363 (ReDoS) stay open there',
  request: 'deprecated since 2020; CVE-2023-28155 (SSRF) unfixed',
  'node-serialize': 'CVE-2017-5941 (remote code execution) unfixed',
};

let failed = false;
execFileSync(
  process.execPath,
  [
    'node_modules/lockfile-lint/bin/lockfile-lint.js',
    '--path',
    'package-lock.json',
    '--type',
    'npm',
    '--validate-https',
    '--allowed-hosts',
    'npm',
    '--validate-package-names',
  ],
  { stdio: 'inherit' },
);

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  if (!where || entry.link) continue;
  const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  // Foreign-platform entries added by scripts/lock-platforms.mjs are never installed here.
  const foreign = entry.optional && !entry.integrity && (entry.os || entry.cpu);
  if (!foreign && !entry.integrity?.startsWith('sha512-') && !entry.integrity?.startsWith('sha1-')) {
    console.error(`missing integrity hash: ${where}`);
    failed = true;
  }
  if (name in FROZEN) {
    console.error(`frozen package with open advisories: ${name}@${entry.version} — ${FROZEN[name]}`);
    failed = true;
  }
}
// 4. `npm ci` needs an entry for every optional platform package (scripts/lock-platforms.mjs).
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
  `lockfile: ${Object.keys(lock.packages).length - 1} packages, https npm registry only, integrity hashes present, no frozen packages`,
);
