/**
 * "Editar" for an admin viewing a part's detail (issue 21 item 1): opens the part editor over the
 * detail dialog; `onSaved` runs after a save (the app closes the detail, whose part is now stale).
 * The app renders it only when the session is an admin's.
 */
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { PartEditorDialog } from './part-editor.tsx';

export function EditPartButton({ partId, partNumber, onSaved }: { partId: number; partNumber: string; onSaved?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClasses('outline', 'sm')} onClick={() => setOpen(true)} aria-label={`Editar ${partNumber}`}>
        <Pencil aria-hidden="true" className="size-4" />
        Editar
      </button>
      <PartEditorDialog
        partId={open ? partId : null}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          onSaved?.();
        }}
      />
    </>
  );
}
