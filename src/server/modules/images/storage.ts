/**
 * Where uploaded photos live (docs/product.md §4.4): `IMAGE_DIR/uploads/<name>-lg.webp` and
 * `<name>-sm.webp`, `<name>` being the part number made safe for a file name plus a random
 * suffix. Files are created exclusively (`wx`): a name already taken is never overwritten (another
 * part, or an import's photo, may reference it), a new suffix is drawn instead.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_FOLDER } from '../../../shared/media.ts';
import { foldText } from '../../../shared/text.ts';
import { AppError } from '../../errors.ts';
import type { ProcessedPhoto } from './processor.ts';

/** The part number as a file name's start: folded, `[a-z0-9-]`, at most 40 characters. */
export function photoSlug(partNumber: string): string {
  const slug = foldText(partNumber)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'foto';
}

const WRITE_FAILED = 'No se pudo guardar la foto en la carpeta de imágenes del servidor (IMAGE_DIR). Avise al responsable del sistema.';

/** Writes `data` to a new file; false when the name is taken. */
async function createFile(file: string, data: Buffer): Promise<boolean> {
  try {
    await fs.writeFile(file, data, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Writes a processed photo's two files under `imageDir` and answers the large file's name relative
 * to it (what `imageUrl` holds, e.g. `uploads/om-352-1a2b3c4d5e6f-lg.webp`).
 * @throws AppError UNAVAILABLE (Spanish) when the folder cannot be written (permissions, full disk).
 */
export async function storePhoto(imageDir: string, partNumber: string, photo: ProcessedPhoto): Promise<string> {
  const folder = path.join(imageDir, UPLOAD_FOLDER);
  try {
    await fs.mkdir(folder, { recursive: true });
    for (let attempt = 0; attempt < 5; attempt++) {
      const base = `${photoSlug(partNumber)}-${randomBytes(6).toString('hex')}`;
      const large = path.join(folder, `${base}-lg.webp`);
      if (!(await createFile(large, photo.large))) continue;
      if (!(await createFile(path.join(folder, `${base}-sm.webp`), photo.thumbnail))) {
        await fs.rm(large, { force: true });
        continue;
      }
      return `${UPLOAD_FOLDER}/${base}-lg.webp`;
    }
  } catch {
    throw new AppError('UNAVAILABLE', WRITE_FAILED);
  }
  throw new AppError('UNAVAILABLE', WRITE_FAILED);
}

/**
 * Removes the files of photos just written whose upload then failed (nothing references them yet).
 * `names` are large-file names as {@link storePhoto} answers them; errors are ignored.
 */
export async function discardPhotos(imageDir: string, names: readonly string[]): Promise<void> {
  await Promise.all(
    names.flatMap((name) => [
      fs.rm(path.join(imageDir, name), { force: true }),
      fs.rm(path.join(imageDir, name.replace(/-lg\.webp$/, '-sm.webp')), { force: true }),
    ]),
  ).catch(() => undefined);
}
