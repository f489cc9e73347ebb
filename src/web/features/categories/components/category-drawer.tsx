import { ListTree } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CategoryIndex, type CategoryIndexProps } from './category-index.tsx';

/** Mobile index: a "Categorías" button opening the index in a slide-in drawer that closes on choice. */
export function CategoryDrawer({ selectedId, onSelect }: CategoryIndexProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="h-11" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <ListTree aria-hidden="true" className="size-4" />
        Categorías
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Categorías" side="left">
        <CategoryIndex
          selectedId={selectedId}
          onSelect={(id) => {
            onSelect(id);
            setOpen(false);
          }}
        />
      </Dialog>
    </>
  );
}
