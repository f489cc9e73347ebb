/**
 * The mobile index's slide-in drawer (loaded on demand by {@link CategoryDrawer}); closes on a
 * choice and on a phone's back button (docs/product.md §13.4).
 */
import { Dialog } from '../../../components/ui/dialog.tsx';
import { afterDialogEntryGone } from '../../../lib/use-close-on-back.ts';
import { CategoryIndex, type CategoryIndexProps } from './category-index.tsx';

export default function CategoryDrawerPanel({ selectedId, onSelect, onClose }: CategoryIndexProps & { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Categorías" side="left" closeOnBack>
      <CategoryIndex
        selectedId={selectedId}
        revealSelected
        onSelect={(id) => {
          // The choice pushes its address once the drawer's history entry is gone (closing takes it off).
          afterDialogEntryGone(() => onSelect(id));
          onClose();
        }}
      />
    </Dialog>
  );
}
