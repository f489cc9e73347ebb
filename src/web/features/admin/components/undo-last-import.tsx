/**
 * "Deshacer la última importación" (issue 17, docs/product.md §11.4): the newest applied import or
 * sync, what undoing it would do, and the undo itself after a confirmation dialog.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { lastImportRunSchema, undoReportSchema } from '../../../../shared/import.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { adminKeys, errorToast, serverMessage } from '../api.ts';
import { invalidateCatalogue } from '../jobs-api.ts';

const lastRunKey = () => [...adminKeys.all(), 'import', 'last-run'] as const;
const n = formatCount;
const parts = (count: number) => `${n(count)} ${count === 1 ? 'producto' : 'productos'}`;

/** The section: nothing while loading or when no run was recorded. */
export function UndoLastImport() {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  // Undone, the button leaves the page: the focus moves to the line that now says "deshecha".
  const line = useRef<HTMLParagraphElement>(null);
  const [undoneHere, setUndoneHere] = useState(false);
  const { data } = useQuery({
    queryKey: lastRunKey(),
    queryFn: ({ signal }) => apiGet('/api/admin/import/last-run', lastImportRunSchema, undefined, signal),
    staleTime: 0,
  });
  const undo = useMutation({
    mutationFn: () => apiRequest('/api/admin/import/undo', undoReportSchema, { method: 'POST' }),
    onSuccess: async (report) => {
      setOpen(false);
      setUndoneHere(true);
      toast({
        title: 'Importación deshecha',
        description: `Con sus datos anteriores: ${parts(report.restored)}. Nuevos desactivados: ${parts(report.deactivated)}. Reactivados: ${parts(report.reactivated)}.${report.skipped ? ` Cambiados después, sin tocar: ${parts(report.skipped)}.` : ''}`,
      });
      await Promise.all([client.invalidateQueries({ queryKey: lastRunKey() }), invalidateCatalogue(client)]);
    },
    onError: (error) => errorToast(serverMessage(error, 'No se pudo deshacer la importación')),
  });
  const run = data?.run;
  const undoneAt = run?.undoneAt;
  useEffect(() => {
    if (!undoneHere || !undoneAt) return;
    setUndoneHere(false);
    line.current?.focus({ preventScroll: true });
  }, [undoneHere, undoneAt]);
  if (!run) return null;
  const { updated, inserted, deactivated } = run.changes;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700">
      <p ref={line} tabIndex={-1} className="focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-700">
        Última importación: {run.source}, de {run.actor}, el {formatDateTime(run.createdAt)}
        {run.undoneAt ? ` (deshecha el ${formatDateTime(run.undoneAt)})` : ''}.
      </p>
      {run.undoneAt ? null : (
        <Button variant="outline" onClick={() => setOpen(true)}>
          <Undo2 aria-hidden="true" className="size-4" />
          Deshacer la última importación
        </Button>
      )}
      <ConfirmDialog
        open={open}
        title="¿Deshacer la última importación?"
        description="Se revierte lo que cambió esa importación. Los productos editados después quedan como están."
        actionLabel="Deshacer"
        busyLabel="Deshaciendo..."
        busy={undo.isPending}
        size="md"
        onCancel={() => setOpen(false)}
        onConfirm={() => undo.mutate()}
      >
        <ul className="list-disc pl-5">
          <li>
            {n(updated)} {updated === 1 ? 'producto vuelve a sus datos anteriores' : 'productos vuelven a sus datos anteriores'}.
          </li>
          <li>
            {n(inserted)} {inserted === 1 ? 'producto nuevo se desactiva' : 'productos nuevos se desactivan'}.
          </li>
          <li>
            {n(deactivated)} {deactivated === 1 ? 'producto desactivado se reactiva' : 'productos desactivados se reactivan'}.
          </li>
        </ul>
      </ConfirmDialog>
    </div>
  );
}
