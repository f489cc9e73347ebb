/**
 * Contract of a part's photos in the admin panel (issue 21 item 2; docs/product.md §4.4, §10.2):
 * `GET/POST /api/admin/parts/:id/images`, `PUT /api/admin/parts/:id/images/order` and
 * `DELETE /api/admin/parts/:id/images/:n`. A part's photos are the ordered entries of its
 * `imageUrl`; the first one is the photo lists, print, PDF and search engines show.
 */
import * as z from 'zod/mini';
import { int } from './int.ts';

/** Most photos one part may hold (uploaded and imported together). */
export const MAX_PHOTOS_PER_PART = 12;
/** Largest photo file accepted, bytes (10 MB). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The types a photo may be, by its content (the name and the declared type are not trusted). */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** One photo of a part, in its order. */
export const partPhotoSchema = z.object({
  /** The entry as `imageUrl` holds it (a name under `IMAGE_DIR` or a URL). */
  name: z.string(),
  /** The large photo's URL (`IMAGE_BASE_URL` applied). */
  url: z.string(),
  /** The thumbnail's URL: the small file of an uploaded photo, the photo itself otherwise. */
  thumbnailUrl: z.string(),
  /** True for a photo uploaded in the panel (a large and a thumbnail WebP), false for an imported reference. */
  uploaded: z.boolean(),
});
export type PartPhoto = z.infer<typeof partPhotoSchema>;

/** Every answer of the photo routes: the part's photos after the call, first one first. */
export const partPhotosSchema = z.object({
  partId: int(),
  partNumber: z.string(),
  photos: z.array(partPhotoSchema),
  /** True when the photos are marked as edited by hand (later imports keep them). */
  handEdited: z.boolean(),
});
export type PartPhotos = z.infer<typeof partPhotosSchema>;

const INDEX_ERROR = 'La foto debe indicarse por su posición (0 es la primera)';

/** Params of `DELETE /api/admin/parts/:id/images/:n`: `n` is the photo's index, 0 for the first. */
export const photoParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'debe ser un número entero' })
    .check(
      z.int({ error: 'debe ser un número entero' }),
      z.gte(1, { error: 'debe ser al menos 1' }),
      z.lte(2_147_483_647, { error: 'debe ser como máximo 2147483647' }),
    ),
  n: z.coerce
    .number({ error: INDEX_ERROR })
    .check(z.int({ error: INDEX_ERROR }), z.gte(0, { error: INDEX_ERROR }), z.lte(MAX_PHOTOS_PER_PART, { error: INDEX_ERROR })),
});

/**
 * Query of that delete: `name`, when given, must be the entry at `n`, so a list changed meanwhile
 * (another admin, another tab) never loses the wrong photo (409 instead).
 */
export const photoDeleteQuerySchema = z.object({
  name: z.optional(z.string().check(z.maxLength(2000, { error: 'El nombre de la foto es demasiado largo' }))),
});

/**
 * Body of `PUT /api/admin/parts/:id/images/order`: the part's current photo names in their new
 * order (each once, none added or left out).
 */
export const photoOrderBodySchema = z.object({
  names: z
    .array(z.string({ error: 'Cada foto debe indicarse por su nombre' }).check(z.maxLength(2000)), {
      error: 'El orden debe ser la lista de fotos',
    })
    .check(
      z.minLength(1, { error: 'El orden debe nombrar las fotos del repuesto' }),
      z.maxLength(MAX_PHOTOS_PER_PART, { error: `Un repuesto admite hasta ${MAX_PHOTOS_PER_PART} fotos` }),
    ),
});
