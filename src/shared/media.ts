/** Media rules of docs/product.md §4.4: YouTube embeds, image lists and the two sizes of an uploaded photo. */

/**
 * Converts a YouTube watch/short/share link to its embed form when an 11-character video id is
 * found; any other URL is returned unchanged.
 */
export function youtubeEmbedUrl(url: string): string {
  const match = /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/.exec(
    url,
  );
  return match ? `https://www.youtube.com/embed/${match[1]}` : url;
}

/** URL-encodes each path segment of an image name (real names hold spaces and `ñ`). */
function encodePath(name: string): string {
  return name
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/**
 * Image URLs from a part's `imageUrl` (docs/product.md §4.4):
 * a comma-separated list is split and trimmed; entries not starting with `http` get `base`
 * prepended (URL-encoded per segment); a single value without a comma is used as is, unless it is
 * a bare name, which still needs the base to be reachable.
 */
export function parseImageList(imageUrl: string | null | undefined, base: string): string[] {
  if (!imageUrl?.trim()) return [];
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return imageUrl
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => (/^https?:\/\//i.test(entry) || entry.startsWith('/') ? entry : prefix + encodePath(entry)));
}

/**
 * Widths, in pixels, of the two WebP files an upload writes (docs/product.md §4.4): the detail's
 * large photo and the grids' thumbnail. A narrower photo is kept at its own width.
 */
export const PHOTO_SIZES = { large: 1200, thumbnail: 320 } as const;

/** The folder of `IMAGE_DIR` that photos uploaded in the panel are written to. */
export const UPLOAD_FOLDER = 'uploads';

/** An uploaded photo's large file, as a name or a resolved URL: `…/uploads/<name>-lg.webp`. */
const UPLOADED_LARGE = /(^|\/)uploads\/([^/?#]+)-lg\.webp$/;

/** True for a photo uploaded in the panel (its large file), whose thumbnail sits beside it. */
export function isUploadedPhoto(nameOrUrl: string): boolean {
  return UPLOADED_LARGE.test(nameOrUrl);
}

/**
 * The thumbnail to show in grids and lists (docs/product.md §4.4): for a photo uploaded in the
 * panel (`uploads/<name>-lg.webp`) its `<name>-sm.webp` (at most 320 px), for any other image the
 * image itself (imported photos have one size).
 */
export function photoThumbnail(url: string): string;
export function photoThumbnail(url: string | undefined): string | undefined;
export function photoThumbnail(url: string | undefined): string | undefined {
  return url && UPLOADED_LARGE.test(url) ? url.replace(/-lg\.webp$/, '-sm.webp') : url;
}

/**
 * The `srcset` of an uploaded photo: thumbnail and large file with their widths in pixels
 * (`… 320w, … 1200w`, the most each file holds); undefined for any other image.
 */
export function photoSrcSet(url: string | undefined): string | undefined {
  if (!url || !UPLOADED_LARGE.test(url)) return undefined;
  return `${photoThumbnail(url)} ${PHOTO_SIZES.thumbnail}w, ${url} ${PHOTO_SIZES.large}w`;
}
