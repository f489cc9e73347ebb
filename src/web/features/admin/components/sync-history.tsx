/**
 * "Historial de sincronizaciones" on `/debug` (issue 17 item 8, docs/product.md §11.5): the past
 * imports and syncs, newest first, with when they started and ended, who or what started them
 * (an admin by hand, or "Programada" for `ERP_SYNC_CRON`), the uploaded file's name, their counts
 * and result. Below 640 px each run is a card titled by its start. It reads
 * `GET /api/admin/jobs` again whenever the current job changes (started, finished).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { type JobHistoryEntry, jobHistoryResponseSchema } from '../../../../shared/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { adminKeys, serverMessage } from '../api.ts';
import { jobQueries } from '../jobs-api.ts';
import { JOB_KIND_LABELS } from '../texts.ts';
import { EmptyState, ErrorState, LoadingState, Section, TableScroll, td, th } from './ui.tsx';

/** Runs listed. */
const LIMIT = 20;

const RESULT_LABELS: Record<JobHistoryEntry['result'], string> = {
  running: 'En curso',
  ok: 'Aplicada',
  preview: 'Vista previa',
  failed: 'Falló',
  skipped: 'Omitida',
};

const RESULT_STYLES: Record<JobHistoryEntry['result'], string> = {
  running: 'bg-sky-100 text-sky-900',
  ok: 'bg-emerald-100 text-emerald-900',
  preview: 'bg-slate-100 text-slate-800',
  failed: 'bg-red-100 text-red-900',
  skipped: 'bg-amber-100 text-amber-900',
};

const COUNT_COLUMNS = [
  ['inserted', 'Nuevos'],
  ['updated', 'Actualizados'],
  ['unchanged', 'Sin cambios'],
  ['deactivated', 'Desactivados'],
  ['rejected', 'Rechazados'],
] as const;

/** Who or what started a run: "Programada", or "Manual (usuario)". */
export function triggerLabel(run: Pick<JobHistoryEntry, 'trigger' | 'actor'>): string {
  return run.trigger === 'scheduled' ? 'Programada' : `Manual (${run.actor})`;
}

export function SyncHistory() {
  // Subscribes to the current job without fetching it (the sync section polls it): a new or
  // finished job changes the key, so the list is read again.
  const current = useQuery({ ...jobQueries.current(), enabled: false }).data?.job;
  const { data, error, isPending, isError, refetch, isFetching } = useQuery({
    queryKey: [...adminKeys.all(), 'jobs', 'history', LIMIT, current?.id ?? null, current?.status ?? null],
    queryFn: ({ signal }) => apiGet('/api/admin/jobs', jobHistoryResponseSchema, { limit: String(LIMIT) }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <Section
      title="Historial de sincronizaciones"
      description={`Las últimas ${LIMIT} importaciones y sincronizaciones, manuales y programadas, de la más reciente a la más antigua.`}
      actions={
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Actualizar
        </Button>
      }
    >
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message={serverMessage(error, 'No se pudo leer el historial.')} onRetry={() => void refetch()} />
      ) : data.runs.length === 0 ? (
        <EmptyState>Todavía no hubo importaciones ni sincronizaciones.</EmptyState>
      ) : (
        <TableScroll label="Historial de sincronizaciones" stack>
          <thead>
            <tr>
              <th scope="col" className={th}>
                Inicio
              </th>
              <th scope="col" className={th}>
                Fin
              </th>
              <th scope="col" className={th}>
                Tipo
              </th>
              <th scope="col" className={th}>
                Archivo
              </th>
              <th scope="col" className={th}>
                Origen
              </th>
              <th scope="col" className={th}>
                Resultado
              </th>
              {COUNT_COLUMNS.map(([key, label]) => (
                <th key={key} scope="col" className={`${th} text-right`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.runs.map((run) => (
              // On a phone the card pairs its short cells two by two; the start, file, trigger and result take a line each.
              <tr key={run.jobId ?? `omitida-${run.startedAt}`} className="max-sm:grid-cols-2 max-sm:gap-x-3">
                <th scope="row" className={`${td} whitespace-nowrap font-semibold tabular-nums max-sm:col-span-2 sm:font-normal`}>
                  {formatDateTime(run.startedAt)}
                </th>
                <td data-label="Fin" className={`${td} whitespace-nowrap tabular-nums`}>
                  {run.finishedAt ? formatDateTime(run.finishedAt) : '—'}
                </td>
                <td data-label="Tipo" className={td}>
                  {JOB_KIND_LABELS[run.kind]}
                </td>
                <td data-label="Archivo" className={`${td} max-w-48 break-all max-sm:col-span-2 max-sm:max-w-none`}>
                  {run.file ?? '—'}
                </td>
                <td data-label="Origen" className={`${td} whitespace-nowrap max-sm:col-span-2`}>
                  {triggerLabel(run)}
                </td>
                <td data-label="Resultado" className={`${td} max-sm:col-span-2 sm:min-w-48`}>
                  <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${RESULT_STYLES[run.result]}`}>
                    {RESULT_LABELS[run.result]}
                  </span>
                  {run.error ? <p className="mt-1 text-xs text-slate-700">{run.error}</p> : null}
                </td>
                {COUNT_COLUMNS.map(([key, label]) => (
                  <td key={key} data-label={label} className={`${td} tabular-nums sm:text-right`}>
                    {run.counts ? formatCount(run.counts[key]) : '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
    </Section>
  );
}
