// The production server process, in one place for `npm start`, the bench and the soak
// (docs/decisions/004-built-server.md): the server is bundled by esbuild into dist/server/main.js
// (npm packages stay external) and run by plain Node with the V8 heap flags below. The import
// command (`npm run import`, scripts/import.mjs) is bundled beside it and runs the same way.
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The bundled server, relative to the project root. */
export const SERVER_ENTRY = 'dist/server/main.js';
/** The bundled import command (src/server/cli/import.ts), relative to the project root. */
export const IMPORT_ENTRY = 'dist/server/import.js';
// dist/server/job-worker.js (src/server/modules/sync/job-worker.ts) is bundled beside them too:
// the server starts it for each catalogue job on PostgreSQL (job-process.ts).

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
 * Bundles src/server/main.ts into {@link SERVER_ENTRY}, the import command into {@link IMPORT_ENTRY}
 * and a catalogue job's process into dist/server/job-worker.js (about 50 ms, so every start
 * rebuilds and the bundles never drift from the sources), then checks that every npm package they import is a production dependency (see
 * {@link undeclaredServerPackages}).
 * @throws the esbuild error when the sources do not compile; an Error naming each package the
 *   server imports that `npm ci --omit=dev` would not install.
 */
export async function buildServer() {
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts', import: 'src/server/cli/import.ts', 'job-worker': 'src/server/modules/sync/job-worker.ts' },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
  });
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const missing = undeclaredServerPackages(metafile, manifest.dependencies ?? {});
  if (missing.length) {
    throw new Error(
      missing
        .map(
          ({ name, from }) =>
            `${from} imports ${name}, which is not in package.json "dependencies": npm ci --omit=dev would not install it`,
        )
        .join('\n'),
    );
  }
}

/**
 * The npm packages a server bundle imports (left external by esbuild) that `dependencies` does not
 * list — a production install (`npm ci --omit=dev`) would not have them, and the server would fail
 * at start or, for a lazy import, on the first request that needs it.
 * @param metafile esbuild's metafile of the bundle (`inputs[path].imports[]` with `external`).
 * @param dependencies package.json's `dependencies` (name → range).
 * @returns one entry per missing package, with the first source file importing it; sorted by name.
 */
export function undeclaredServerPackages(metafile, dependencies) {
  const missing = new Map();
  for (const [from, input] of Object.entries(metafile.inputs)) {
    for (const { path, external } of input.imports) {
      if (!external || isBuiltin(path) || path.startsWith('.') || path.startsWith('/')) continue;
      const parts = path.split('/');
      const name = path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      if (!(name in dependencies) && !missing.has(name)) missing.set(name, from);
    }
  }
  return [...missing].map(([name, from]) => ({ name, from })).sort((a, b) => a.name.localeCompare(b.name));
}

/** `node <flags> dist/server/main.js` as spawn arguments (after `process.execPath`). */
export function serverArgs() {
  return [...SERVER_NODE_FLAGS, '--enable-source-maps', SERVER_ENTRY];
}

/**
 * V8 flags of the import command. Into PGlite (no `DATABASE_URL`), the server's
 * ({@link SERVER_NODE_FLAGS}), so that a 100,000-part import peaks below 500 MB (docs/performance.md
 * "The import command's memory"). Into PostgreSQL the database is another process and the command's
 * own memory has no such bound, while a 2 MB young generation makes every object the mapping keeps
 * survive two copies: 1,000,000 parts took 206.7 s with it and 154.8 s without, peaking at 1,986
 * and 2,025 MB (docs/performance.md "The import command's young generation"). The 10 % growth step stays.
 * @param env the environment the command runs with (its `DATABASE_URL` decides).
 * @returns flags for `node`, before the script.
 */
export function importNodeFlags(env) {
  return env.DATABASE_URL ? SERVER_NODE_FLAGS.filter((flag) => !flag.startsWith('--max-semi-space-size')) : SERVER_NODE_FLAGS;
}

/**
 * `node <flags> dist/server/import.js <args>` as spawn arguments: the import command with
 * {@link importNodeFlags} and without tsx's loader (~37 MB).
 * @param args the command's own arguments (a file or URL and its options).
 * @param env the environment the command will run with (default `process.env`).
 */
export function importArgs(args, env = process.env) {
  return [...importNodeFlags(env), '--enable-source-maps', IMPORT_ENTRY, ...args];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await buildServer();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
