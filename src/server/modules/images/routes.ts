/**
 * A part's photos in the admin panel (issue 21 item 2; docs/product.md §10.2, §12): list, upload
 * (multipart, several files), reorder and remove. Admin only: 401 without a session and 403 for
 * a non-admin, decided before the body is read. Uploads are multipart forms read one file at a
 * time (at most {@link MAX_PHOTO_BYTES} each, {@link MAX_PHOTOS_PER_PART} per part); the multipart
 * parser is registered in this plugin only, every other route stays JSON only.
 */
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/api.ts';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_PART,
  partPhotosSchema,
  photoDeleteQuerySchema,
  photoOrderBodySchema,
  photoParamsSchema,
} from '../../../shared/part-photos.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { PhotoRejected, processPhoto } from './processor.ts';
import { addPhotos, listPhotos, type PhotoSettings, removePhoto, reorderPhotos, tooMany } from './service.ts';
import { discardPhotos, storePhoto } from './storage.ts';

const tags = ['admin'];
const MB = MAX_PHOTO_BYTES / (1024 * 1024);

/** The multipart limits of an upload (busboy's): files, their size, and a few small fields at most. */
const LIMITS = {
  fileSize: MAX_PHOTO_BYTES,
  files: MAX_PHOTOS_PER_PART,
  fields: 10,
  fieldSize: 1000,
  fieldNameSize: 100,
  parts: MAX_PHOTOS_PER_PART + 10,
  headerPairs: 100,
};

/** A file's name as messages quote it: no control characters, at most 80 characters. */
function fileLabel(file: MultipartFile): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const name = (file.filename ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name ? name.slice(0, 80) : 'La foto';
}

/** The Spanish error of a multipart failure (limits, a form cut short or malformed). */
function multipartError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', `Se pueden subir hasta ${MAX_PHOTOS_PER_PART} fotos por vez.`);
  }
  return new AppError('VALIDATION', 'El formulario de fotos llegó incompleto o dañado: vuelva a intentarlo.');
}

/**
 * Reads the upload's files one at a time, checks and stores each (both WebP files under
 * `imageDir`), and answers the names stored, in the order sent. At most `room` files are taken.
 * @throws AppError PAYLOAD_TOO_LARGE (a file over 10 MB, too many files), VALIDATION (not a JPEG,
 *   PNG or WebP by its content, damaged, too many pixels, more than `room`, a malformed form),
 *   UNAVAILABLE (the folder cannot be written). Files already stored stay for the caller to discard.
 */
async function storeUploadedFiles(
  request: FastifyRequest,
  imageDir: string,
  partNumber: string,
  room: number,
  held: number,
  stored: string[],
): Promise<void> {
  const files = request.files({ limits: LIMITS })[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<MultipartFile>;
    try {
      next = await files.next();
    } catch (error) {
      throw multipartError(error);
    }
    if (next.done) return;
    const file = next.value;
    const label = fileLabel(file);
    if (stored.length >= room) {
      file.file.resume();
      throw tooMany(held);
    }
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', `«${label}» pesa más de ${MB} MB: se aceptan fotos de hasta ${MB} MB.`);
      }
      throw multipartError(error);
    }
    let photo: Awaited<ReturnType<typeof processPhoto>>;
    try {
      photo = await processPhoto(data, label);
    } catch (error) {
      if (error instanceof PhotoRejected) throw new AppError('VALIDATION', error.message);
      throw error;
    }
    stored.push(await storePhoto(imageDir, partNumber, photo));
  }
}

export function photoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const settings: PhotoSettings = { imageBaseUrl: config.imageBaseUrl };
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    // Only these routes parse multipart/form-data; files are read by the handler, never buffered by the parser.
    await app.register(fastifyMultipart, { limits: LIMITS });

    app.get(
      '/api/admin/parts/:id/images',
      { schema: { tags, params: idParamsSchema, response: { 200: partPhotosSchema } } },
      async (request) => listPhotos(db, request.params.id, settings),
    );

    app.post(
      '/api/admin/parts/:id/images',
      { schema: { tags, params: idParamsSchema, consumes: ['multipart/form-data'], response: { 201: partPhotosSchema } } },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envíe las fotos como formulario multipart/form-data (JPEG, PNG o WebP).');
        }
        const id = request.params.id;
        const before = await listPhotos(db, id, settings);
        const held = before.photos.length;
        if (held >= MAX_PHOTOS_PER_PART) throw tooMany(held);
        const stored: string[] = [];
        try {
          await storeUploadedFiles(request, config.imageDir, before.partNumber, MAX_PHOTOS_PER_PART - held, held, stored);
          if (!stored.length) throw new AppError('VALIDATION', 'No se recibió ninguna foto: elija uno o más archivos JPEG, PNG o WebP.');
          const photos = await addPhotos(db, actorOf(request), id, stored, settings);
          return reply.status(201).send(photos);
        } catch (error) {
          // Nothing references the files of a failed upload: all or none of its photos are added.
          await discardPhotos(config.imageDir, stored);
          throw error;
        }
      },
    );

    app.put(
      '/api/admin/parts/:id/images/order',
      { schema: { tags, params: idParamsSchema, body: photoOrderBodySchema, response: { 200: partPhotosSchema } } },
      async (request) => reorderPhotos(db, actorOf(request), request.params.id, request.body.names, settings),
    );

    app.delete(
      '/api/admin/parts/:id/images/:n',
      { schema: { tags, params: photoParamsSchema, querystring: photoDeleteQuerySchema, response: { 200: partPhotosSchema } } },
      async (request) => removePhoto(db, actorOf(request), request.params.id, request.params.n, request.query.name, settings),
    );
  };
}
