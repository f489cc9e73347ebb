import { Info } from 'lucide-react';

/** The guests' notice in place of the feedback box (docs/product.md §5.4). */
export function GuestNotice() {
  return (
    <aside aria-labelledby="guest-notice-title" className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900">
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
      <div>
        <h2 id="guest-notice-title" className="font-semibold">
          Catálogo Online
        </h2>
        <p className="text-sm">
          Está navegando como invitado. Ingrese como cliente para ver sus precios especiales y enviarnos sus consultas.
        </p>
      </div>
    </aside>
  );
}
