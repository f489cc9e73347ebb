/** Media rules of docs/product.md §4.4: YouTube embeds and image lists. */

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
