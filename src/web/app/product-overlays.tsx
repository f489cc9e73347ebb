import { type ReactNode, useMemo, useState } from 'react';
import type { Part } from '../../shared/api.ts';
import { ProductActionsProvider } from '../components/product/product-actions.tsx';
import { VideoDialog } from '../components/product/video-dialog.tsx';
import { ProductDetailDialog } from '../features/product/index.ts';
import { useUserType } from '../features/session/index.ts';

/**
 * Owns the detail and video dialogs of a page: every product card below opens them through the
 * product actions context.
 */
export function ProductOverlays({ children }: { children: ReactNode }) {
  const userType = useUserType();
  const [detail, setDetail] = useState<Part | null>(null);
  const [video, setVideo] = useState<string | null>(null);
  const actions = useMemo(
    () => ({
      openProduct: (part: Part) => setDetail(part),
      playVideo: (part: Part) => setVideo(part.videoUrl),
    }),
    [],
  );
  return (
    <ProductActionsProvider value={actions}>
      {children}
      <ProductDetailDialog part={detail} userType={userType} onClose={() => setDetail(null)} onPlayVideo={actions.playVideo} />
      <VideoDialog url={video} onClose={() => setVideo(null)} />
    </ProductActionsProvider>
  );
}
