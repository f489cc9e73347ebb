/** The mobile index's slide-in drawer (loaded on demand by {@link CategoryDrawer}); closes on a choice. */
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CategoryIndex, type CategoryIndexProps } from './category-index.tsx';

export default function CategoryDrawerPanel({ selectedId, onSelect, onClose }: CategoryIndexProps & { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Categorías" side="left">
      <CategoryIndex
        selectedId={selectedId}
        revealSelected
        onSelect={(id) => {
          onSelect(id);
          onClose();
        }}
      />
    </Dialog>
  );
}
