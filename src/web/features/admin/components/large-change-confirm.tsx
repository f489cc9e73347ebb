/**
 * The second confirmation of a large change: an import that would deactivate more than 10 % of
 * the active parts or change more than 30 % of the prices (docs/product.md §11.4), and a bulk price
 * change of more than 30 % of a list or moving a price more than 50 % (§10.2). Shared by the import preview and the bulk prices dialog.
 */
import { AlertTriangle } from 'lucide-react';
import { CheckboxField } from '../../../components/ui/form-field.tsx';

/** `reasons`: the server's sentences (why the change is large); `confirmed` drives the apply button. */
export function LargeChangeConfirm({
  reasons,
  confirmed,
  onConfirmedChange,
}: {
  reasons: readonly string[];
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
}) {
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4" />
        Cambio grande
      </p>
      <ul className="list-disc pl-5">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <CheckboxField
        label="Revisé la vista previa y quiero aplicar este cambio grande"
        className="min-h-11 font-medium text-amber-900"
        checked={confirmed}
        onChange={(event) => onConfirmedChange(event.target.checked)}
      />
    </div>
  );
}
