/**
 * "Solicitudes" (docs/product.md §8, §10.2; issue 21 item 8): part requests and comments, newest
 * first, with who sent them (name, company, phone, e-mail), a WhatsApp reply link, a status filter,
 * the status select and delete after a confirmation. Cards on phones.
 */
import { Mail, MessageCircle, Phone, Trash2 } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { PART_REQUEST_STATUSES } from '../../../../shared/admin.ts';
import type { AdminPartRequest } from '../../../../shared/admin-users.ts';
import { whatsappReplyLink } from '../../../../shared/phone.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SelectField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { REQUEST_STATUS_LABELS } from '../texts.ts';
import { type PartRequestStatus, useDeleteRequest, usePartRequests, useSetRequestStatus } from '../users-api.ts';
import { ActionsCell, CardRow, CardTable, Cell, HeadCell } from './card-table.tsx';
import { EmptyState, ErrorState, LoadingState, Section } from './ui.tsx';
import { useRefocusAfterRemoval } from '../lib/use-refocus-after-removal.ts';

const STATUS_OPTIONS = PART_REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] }));
const FILTER_OPTIONS = [{ value: '', label: 'Todas' }, ...STATUS_OPTIONS];

/** The sender as staff call them: the name on the account, else the username. */
function senderName(request: AdminPartRequest): string {
  return request.fullName || request.username;
}

/** The first words of a message, for a reply or a confirmation. */
function excerpt(message: string, max = 80): string {
  return message.length > max ? `${message.slice(0, max - 1)}…` : message;
}

