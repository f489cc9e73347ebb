import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import * as z from 'zod/mini';
import { synonymBodySchema } from '../../../../shared/synonyms.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../lib/form.ts';
import { SYNONYM_TEXTS, type SynonymGroup, useCreateSynonym, useDeleteSynonym, useSynonyms, useUpdateSynonym } from '../synonyms-api.ts';
import { useRefocusAfterRemoval } from '../lib/use-refocus-after-removal.ts';
import { EmptyState, ErrorState, LoadingState, Section, TableHead, TableScroll, td } from './ui.tsx';

/** The separator of the forms in the one text field ("jgo, juego"). */
const SEPARATOR = ',';

/**
 * The form's one field: the forms separated by commas, split and then checked by the shared body
 * schema (`synonymBodySchema`: 2 to 12 forms of up to 60 characters), so the form refuses what the
 * API would refuse, with its Spanish messages.
 */
export const synonymFormSchema = z.object({
  terms: z.pipe(
    z.pipe(
      z.string(),
      z.transform((text) =>
        text
          .split(SEPARATOR)
          .map((form) => form.trim())
          .filter(Boolean),
      ),
    ),
    synonymBodySchema.shape.terms,
  ),
});

/** The message of the `terms` field, whether it is about the list or about one of its forms. */
function termsError(error: unknown): string | undefined {
  if (!error) return undefined;
  const own = (error as FieldError).message;
  if (own) return own;
  const nested = Array.isArray(error) ? error.find(Boolean) : undefined;
  return (nested as FieldError | undefined)?.message;
}

/** "jgo · juego": a group as one line. */
export function groupLabel(group: SynonymGroup): string {
  return group.terms.join(' · ');
}

function SynonymForm({
  initial = '',
  submitLabel,
  busyLabel,
  pending,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  initial?: string;
  submitLabel: string;
  busyLabel: string;
  pending: boolean;
  onSubmit: (terms: string[], reset: () => void) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useZodForm(synonymFormSchema, { defaultValues: { terms: initial } });
  useEffect(() => {
    if (autoFocus) setFocus('terms');
  }, [autoFocus, setFocus]);
  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values.terms, () => reset({ terms: '' })))} className="grid gap-3" noValidate>
      <FormField
        label="Formas"
        requiredMark
        density="compact"
        autoComplete="off"
        placeholder="jgo, juego"
        hint="Separadas por coma. Cada forma encuentra a las demás, en los dos sentidos."
        error={termsError(errors.terms)}
        {...register('terms')}
      />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancelar
          </Button>
        ) : null}
        <Button type="submit" busy={pending}>
          {pending ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function EditSynonymDialog({ group, onClose }: { group: SynonymGroup | null; onClose: () => void }) {
  const mutation = useUpdateSynonym();
  return (
    <Dialog
      open={group !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Editar grupo de sinónimos"
      size="md"
    >
      {group ? (
        <SynonymForm
          initial={group.terms.join(', ')}
          submitLabel="Guardar"
          busyLabel="Guardando..."
          pending={mutation.isPending}
          onSubmit={(terms) => mutation.mutate({ id: group.id, terms }, { onSuccess: onClose })}
          onCancel={onClose}
          autoFocus
        />
      ) : null}
    </Dialog>
  );
}

function DeleteSynonymDialog({
  group,
  onClose,
  onDeleted,
}: {
  group: SynonymGroup | null;
  onClose: () => void;
  /** After the group is deleted (the list moves the focus on). */
  onDeleted: (group: SynonymGroup) => void;
}) {
  const mutation = useDeleteSynonym();
  return (
    <ConfirmDialog
      open={group !== null}
      title="Eliminar grupo de sinónimos"
      description={group ? `¿Estás seguro de que deseas eliminar el grupo «${groupLabel(group)}»?` : undefined}
      actionLabel="Eliminar"
      busyLabel="Eliminando..."
      tone="destructive"
      busy={mutation.isPending}
      actionDisabled={!group}
      onCancel={onClose}
      onConfirm={() => {
        if (group)
          mutation.mutate(
            { id: group.id },
            {
              onSuccess: () => {
                onDeleted(group);
                onClose();
              },
            },
          );
      }}
    />
  );
}

/**
 * Admin tab "Sinónimos" (issue 18): the search's synonym groups (forms that match one another both
 * ways, e.g. jgo · juego, a/a · aire acondicionado), with add, edit and delete (confirmed). A change
 * applies to the next search, without a re-import.
 */
export function SynonymsTab() {
  const query = useSynonyms();
  const create = useCreateSynonym();
  const [editing, setEditing] = useState<SynonymGroup | null>(null);
  const [deleting, setDeleting] = useState<SynonymGroup | null>(null);
  const tabRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const formBox = useCallback(() => tabRef.current?.querySelector<HTMLInputElement>('input'), []);
  // A deleted group hands the focus to the "Eliminar" now in its place (the add form's field when none is left).
  const deleted = useRefocusAfterRemoval(
    query.data?.map((g) => g.id),
    listRef,
    'button[data-synonym-delete]',
    formBox,
    deleting !== null,
  );

  return (
    <div ref={tabRef} className="grid grid-cols-1 gap-4">
      <Section
        title="Sinónimos"
        description="Formas que la búsqueda trata como iguales (abreviaturas del rubro, marcas). Los cambios se aplican a la próxima búsqueda, sin volver a importar el catálogo."
      >
        <SynonymForm
          submitLabel="Agregar grupo"
          busyLabel="Agregando..."
          pending={create.isPending}
          onSubmit={(terms, reset) => create.mutate({ terms }, { onSuccess: reset })}
        />
      </Section>
      <Section title="Grupos de sinónimos">
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState message={SYNONYM_TEXTS.loadError} error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState>No hay grupos de sinónimos.</EmptyState>
        ) : (
          <div ref={listRef}>
            <TableScroll label="Grupos de sinónimos" stack>
              <TableHead columns={['Formas']} />
              <tbody>
                {query.data.map((group) => (
                  <tr key={group.id}>
                    <td className={td} data-label="Formas">
                      <ul className="flex flex-wrap gap-1.5">
                        {group.terms.map((term) => (
                          <li key={term} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-800">
                            {term}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className={`${td} w-px whitespace-nowrap text-right max-sm:w-auto`}>
                      <div className="flex justify-end gap-2">
                        <Button size="sm" variant="outline" onClick={() => setEditing(group)} aria-label={`Editar ${groupLabel(group)}`}>
                          Editar
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setDeleting(group)}
                          aria-label={`Eliminar ${groupLabel(group)}`}
                          data-synonym-delete
                        >
                          Eliminar
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableScroll>
          </div>
        )}
      </Section>
      <EditSynonymDialog group={editing} onClose={() => setEditing(null)} />
      <DeleteSynonymDialog
        group={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(group) => deleted(group.id, query.data?.findIndex((g) => g.id === group.id) ?? 0)}
      />
    </div>
  );
}
