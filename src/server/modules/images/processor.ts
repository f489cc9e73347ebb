/**
 * Our one adapter over sharp (libvips), the image library of the photo uploads (issue 21 item 2;
 * docs/product.md §4.4): what a file really is (by its content, never its name), and the two WebP
 * files a photo is stored as, without metadata. Also the small JPEG the PDF catalogue embeds for a
 * WebP photo (PDFKit reads only JPEG and PNG). sharp is loaded on first use, so a server that never
 * handles a photo never maps libvips (the memory budget of docs/performance.md).
 */
import type { Sharp, SharpOptions } from 'sharp';
import { PHOTO_SIZES } from '../../../shared/media.ts';

/** The formats accepted, as sharp names them. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Most pixels a photo may have (100 megapixels): larger ones are refused before decoding (a decompression bomb). */
export const MAX_PHOTO_PIXELS = 100_000_000;

/** Why a file is not a photo we can take; `message` is the Spanish sentence about it. */
export class PhotoRejected extends Error {}

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;
let loaded: Promise<SharpFactory> | null = null;

/** sharp, loaded once: no cache of decoded images and one libvips thread per image (2-core servers, docs/deploy.md). */
function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp as unknown as SharpFactory;
  });
  return loaded;
}

/** Options every decode uses: the pixel limit and a refusal of damaged data. */
const DECODE: SharpOptions = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' };

/** A photo as it is stored: the large and the thumbnail WebP, and their sizes in pixels. */
export interface ProcessedPhoto {
  /** The detail's photo: WebP, at most {@link PHOTO_SIZES}.large px wide. */
  large: Buffer;
  /** The grids' photo: WebP, at most {@link PHOTO_SIZES}.thumbnail px wide. */
  thumbnail: Buffer;
  /** What the upload really was. */
  format: 'jpeg' | 'png' | 'webp';
  width: number;
  height: number;
}

/** The Spanish sentence for a sharp failure on `label`'s content. */
function rejection(label: string, error: unknown): PhotoRejected {
  const text = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(text)) {
    return new PhotoRejected(`«${label}» tiene demasiados píxeles: se aceptan fotos de hasta ${MAX_PHOTO_PIXELS / 1_000_000} megapíxeles.`);
  }
  if (/unsupported image format|bad seek|input buffer is empty|not a known file format/i.test(text)) {
    return new PhotoRejected(`«${label}» no es una foto JPEG, PNG o WebP (se revisa el contenido del archivo, no su nombre).`);
  }
  return new PhotoRejected(`«${label}» está dañada o incompleta y no se puede leer como foto.`);
}

/**
 * Checks `input` by its content and writes its two WebP files: turned upright from its EXIF
 * orientation, then every metadata block (EXIF, GPS, XMP, IPTC, ICC profile) dropped and the colours
 * converted to sRGB (sharp's default output), narrowed to {@link PHOTO_SIZES} px wide (never
 * enlarged; at most twice as tall). `label` names the file in messages (its original name).
 * @throws PhotoRejected with a Spanish message when the content is not a JPEG, PNG or WebP image,
 *   is damaged, or has more than {@link MAX_PHOTO_PIXELS} pixels.
 */
export async function processPhoto(input: Buffer, label: string): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, DECODE).metadata());
  } catch (error) {
    throw rejection(label, error);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    const what = format ? `una imagen ${format.toUpperCase()}` : 'un formato desconocido';
    throw new PhotoRejected(`«${label}» es ${what}: se aceptan fotos JPEG, PNG o WebP.`);
  }
  try {
    const large = await sharp(input, DECODE)
      .autoOrient()
      .resize({ width: PHOTO_SIZES.large, height: PHOTO_SIZES.large * 2, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(large.data)
      .resize({ width: PHOTO_SIZES.thumbnail, height: PHOTO_SIZES.thumbnail * 2, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return {
      large: large.data,
      thumbnail,
      format: format as ProcessedPhoto['format'],
      width: large.info.width,
      height: large.info.height,
    };
  } catch (error) {
    throw rejection(label, error);
  }
}

/**
 * A WebP photo as a JPEG PDFKit can embed (docs/product.md §9.2): transparency on white, at most
 * `maxWidth` px wide.
 * @returns null when `input` cannot be decoded (the PDF then prints "Sin imagen").
 */
export async function webpToJpeg(input: Buffer, maxWidth: number): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, DECODE)
      .resize({ width: maxWidth, height: maxWidth * 2, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}
