import { AlertTriangle, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { routes } from '../../app/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatCount } from '../../lib/format.ts';
import { AdminLayout } from './admin-layout.tsx';
import { serverMessage } from './api.ts';
import { CatalogueJobStatus } from './components/catalogue-job-status.tsx';
import { ApplyPreview } from './components/import-preview.tsx';
import { UndoLastImport } from './components/undo-last-import.tsx';
import { SyncHistory } from './components/sync-history.tsx';
import { EmptyState, ErrorState, LoadingState, Section, td, th } from './components/ui.tsx';
import { type RawApiData, useCatalogueJob, useRawApi, useStartSync } from './jobs-api.ts';
import { ADMIN_TEXTS, IMPORT_HISTORY_ID } from './texts.ts';

const PRICE_LISTS = Array.from({ length: 10 }, (_, i) => i + 1);

/**
 * The debug page at `/debug` (docs/product.md §10.4): the first 100 raw records of the server's
 * ERP_SOURCE, with the rows the importer would reject marked, and "Sincronizar Datos", which
 * previews a full sync, applies it on confirmation and shows its progress and report, and the history
 * of past imports and syncs, manual and scheduled (§11.5). Admins only:
 * the router checks the session.
 */
export function DebugPage({ actions }: { actions?: ReactNode }) {
  useScrollToHash();
  return (
    <AdminLayout title="Depuración" back={{ href: routes.admin, label: ADMIN_TEXTS.backToAdmin }} actions={actions}>
      <div className="grid grid-cols-1 gap-4 sm:gap-6">
        <SyncSection />
        <div id={IMPORT_HISTORY_ID} className="scroll-mt-4">
          <SyncHistory />
        </div>
        <RawApiSection />
      </div>
    </AdminLayout>
  );
}

/** Scrolls to the section named by the address's `#…` (the panel links to the import history), once. */
function useScrollToHash() {
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView?.();
  }, []);
}

/**
 * "Sincronizar Datos" first runs a preview (nothing changes) and shows what the sync would do; the
 * sync is applied only from the preview's "Aplicar sincronización" (docs/product.md §11.4).
 * While a job runs the button is busy, not disabled, so it keeps the keyboard's focus (§13.4); an
 * applied sync, whose preview and its button leave, hands the focus to it.
 */
function SyncSection() {
  const tracker = useCatalogueJob();
  const sync = useStartSync(tracker.follow);
  const syncButton = useRef<HTMLButtonElement>(null);
  const job = tracker.job;
  const preview = job?.status === 'done' && job.kind === 'sync' && job.report?.dryRun ? job.report : null;
  return (
    <Section
      title="Sincronización con el ERP"
      description="Importa el catálogo completo desde la fuente configurada en el servidor. Los productos que ya no están en la fuente se desactivan. Primero se muestra una vista previa; nada cambia hasta que la aplique."
      actions={
        <Button ref={syncButton} onClick={() => sync.mutate({ dryRun: true })} busy={sync.isPending || tracker.running}>
          <RefreshCw aria-hidden="true" className={tracker.running ? 'size-4 animate-spin' : 'size-4'} />
          Sincronizar Datos
        </Button>
      }
    >
      <UndoLastImport />
      {job ? (
        <div className="grid grid-cols-1 gap-3">
          <CatalogueJobStatus job={job} />
          {preview ? (
            <ApplyPreview
              key={job.id}
              report={preview}
              noun="sincronización"
              pending={sync.isPending}
              onApply={(confirmLarge) =>
                // The started sync replaces the preview, "Aplicar" included: the focus goes to the section's button.
                sync.mutate({ dryRun: false, confirmLarge }, { onSuccess: () => syncButton.current?.focus() })
              }
            />
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">{sync.isPending ? 'Iniciando sincronización...' : 'No hay una sincronización en curso.'}</p>
      )}
    </Section>
  );
}

function RawApiSection() {
  const { data, error, isPending, isError, refetch, isFetching } = useRawApi();
  return (
    <Section
      title="Datos crudos del ERP"
      description={
        data
          ? `Primeros ${formatCount(data.records.length)} de ${formatCount(data.total)} registros de ${data.source}, tal como los lee el importador.`
          : 'Primeros 100 registros de la fuente, tal como los lee el importador.'
      }
      actions={
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Recargar
        </Button>
      }
    >
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <ErrorState error={error} message={serverMessage(error, 'No se pudieron leer los datos del ERP.')} onRetry={() => void refetch()} />
      ) : data.records.length === 0 ? (
        <EmptyState>La fuente no tiene registros.</EmptyState>
      ) : (
        <RawTable data={data} />
      )}
    </Section>
  );
}

function RawTable({ data }: { data: RawApiData }) {
  const rejected = data.records.filter((r) => r.rejection !== null).length;
  return (
    <div className="grid grid-cols-1 gap-2">
      {rejected > 0 ? (
        <p className="flex items-center gap-2 text-sm text-amber-900">
          <AlertTriangle aria-hidden="true" className="size-4" />
          {rejected === 1 ? '1 fila sería rechazada' : `${rejected} filas serían rechazadas`} por el importador (marcadas en rojo).
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section tabIndex={0} aria-label="Datos crudos" className="relative -mx-4 max-h-[70dvh] overflow-auto sm:mx-0">
        <table aria-label="Datos crudos del ERP" className="w-full min-w-[1800px] border-collapse text-left text-sm">
          <thead className="sticky top-0 z-10">
            <tr>
              <th scope="col" className={th}>
                Fila
              </th>
              <th scope="col" className={th}>
                Código
              </th>
              <th scope="col" className={th}>
                Descripción
              </th>
              {[1, 2, 3].map((level) => (
                <th key={level} scope="col" className={th}>
                  Categoría {level}
                </th>
              ))}
              {PRICE_LISTS.map((list) => (
                <th key={list} scope="col" className={`${th} text-right`}>
                  Lista {list}
                </th>
              ))}
              <th scope="col" className={th}>
                Stock
              </th>
              <th scope="col" className={th}>
                Imagen
              </th>
              <th scope="col" className={th}>
                Rechazo
              </th>
            </tr>
          </thead>
          <tbody>
            {data.records.map((record) => (
              <tr key={record.row} className={record.rejection ? 'bg-red-50' : undefined}>
                <td className={`${td} tabular-nums text-slate-500`}>{record.row}</td>
                <th scope="row" className={`${td} whitespace-nowrap font-medium`}>
                  {record.code || '—'}
                </th>
                <td className={`${td} min-w-64`}>{record.description || '—'}</td>
                {record.categories.map((category, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the three levels are fixed positions
                  <td key={i} className={td}>
                    {category || '—'}
                  </td>
                ))}
                {record.priceLists.map((price, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the ten lists are fixed positions
                  <td key={i} className={`${td} whitespace-nowrap text-right tabular-nums`}>
                    {price ?? '—'}
                  </td>
                ))}
                <td className={`${td} whitespace-nowrap`}>{record.stock || '—'}</td>
                <td className={`${td} max-w-48 truncate`} title={record.image || undefined}>
                  {record.image || '—'}
                </td>
                <td className={td}>
                  {record.rejection ? (
                    <span className="inline-flex items-start gap-1 font-medium text-red-800">
                      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                      <span>
                        <span className="sr-only">Rechazada: </span>
                        {record.rejection}
                      </span>
                    </span>
                  ) : (
                    <span className="text-slate-400">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
