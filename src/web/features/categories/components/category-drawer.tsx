import { ListTree } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { CategoryIndexProps } from './category-index.tsx';

/** The drawer itself loads on the first tap: the catalogue's first load carries no dialog code. */
const CategoryDrawerPanel = lazy(() => import('./category-drawer-panel.tsx'));

/**
 * Mobile index (docs/product.md §5.2): a "Categorías" button opening the index in a slide-in
 * drawer that closes on a choice and on a phone's back button (§13.4).
 */
export function CategoryDrawer({ selectedId, onSelect }: CategoryIndexProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="h-11" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <ListTree aria-hidden="true" className="size-4" />
        Categorías
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CategoryDrawerPanel selectedId={selectedId} onSelect={onSelect} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
