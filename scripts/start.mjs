// `npm start`: builds the web app when it has not been built, then runs the server.
// The server runs from TypeScript through tsx (no separate compile step to forget).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const webDist = process.env.WEB_DIST_DIR ?? 'dist/web';
if (!existsSync(`${webDist}/index.html`)) {
  console.log('Construyendo la aplicación web (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
