/**
 * "Repuestos" (issue 21 items 1, 3 and 4): the panel's parts list with its filters, columns and
 * spreadsheet, the bulk price change, and an "Editar" action per part that opens the part editor.
 * Inactive parts are listed too, marked.
 */
import { useState } from 'react';
import { PartEditorDialog } from './part-editor.tsx';
import { PartsList } from './parts-list.tsx';
import { Section } from './ui.tsx';

export function PartsTab() {
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <Section
      title="Repuestos"
      description="Filtre los repuestos, edítelos uno por uno o cambie los precios de muchos a la vez. Los campos editados a mano se conservan en las próximas importaciones."
    >
      <PartsList onEdit={setEditing} />
      <PartEditorDialog partId={editing} onClose={() => setEditing(null)} />
    </Section>
  );
}
