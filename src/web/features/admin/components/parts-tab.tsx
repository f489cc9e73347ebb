/**
 * "Repuestos" (issue 21 item 1): the panel's parts search with an "Editar" action per part that opens
 * the part editor. Inactive parts are listed too, marked.
 */
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { PartEditorDialog } from './part-editor.tsx';
import { PartsBrowser } from './parts-browser.tsx';
import { Section } from './ui.tsx';

export function PartsTab() {
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <Section
      title="Repuestos"
      description="Busque un repuesto y edítelo: descripción, marca, categoría, precios, stock y más. Los campos editados a mano se conservan en las próximas importaciones."
    >
      <PartsBrowser
        label="Repuestos"
        columns={[
          { header: 'Lista 1', cell: (part) => <span className="whitespace-nowrap">{formatPrice(part.priceLists[0] ?? null)}</span> },
          { header: 'Stock', cell: (part) => part.stockLevel },
          {
            header: 'Estado',
            cell: (part) =>
              part.isActive ? (
                'Activo'
              ) : (
                <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">Inactivo</span>
              ),
          },
          {
            header: 'Acciones',
            cell: (part) => (
              <Button variant="outline" size="sm" onClick={() => setEditing(part.id)} aria-label={`Editar ${part.partNumber}`}>
                <Pencil aria-hidden="true" className="size-4" />
                Editar
              </Button>
            ),
          },
        ]}
      />
      <PartEditorDialog partId={editing} onClose={() => setEditing(null)} />
    </Section>
  );
}
