/** Load-failure box of the staff screens (admin panel, its Pedidos tab). */
import { AlertTriangle } from 'lucide-react';
import { ApiError } from '../../lib/api-client.ts';

/**
 * A load failure. A 401/403 means the admin session ended or is not an admin's: say so instead
 * of the generic message.
 */
export function ErrorState({ message, error, onRetry }: { message: string; error?: unknown; onRetry?: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const text =
    status === 401
      ? 'Su sesión de administrador expiró. Vuelva a ingresar.'
      : status === 403
        ? 'Su usuario no tiene permisos de administrador.'
        : message;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
      <span>{text}</span>
      {onRetry ? (
        <button type="button" onClick={onRetry} className="font-medium underline underline-offset-2">
          Reintentar
        </button>
      ) : null}
    </div>
  );
}
