import { salesUnitBodySchema } from '../../../../shared/admin.ts';
import { type AdminPart, useSetSalesUnit } from '../api.ts';
import { InlineEdit } from './inline-edit.tsx';
import { PartsBrowser } from './parts-browser.tsx';
import { Section } from './ui.tsx';

/** Empty (after trimming) is refused with the text of docs/product.md §10.2 (the shared body rule). */
function SalesUnitCell({ part }: { part: AdminPart }) {
  const mutation = useSetSalesUnit();
  return (
    <InlineEdit
      value={part.salesUnit}
      label={`Unidad de venta de ${part.partNumber}`}
      schema={salesUnitBodySchema.shape.salesUnit}
      field="salesUnit"
      onSave={(salesUnit) => mutation.mutateAsync({ id: part.id, salesUnit })}
    />
  );
}

/** "Unidades de Venta": click a value to edit, Enter saves, Escape cancels. */
export function SalesUnitsTab() {
  return (
    <Section title="Unidades de Venta" description="Haga clic en una unidad para editarla; Enter guarda y Escape cancela.">
      <PartsBrowser
        label="Unidades de venta por repuesto"
        columns={[{ header: 'Unidad de Venta', cell: (part) => <SalesUnitCell part={part} /> }]}
      />
    </Section>
  );
}
