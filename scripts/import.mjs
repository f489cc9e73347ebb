// `npm run import -- <file or URL> [options]`: bundles the server and the import command (about
// 50 ms, scripts/server.mjs) and runs it with plain Node, the heap flags of importNodeFlags (the
// server's into PGlite), the server's malloc setting and no TypeScript loader; its exit code is the
// command's.
import { spawn } from 'node:child_process';
// The command reads .env itself; read here too, its DATABASE_URL decides the command's heap flags.
import 'dotenv/config';
import { buildServer, importArgs, serverEnv } from './server.mjs';

try {
  await buildServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const command = spawn(process.execPath, importArgs(process.argv.slice(2)), { stdio: 'inherit', env: { ...process.env, ...serverEnv() } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => command.kill(signal));
command.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
