import { youtubeEmbedUrl } from '../../../shared/media.ts';
import { Dialog } from '../ui/dialog.tsx';

/** "Video del Producto": YouTube links play embedded; other video files in a native player. The back button closes it. */
export function VideoDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  const embed = url ? youtubeEmbedUrl(url) : '';
  const isFile = /\.(mp4|webm|ogg)(\?|$)/i.test(embed);
  return (
    <Dialog open={url !== null} onOpenChange={(open) => !open && onClose()} title="Video del Producto" size="lg" closeOnBack>
      <div className="aspect-video w-full overflow-hidden rounded-md bg-black">
        {url && isFile ? (
          // biome-ignore lint/a11y/useMediaCaption: supplier videos come without captions
          <video src={embed} controls className="h-full w-full" />
        ) : url ? (
          <iframe
            src={embed}
            title="Video del Producto"
            className="h-full w-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : null}
      </div>
    </Dialog>
  );
}
