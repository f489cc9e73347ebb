// `npm start`: builds the web app when it has not been built, bundles the server (about 50 ms, so
// it always matches the sources), then runs it with the heap flags of scripts/server.mjs.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer, serverArgs, serverEnv } from './server.mjs';

const webDist = process.env.WEB_DIST_DIR ?? 'dist/web';
if (!existsSync(`${webDist}/index.html`)) {
  console.log('Construyendo la aplicación web (npm run build)…');
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await buildServer();
const server = spawn(process.execPath, serverArgs(), { stdio: 'inherit', env: { ...process.env, ...serverEnv() } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
