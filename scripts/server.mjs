// The production server process, in one place for `npm start`, the bench and the soak
// (docs/decisions/004-built-server.md): the server is bundled by esbuild into dist/server/main.js
// (npm packages stay external) and run by plain Node with the V8 heap flags below.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The bundled server, relative to the project root. */
export const SERVER_ENTRY = 'dist/server/main.js';

/**
 * V8 flags of the server process. A 2 MB semi-space (V8's default grows to 16 MB) and a fixed 10 %
 * old-space growth step (V8 otherwise grows the heap up to 4× the live size under allocation
 * bursts such as an export) keep the resident set near the live heap: measured on 100,000 parts,
 * PostgreSQL, peak RSS with traffic and both exports 212–310 MB without flags, 194–200 MB with
 * 4 MB / 20 %, 184–194 MB with 2 MB / 10 % (docs/performance.md, decision 004).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=10'];

/**
 * Environment added to the server process: `MALLOC_ARENA_MAX=2` caps glibc's malloc arenas (one
 * per thread by default: libuv's pool, V8's workers), whose fragmentation kept 7–18 MB more
 * resident after exports in the measurements of decision 004. A value already set wins.
 * @returns the variables to merge over `process.env`.
 */
export function serverEnv() {
  return { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };
}

/**
 * Bundles src/server/main.ts into {@link SERVER_ENTRY} (about 50 ms, so every start rebuilds and
 * the bundle never drifts from the sources).
 * @throws the esbuild error when the sources do not compile.
 */
export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** `node <flags> dist/server/main.js` as spawn arguments (after `process.execPath`). */
export function serverArgs() {
  return [...SERVER_NODE_FLAGS, '--enable-source-maps', SERVER_ENTRY];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
}
