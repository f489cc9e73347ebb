// `npm start`: builds the web app when it has not been built, bundles the server (about 50 ms, so
// it always matches the sources), then runs it with the heap flags of scripts/server.mjs.
// A production install (`npm ci --omit=dev`) has no Vite: it needs the dist/web of a build made
// before (README "Deploy"), and says so in one line when it is missing.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer, serverArgs, serverEnv } from './server.mjs';

const webDist = process.env.WEB_DIST_DIR ?? 'dist/web';
if (!existsSync(`${webDist}/index.html`)) {
  if (!hasVite()) {
    console.error(`Falta la aplicación web compilada (${webDist}): ejecute npm ci && npm run build antes de npm ci --omit=dev.`);
    process.exit(1);
  }
  console.log('Construyendo la aplicación web (npm run build)…');
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
try {
  await buildServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const server = spawn(process.execPath, serverArgs(), { stdio: 'inherit', env: { ...process.env, ...serverEnv() } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** Whether Vite (a devDependency) is installed, i.e. this is not an `npm ci --omit=dev` copy. */
function hasVite() {
  try {
    import.meta.resolve('vite');
    return true;
  } catch {
    return false;
  }
}
