/**
 * A part's photos (issue 21 item 2; docs/product.md §4.4, §10.2): the ordered entries of
 * `parts.image_url`, the one reference every reader already uses (lists and detail, print, PDF,
 * search engines and pedidos show the first). Imported references and photos uploaded in the panel
 * sit in the same list. Every change marks `imageUrl` as edited by hand (later imports keep the
 * photos, docs/product.md §11.4), is audited with the list before and after, and bumps the
 * catalogue version. Files are never deleted here: a removed photo's files stay in `IMAGE_DIR`.
 */
import { eq, sql } from 'drizzle-orm';
import { isUploadedPhoto, parseImageList, photoThumbnail } from '../../../shared/media.ts';
import { MAX_PHOTOS_PER_PART, type PartPhotos } from '../../../shared/part-photos.ts';
import type { Db, Executor } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { bumpCatalogueVersion } from '../catalogue/version.ts';

/** Where the photos' URLs start (`IMAGE_BASE_URL`, docs/product.md §4.4). */
export interface PhotoSettings {
  imageBaseUrl: string;
}

type PartRow = Pick<typeof parts.$inferSelect, 'id' | 'partNumber' | 'imageUrl' | 'handEditedFields'>;

const STALE =
  'Las fotos del repuesto cambiaron mientras tanto (otra pestaña u otra persona). Se muestran las actuales: vuelva a intentarlo.';
const NOT_FOUND = 'Producto no encontrado';

/** The entries of an `imageUrl` comma list, trimmed, empty ones left out. */
export function photoNames(imageUrl: string | null): string[] {
  return (imageUrl ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A part's photos as the panel shows them. */
function present(row: PartRow, settings: PhotoSettings): PartPhotos {
  return {
    partId: row.id,
    partNumber: row.partNumber,
    photos: photoNames(row.imageUrl).map((name) => {
      const url = parseImageList(name, settings.imageBaseUrl)[0] ?? name;
      return { name, url, thumbnailUrl: photoThumbnail(url), uploaded: isUploadedPhoto(name) };
    }),
    handEdited: row.handEditedFields.includes('imageUrl'),
  };
}

const columns = { id: parts.id, partNumber: parts.partNumber, imageUrl: parts.imageUrl, handEditedFields: parts.handEditedFields };

/**
 * Part `id`'s photos, first one first.
 * @throws AppError NOT_FOUND "Producto no encontrado".
 */
export async function listPhotos(db: Executor, id: number, settings: PhotoSettings): Promise<PartPhotos> {
  const [row] = await db.select(columns).from(parts).where(eq(parts.id, id));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return present(row, settings);
}

/**
 * Locks part `id`, lets `change` compute its new photo list from the current one, and when the list
 * differs writes it (null when empty), marks `imageUrl` as edited by hand, audits `action` with the
 * lists before and after (`images`, plus `partNumber`) and bumps the catalogue version, all in one
 * transaction. A `change` that answers the same list writes nothing.
 */
async function changePhotos(
  db: Db,
  actor: Actor,
  id: number,
  settings: PhotoSettings,
  action: string,
  change: (current: string[]) => string[],
): Promise<PartPhotos> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select(columns).from(parts).where(eq(parts.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    const current = photoNames(row.imageUrl);
    const next = change(current);
    if (next.length === current.length && next.every((name, i) => name === current[i])) return present(row, settings);
    const handEditedFields = row.handEditedFields.includes('imageUrl') ? row.handEditedFields : [...row.handEditedFields, 'imageUrl'];
    const [updated] = await tx
      .update(parts)
      .set({ imageUrl: next.length ? next.join(',') : null, handEditedFields, updatedAt: sql`now()` })
      .where(eq(parts.id, id))
      .returning(columns);
    await recordAudit(tx, actor, {
      action,
      entity: 'part',
      entityId: id,
      before: { partNumber: row.partNumber, images: current },
      after: { partNumber: row.partNumber, images: next },
    });
    await bumpCatalogueVersion(tx);
    return present(updated as PartRow, settings);
  });
}

/**
 * Adds photos just stored (`names`, as `imageUrl` holds them) after part `id`'s current ones,
 * audited as `part.photos.add`.
 * @throws AppError NOT_FOUND for an unknown part; VALIDATION when the part would hold more than
 *   {@link MAX_PHOTOS_PER_PART} photos (nothing is added).
 */
export async function addPhotos(db: Db, actor: Actor, id: number, names: string[], settings: PhotoSettings): Promise<PartPhotos> {
  return changePhotos(db, actor, id, settings, 'part.photos.add', (current) => {
    if (current.length + names.length > MAX_PHOTOS_PER_PART) throw tooMany(current.length);
    return [...current, ...names];
  });
}

/** The Spanish refusal of a part that would hold too many photos. */
export function tooMany(held: number): AppError {
  const room = Math.max(0, MAX_PHOTOS_PER_PART - held);
  return new AppError(
    'VALIDATION',
    `Un repuesto admite hasta ${MAX_PHOTOS_PER_PART} fotos y este tiene ${held}: ${room ? `puede agregar ${room} más` : 'elimine alguna antes de subir otra'}.`,
  );
}

/**
 * Takes photo `index` (0 = the first) off part `id`, audited as `part.photos.remove`. Its files stay
 * in `IMAGE_DIR` (another part or the Historial may still name them).
 * @param expectedName when given, the entry that must be at `index`.
 * @throws AppError NOT_FOUND for an unknown part or index; CONFLICT when `expectedName` is not
 *   the entry at `index` (the list changed meanwhile; nothing is removed).
 */
export async function removePhoto(
  db: Db,
  actor: Actor,
  id: number,
  index: number,
  expectedName: string | undefined,
  settings: PhotoSettings,
): Promise<PartPhotos> {
  return changePhotos(db, actor, id, settings, 'part.photos.remove', (current) => {
    const name = current[index];
    if (name === undefined) throw new AppError('NOT_FOUND', `El repuesto no tiene una foto en la posición ${index + 1}`);
    if (expectedName !== undefined && expectedName !== name) throw new AppError('CONFLICT', STALE);
    return current.filter((_, i) => i !== index);
  });
}

/**
 * Puts part `id`'s photos in the order of `names`, which must hold exactly its current photos
 * (each as many times as the part has it); audited as `part.photos.reorder`. The same order
 * writes nothing.
 * @throws AppError NOT_FOUND for an unknown part; CONFLICT when `names` adds, leaves out or
 *   repeats a photo (the list changed meanwhile; nothing is written).
 */
export async function reorderPhotos(db: Db, actor: Actor, id: number, names: string[], settings: PhotoSettings): Promise<PartPhotos> {
  return changePhotos(db, actor, id, settings, 'part.photos.reorder', (current) => {
    const sorted = (list: string[]) => [...list].sort();
    const a = sorted(current);
    const b = sorted(names.map((name) => name.trim()));
    if (a.length !== b.length || a.some((name, i) => name !== b[i])) throw new AppError('CONFLICT', STALE);
    return names.map((name) => name.trim());
  });
}
