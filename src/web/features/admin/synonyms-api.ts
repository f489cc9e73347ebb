/**
 * Data layer of the admin tab "Sinónimos" (issue 18): the search's synonym groups, `GET/POST/PUT/DELETE
 * /api/admin/synonyms`, parsed with the shared contract. Every change refreshes the list and the
 * cached catalogue searches (an edit applies to the next search, without a re-import).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '../../../shared/auth.ts';
import { type SynonymGroup, synonymGroupListSchema, synonymGroupSchema } from '../../../shared/synonyms.ts';
import { toast } from '../../components/ui/toast.tsx';
import { apiGet, apiRequest } from '../../lib/api-client.ts';
import { adminKeys, errorToast, serverMessage } from './api.ts';

export type { SynonymGroup };

export const SYNONYM_TEXTS = {
  loadError: 'No se pudieron cargar los sinónimos.',
  created: 'Grupo de sinónimos agregado',
  updated: 'Grupo de sinónimos actualizado',
  deleted: 'Grupo de sinónimos eliminado',
  saveError: 'No se pudo guardar el grupo de sinónimos.',
  deleteError: 'No se pudo eliminar el grupo de sinónimos.',
} as const;

const synonymsKey = () => [...adminKeys.all(), 'synonyms'] as const;

export const synonymQueries = {
  list: () =>
    queryOptions({
      queryKey: synonymsKey(),
      queryFn: ({ signal }) => apiGet('/api/admin/synonyms', synonymGroupListSchema, undefined, signal),
    }),
};

/** The synonym groups, as the server lists them. */
export function useSynonyms() {
  return useQuery(synonymQueries.list());
}

/** A synonym change: toasts its outcome, refreshes the list and the catalogue's cached searches. */
function useSynonymMutation<V>(request: (vars: V) => Promise<unknown>, texts: { success: string; failure: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => toast({ title: texts.success }),
    onError: (error) => errorToast(serverMessage(error, texts.failure)),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: synonymsKey() }),
        client.invalidateQueries({ queryKey: ['parts'] }),
        client.invalidateQueries({ queryKey: ['search'] }),
      ]);
    },
  });
}

/** `POST /api/admin/synonyms` with the group's forms. */
export function useCreateSynonym() {
  return useSynonymMutation(
    ({ terms }: { terms: string[] }) => apiRequest('/api/admin/synonyms', synonymGroupSchema, { method: 'POST', body: { terms } }),
    { success: SYNONYM_TEXTS.created, failure: SYNONYM_TEXTS.saveError },
  );
}

/** `PUT /api/admin/synonyms/:id`: replaces the group's forms. */
export function useUpdateSynonym() {
  return useSynonymMutation(
    ({ id, terms }: { id: number; terms: string[] }) =>
      apiRequest(`/api/admin/synonyms/${id}`, synonymGroupSchema, { method: 'PUT', body: { terms } }),
    { success: SYNONYM_TEXTS.updated, failure: SYNONYM_TEXTS.saveError },
  );
}

/** `DELETE /api/admin/synonyms/:id`. */
export function useDeleteSynonym() {
  return useSynonymMutation(({ id }: { id: number }) => apiRequest(`/api/admin/synonyms/${id}`, messageSchema, { method: 'DELETE' }), {
    success: SYNONYM_TEXTS.deleted,
    failure: SYNONYM_TEXTS.deleteError,
  });
}
