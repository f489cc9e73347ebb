import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { compactSelectClasses } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { type PartRequest, type PartRequestStatus, useDeleteRequest, usePartRequests, useSetRequestStatus } from '../api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { REQUEST_STATUS_LABELS } from '../texts.ts';
import { EmptyState, ErrorState, LoadingState, Section, TableHead, TableScroll, td } from './ui.tsx';

const STATUSES = Object.keys(REQUEST_STATUS_LABELS) as PartRequestStatus[];

function RequestRow({ request }: { request: PartRequest }) {
  const id = useId();
  const setStatus = useSetRequestStatus();
  const remove = useDeleteRequest();
  const busy = setStatus.isPending || remove.isPending;
  return (
    <tr>
      <td className={`${td} whitespace-nowrap`}>{formatDateTime(request.createdAt)}</td>
      <th scope="row" className={`${td} font-medium`}>
        {request.username}
      </th>
      <td className={`${td} min-w-64 whitespace-pre-wrap break-words`}>{request.message}</td>
      <td className={td}>
        <label htmlFor={id} className="sr-only">
          Estado de la solicitud de {request.username}
        </label>
        <select
          id={id}
          value={setStatus.isPending ? setStatus.variables.status : request.status}
          disabled={busy}
          onChange={(event) => setStatus.mutate({ id: request.id, status: event.target.value as PartRequestStatus })}
          className={cn(compactSelectClasses, 'h-9')}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {REQUEST_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </td>
      <td className={td}>
        <Button size="sm" variant="ghost" className="text-accent-700" disabled={busy} onClick={() => remove.mutate({ id: request.id })}>
          <Trash2 aria-hidden="true" className="size-4" />
          Eliminar
        </Button>
      </td>
    </tr>
  );
}

/** "Solicitudes": part requests and comments from users, with status and delete. */
export function PartRequestsTab() {
  const { data, error, isPending, isError, refetch } = usePartRequests();
  const pendingCount = data?.filter((r) => r.status === 'pending').length ?? 0;
  return (
    <Section
      title="Solicitudes"
      description={data ? `${data.length} solicitudes, ${pendingCount} pendientes.` : 'Pedidos y comentarios enviados por los usuarios.'}
    >
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar las solicitudes." onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState>No hay solicitudes.</EmptyState>
      ) : (
        <TableScroll label="Solicitudes de repuestos">
          <TableHead columns={['Fecha', 'Usuario', 'Mensaje', 'Estado']} />
          <tbody>
            {data.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </tbody>
        </TableScroll>
      )}
    </Section>
  );
}
