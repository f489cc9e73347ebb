// Keeps package-lock.json installable with `npm ci` from this workplace's npm registry.
//
// Some packages ship native binaries as optional dependencies, one package per platform
// (@biomejs/cli-*, @tailwindcss/oxide-*). The registry reachable here does not serve every
// platform's package, so `npm install` leaves those entries out of the lock file, and `npm ci` then
// refuses the lock file ("Missing: … from lock file") although it would never install them on
// Linux x64. This script adds an entry for each missing platform package with its os/cpu/libc, so
// npm sees the lock file complete and skips them as foreign platforms, as it does for the ones the
// registry serves. Run it after `npm install` changes the lock file (`npm run lock:platforms`).
import { readFileSync, writeFileSync } from 'node:fs';

const PLATFORMS = [
  [/-android-arm-eabi$/, { os: ['android'], cpu: ['arm'] }],
  [/-android-arm64$/, { os: ['android'], cpu: ['arm64'] }],
  [/-android-x64$/, { os: ['android'], cpu: ['x64'] }],
  [/-darwin-arm64$/, { os: ['darwin'], cpu: ['arm64'] }],
  [/-darwin-x64$/, { os: ['darwin'], cpu: ['x64'] }],
  [/-freebsd-x64$/, { os: ['freebsd'], cpu: ['x64'] }],
  [/-linux-arm-gnueabihf$/, { os: ['linux'], cpu: ['arm'], libc: ['glibc'] }],
  [/-linux-arm-musleabihf$/, { os: ['linux'], cpu: ['arm'], libc: ['musl'] }],
  [/-linux-arm64-musl$/, { os: ['linux'], cpu: ['arm64'], libc: ['musl'] }],
  [/-linux-x64-musl$/, { os: ['linux'], cpu: ['x64'], libc: ['musl'] }],
  [/-linux-ppc64-gnu$/, { os: ['linux'], cpu: ['ppc64'], libc: ['glibc'] }],
  [/-linux-riscv64-gnu$/, { os: ['linux'], cpu: ['riscv64'], libc: ['glibc'] }],
  [/-linux-riscv64-musl$/, { os: ['linux'], cpu: ['riscv64'], libc: ['musl'] }],
  [/-linux-s390x-gnu$/, { os: ['linux'], cpu: ['s390x'], libc: ['glibc'] }],
  [/-openharmony-arm64$/, { os: ['openharmony'], cpu: ['arm64'] }],
  [/-wasm32-wasi$/, { cpu: ['wasm32'] }],
  [/-win32-arm64(-msvc)?$/, { os: ['win32'], cpu: ['arm64'] }],
  [/-win32-ia32(-msvc)?$/, { os: ['win32'], cpu: ['ia32'] }],
  [/-win32-x64(-msvc)?$/, { os: ['win32'], cpu: ['x64'] }],
];

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
const added = [];
for (const [where, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${where ? `${where}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const platform = PLATFORMS.find(([pattern]) => pattern.test(name));
    if (!platform) {
      console.error(`missing optional dependency with no known platform: ${name} (needed by ${where || 'the root'})`);
      process.exitCode = 1;
      continue;
    }
    packages[`node_modules/${name}`] = { version: String(range).replace(/^[\^~]/, ''), optional: true, ...platform[1] };
    added.push(name);
  }
}
if (added.length) {
  writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`lock file: added ${added.length} foreign-platform entries: ${added.join(', ')}`);
} else {
  console.log('lock file: every optional platform package has an entry');
}
