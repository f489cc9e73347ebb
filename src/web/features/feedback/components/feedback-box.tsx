import { MessageSquareText } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useOnDemandDialog } from '../../../lib/use-on-demand-dialog.ts';

export { THANKS_MS } from '../constants.ts';

const loadFeedbackDialog = () => import('./feedback-dialog.tsx');
const FeedbackDialog = lazy(async () => ({ default: (await loadFeedbackDialog()).FeedbackDialog }));

/**
 * "Dejanos tu comentario" (docs/product.md §8): for signed-in users. The dialog holds a textarea of at
 * most 500 characters with a live counter; send is disabled while blank; the text is trimmed. After
 * sending, thanks show for 5 s and the dialog closes.
 */
export function FeedbackBox() {
  const dialog = useOnDemandDialog(loadFeedbackDialog);
  return (
    <aside
      aria-labelledby="feedback-title"
      className="flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <MessageSquareText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <div>
          <h2 id="feedback-title" className="font-semibold">
            Dejanos tu comentario
          </h2>
          <p className="text-sm">¿No encontrás un repuesto o tenés una sugerencia? Escribinos.</p>
        </div>
      </div>
      <Button onClick={dialog.show} onPointerEnter={dialog.preload} onFocus={dialog.preload}>
        Escribir comentario
      </Button>
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <FeedbackDialog open={dialog.open} onOpenChange={dialog.setOpen} />
        </Suspense>
      ) : null}
    </aside>
  );
}
