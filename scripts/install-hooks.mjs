// `npm install` / `npm ci` (prepare): point git at the repository's hooks (.githooks/commit-msg
// checks the subject length and the body). Outside a git checkout (a deployed copy) it does nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (existsSync('.git')) {
  const result = spawnSync('git', ['config', 'core.hooksPath', '.githooks'], { stdio: 'ignore' });
  if (result.status !== 0) console.warn('No se pudieron activar los hooks de git (.githooks).');
}
