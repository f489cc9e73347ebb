/**
 * Data layer of a part's photos in the part editor (issue 21 item 2; docs/product.md §10.2):
 * `GET/POST /api/admin/parts/:id/images`, `PUT …/images/order`, `DELETE …/images/:n`, parsed with
 * the shared contract. Every answer is the part's photo list after the call and replaces the cached
 * one; the catalogue (lists, detail), the part and the history are refreshed after each change.
 */
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PartPhotos, partPhotosSchema } from '../../../shared/part-photos.ts';
import { ApiError, apiGet, apiRequest } from '../../lib/api-client.ts';
import { adminKeys, errorToast, serverMessage } from './api.ts';

export type { PartPhoto } from '../../../shared/part-photos.ts';

export const PHOTO_TEXTS = {
  loadError: 'No se pudieron cargar las fotos.',
  uploadError: 'No se pudo subir la foto',
  reorderError: 'No se pudo cambiar el orden de las fotos',
  removeError: 'No se pudo eliminar la foto',
  removed: 'Foto eliminada',
} as const;

export const photoQueries = {
  list: (partId: number) =>
    queryOptions({
      queryKey: [...adminKeys.parts(), 'photos', partId] as const,
      queryFn: ({ signal }) => apiGet(`/api/admin/parts/${partId}/images`, partPhotosSchema, undefined, signal),
    }),
};

/** Part `partId`'s photos, first one first. */
export function usePartPhotos(partId: number) {
  return useQuery(photoQueries.list(partId));
}

/**
 * After a change: the answer becomes the cached list; the part, the admin part lists (their "Sin
 * foto" mark and filter, docs/product.md §10.2 "Repuestos"), its history and the catalogue are read
 * again. The photo list just answered is not.
 */
async function afterChange(client: QueryClient, photos: PartPhotos | undefined, partId: number): Promise<void> {
  if (photos) client.setQueryData(photoQueries.list(partId).queryKey, photos);
  const photoKey = photoQueries.list(partId).queryKey;
  await Promise.all([
    client.invalidateQueries({
      queryKey: adminKeys.parts(),
      predicate: (query) => query.queryKey.length !== photoKey.length || query.queryKey.some((part, i) => part !== photoKey[i]),
    }),
    client.invalidateQueries({ queryKey: adminKeys.audit() }),
    client.invalidateQueries({ queryKey: ['parts'] }),
    client.invalidateQueries({ queryKey: ['product'] }),
  ]);
}

/** A 409 means the list changed meanwhile: read it again so the editor shows the current one. */
function refetchWhenStale(client: QueryClient, error: unknown, partId: number): void {
  if (error instanceof ApiError && error.code === 'CONFLICT')
    void client.invalidateQueries({ queryKey: photoQueries.list(partId).queryKey });
}

/**
 * Uploads files to part `partId` (`POST …/images`, multipart field `fotos`). Errors are left to the
 * caller, which reports each file (the editor uploads them one by one).
 */
export function useUploadPhotos(partId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      for (const file of files) form.append('fotos', file, file.name);
      return apiRequest(`/api/admin/parts/${partId}/images`, partPhotosSchema, { method: 'POST', formData: form });
    },
    onSuccess: (photos) => afterChange(client, photos, partId),
    onError: (error) => refetchWhenStale(client, error, partId),
  });
}

/** Puts the photos in the order of `names` (`PUT …/images/order`). */
export function useReorderPhotos(partId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (names: string[]) =>
      apiRequest(`/api/admin/parts/${partId}/images/order`, partPhotosSchema, { method: 'PUT', body: { names } }),
    onSuccess: (photos) => afterChange(client, photos, partId),
    onError: (error) => {
      errorToast(serverMessage(error, PHOTO_TEXTS.reorderError));
      refetchWhenStale(client, error, partId);
    },
  });
}

/** Removes photo `index` when it is still `name` (`DELETE …/images/:n?name=`). */
export function useRemovePhoto(partId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ index, name }: { index: number; name: string }) =>
      apiRequest(`/api/admin/parts/${partId}/images/${index}`, partPhotosSchema, { method: 'DELETE', query: { name } }),
    onSuccess: (photos) => afterChange(client, photos, partId),
    onError: (error) => {
      errorToast(serverMessage(error, PHOTO_TEXTS.removeError));
      refetchWhenStale(client, error, partId);
    },
  });
}
