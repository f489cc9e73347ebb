/**
 * One process at a time on an embedded (PGlite) database folder. PGlite keeps no lock of its own:
 * an `npm run import` writing into the folder of a running server would corrupt it
 * (docs/product.md §11.2). The holder writes its pid into `portal.lock`; a lock whose process is
 * gone (a crash, SIGKILL) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.ts';

/** Name of the lock file inside the PGlite folder. */
export const FOLDER_LOCK_FILE = 'portal.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder for this process.
 * @returns the release function (removes the lock if it is still this process's).
 * @throws AppError CONFLICT when another running process holds the folder.
 */
export function holdFolder(dir: string): () => void {
  const file = path.join(dir, FOLDER_LOCK_FILE);
  const mine = String(process.pid);
  const release = () => {
    try {
      if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    // This process opening the folder again keeps its lock; the first close releases it.
    if (holder === process.pid) return () => {};
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
      throw new AppError(
        'CONFLICT',
        `La base de datos embebida ${dir} está abierta por otro proceso (pid ${holder}), por ejemplo el servidor: deténgalo antes de escribir en ella, o use DATABASE_URL.`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new AppError('CONFLICT', `No se pudo tomar la base de datos embebida ${dir}.`);
}