function Contact({ request }: { request: AdminPartRequest }) {
  const whatsapp = whatsappReplyLink(
    request.phone,
    `Hola ${senderName(request)}, le escribimos por su solicitud: "${excerpt(request.message)}"`,
  );
  if (!request.phone && !request.email) return <span className="text-slate-500">Sin datos de contacto</span>;
  return (
    <ul className="grid gap-1">
      {request.phone ? (
        <li className="flex flex-wrap items-center gap-x-2">
          <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-1 text-brand-700 underline">
            <Phone aria-hidden="true" className="size-3.5" />
            {request.phone}
          </a>
          {whatsapp ? (
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded bg-green-50 px-1.5 py-0.5 text-green-800 hover:bg-green-100"
            >
              <MessageCircle aria-hidden="true" className="size-3.5" />
              Responder por WhatsApp<span className="sr-only"> a {senderName(request)}</span>
            </a>
          ) : null}
        </li>
      ) : null}
      {request.email ? (
        <li>
          <a href={`mailto:${request.email}`} className="inline-flex items-center gap-1 break-all text-brand-700 underline">
            <Mail aria-hidden="true" className="size-3.5" />
            {request.email}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

function RequestRow({
  request,
  onDelete,
  onStatusSaved,
}: {
  request: AdminPartRequest;
  onDelete: (request: AdminPartRequest) => void;
  /** After a status change is saved (the row may leave a filtered list). */
  onStatusSaved: (request: AdminPartRequest, status: PartRequestStatus) => void;
}) {
  const setStatus = useSetRequestStatus();
  const sent = formatDateTime(request.createdAt);
  return (
    <CardRow>
      <Cell label="Fecha" className="whitespace-nowrap">
        {sent}
      </Cell>
      <HeadCell>
        <span className="block">{senderName(request)}</span>
        <span className="block text-xs font-normal text-slate-600">
          {request.fullName ? request.username : null}
          {request.fullName && request.company ? ' · ' : null}
          {request.company}
        </span>
      </HeadCell>
      <Cell label="Contacto">
        <Contact request={request} />
      </Cell>
      <Cell label="Mensaje" className="whitespace-pre-wrap break-words md:min-w-64">
        {request.message}
      </Cell>
      <Cell label="Estado">
        <SelectField
          label={`Estado de la solicitud de ${request.username} del ${sent}`}
          labelHidden
          density="compact"
          controlClassName="h-9"
          options={STATUS_OPTIONS}
          value={setStatus.isPending ? setStatus.variables.status : request.status}
          // Not disabled while saving: a disabled select drops the keyboard's focus to the page.
          aria-busy={setStatus.isPending || undefined}
          data-request-status
          onChange={(event) => {
            const status = event.target.value as PartRequestStatus;
            setStatus.mutate({ id: request.id, status }, { onSuccess: () => onStatusSaved(request, status) });
          }}
        />
      </Cell>
      <ActionsCell>
        <Button size="sm" variant="ghost" className="text-accent-700" disabled={setStatus.isPending} onClick={() => onDelete(request)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Eliminar
        </Button>
      </ActionsCell>
    </CardRow>
  );
}

/** "Eliminar solicitud": shows which request and that it cannot be undone, then deletes. */
function DeleteRequestDialog({
  request,
  onClose,
  onDeleted,
}: {
  request: AdminPartRequest | null;
  onClose: () => void;
  onDeleted: (request: AdminPartRequest) => void;
}) {
  const remove = useDeleteRequest();
  return (
    <ConfirmDialog
      open={request !== null}
      title="Eliminar solicitud"
      description={request ? `¿Eliminar la solicitud de ${senderName(request)}? No se puede deshacer.` : undefined}
      size="md"
      actionLabel="Eliminar"
      busyLabel="Eliminando..."
      tone="destructive"
      busy={remove.isPending}
      actionDisabled={!request}
      onCancel={onClose}
      onConfirm={() => {
        if (request) remove.mutate({ id: request.id }, { onSuccess: () => onDeleted(request), onSettled: onClose });
      }}
    >
      {request ? <blockquote className="border-l-4 border-slate-200 pl-3">{excerpt(request.message, 200)}</blockquote> : null}
    </ConfirmDialog>
  );
}

/**
 * "Solicitudes": part requests and comments from users, by status, with contact, status and delete.
 * A request that leaves the list (deleted, or given a status the filter hides) hands the keyboard's
 * focus to the request now in its place (the previous one at the end; the filter when none is left),
 * so staff working down the list with the keyboard keep their place.
 */
export function PartRequestsTab() {
  const [status, setStatus] = useState<PartRequestStatus | ''>('');
  const { data, error, isPending, isError, isPlaceholderData, refetch } = usePartRequests(status || undefined);
  const [deleting, setDeleting] = useState<AdminPartRequest | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const filterRef = useRef<HTMLSelectElement>(null);
  // Once the list has dropped a request (and the confirmation is closed), the request now in its
  // place takes the focus; the filter when none is left.
  const filterBox = useCallback(() => filterRef.current, []);
  const leftAt = useRefocusAfterRemoval(
    data?.map((r) => r.id),
    listRef,
    'select[data-request-status]',
    filterBox,
    deleting !== null,
  );
  const markLeaving = (request: AdminPartRequest) => {
    const index = data?.findIndex((r) => r.id === request.id) ?? -1;
    if (index >= 0) leftAt(request.id, index);
  };

  return (
    <Section
      title="Solicitudes"
      description="Pedidos y comentarios enviados por los usuarios, con sus datos de contacto."
      actions={
        <SelectField
          label="Mostrar"
          density="compact"
          options={FILTER_OPTIONS}
          ref={filterRef}
          value={status}
          onChange={(event) => setStatus(event.target.value as PartRequestStatus | '')}
        />
      }
    >
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message="No se pudieron cargar las solicitudes." onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState>{status ? `No hay solicitudes en estado "${REQUEST_STATUS_LABELS[status]}".` : 'No hay solicitudes.'}</EmptyState>
      ) : (
        <div ref={listRef} aria-busy={isPlaceholderData || undefined} className={cn(isPlaceholderData && 'opacity-60')}>
          <CardTable label="Solicitudes de repuestos" columns={['Fecha', 'Usuario', 'Contacto', 'Mensaje', 'Estado']}>
            {data.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                onDelete={setDeleting}
                onStatusSaved={(saved, next) => {
                  if (status && next !== status) markLeaving(saved);
                }}
              />
            ))}
          </CardTable>
        </div>
      )}
      <DeleteRequestDialog request={deleting} onClose={() => setDeleting(null)} onDeleted={markLeaving} />
    </Section>
  );
}
