import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import type { Part } from '../../shared/api.ts';
import { ProductActionsProvider } from '../components/product/product-actions.tsx';
import { AddToOrderButton, useCardOrderControl } from '../features/orders/index.ts';
import { useUserType } from '../features/session/index.ts';

/**
 * The detail and video dialogs load when a part or a video is first opened, so that the catalogue's
 * first load carries no dialog code (issue 19: at most 150 kB gzip; they and Radix's dialog are ~11 kB).
 */
const ProductDetailDialog = lazy(async () => ({ default: (await import('../features/product/index.ts')).ProductDetailDialog }));
const VideoDialog = lazy(async () => ({ default: (await import('../components/product/video-dialog.tsx')).VideoDialog }));

/** The admin's "Editar" on a part's detail (issue 21), loaded with the admin feature only when an admin looks. */
const EditPartButton = lazy(async () => ({ default: (await import('../features/admin/index.ts')).EditPartButton }));

/**
 * Owns the detail and video dialogs of a page: every product card below opens them through the
 * product actions context, which also gives each card its "Agregar al pedido" control (issue 19).
 */
export function ProductOverlays({ children }: { children: ReactNode }) {
  const userType = useUserType();
  const [detail, setDetail] = useState<Part | null>(null);
  const [video, setVideo] = useState<string | null>(null);
  const orderControl = useCardOrderControl();
  const actions = useMemo(
    () => ({
      openProduct: (part: Part) => setDetail(part),
      playVideo: (part: Part) => setVideo(part.videoUrl),
      ...(orderControl ? { orderControl } : {}),
    }),
    [orderControl],
  );
  return (
    <ProductActionsProvider value={actions}>
      {children}
      {detail ? (
        <Suspense fallback={null}>
          <ProductDetailDialog
            part={detail}
            userType={userType}
            onClose={() => setDetail(null)}
            onPlayVideo={actions.playVideo}
            orderButton={(part, quantity) => <AddToOrderButton part={part} quantity={quantity} />}
            // An admin's "Editar" opens the part editor over the detail: back must not drop its edits.
            closeOnBack={userType !== 'admin'}
            {...(userType === 'admin'
              ? {
                  adminAction: (part: Part) => (
                    <Suspense fallback={null}>
                      <EditPartButton partId={part.id} partNumber={part.partNumber} onSaved={() => setDetail(null)} />
                    </Suspense>
                  ),
                }
              : {})}
          />
        </Suspense>
      ) : null}
      {video ? (
        <Suspense fallback={null}>
          <VideoDialog url={video} onClose={() => setVideo(null)} />
        </Suspense>
      ) : null}
    </ProductActionsProvider>
  );
}
