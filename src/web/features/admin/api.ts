/**
 * Data layer of the admin area (docs/product.md §12 "Admin"): query option factories, keyed under `['admin']`,
 * and one mutation hook per call. Every response is parsed with the shared contract schemas.
 * Mutations invalidate through the factory keys; failures show the destructive toast of docs/product.md §13.2.
 */
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  type AdminPart,
  adminPartListSchema,
  adminPartSchema,
  adminPartsResponseSchema,
  profileListSchema,
  profileSchema,
  relationsResponseSchema,
  visibilityResponseSchema,
} from '../../../shared/admin.ts';
import { type AuditQuery, auditPageSchema, type PartDetail, type PartEditBody, partDetailSchema } from '../../../shared/admin-parts.ts';
import { type Collection, categoryTreeSchema } from '../../../shared/api.ts';
import { messageSchema } from '../../../shared/auth.ts';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError, apiGet, apiRequest } from '../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, ADMIN_TEXTS } from './texts.ts';

export type ProfileType = z.infer<typeof profileSchema>['profileType'];
export type { AdminPart, PartDetail, PartEditBody };

/** Filters of the Historial tab (`GET /api/admin/audit`); empty strings are left out. */
export type AuditFilters = Partial<Record<'actor' | 'entity' | 'part' | 'from' | 'to', string>> &
  Pick<AuditQuery, 'page'> & { limit?: number };

/** Parameters of `GET /api/admin/parts`. */
export interface AdminPartsParams {
  page: number;
  search: string;
  limit?: number;
  /** Only parts not in this carousel draft (the add lists). */
  excludeCollection?: Collection;
}

export const adminKeys = {
  all: () => ['admin'] as const,
  profiles: () => [...adminKeys.all(), 'profiles'] as const,
  audit: () => [...adminKeys.all(), 'audit'] as const,
  carousels: () => [...adminKeys.all(), 'carousels'] as const,
  parts: () => [...adminKeys.all(), 'parts'] as const,
  categories: () => [...adminKeys.all(), 'categories'] as const,
  relations: () => [...adminKeys.all(), 'relations'] as const,
};

export const adminQueries = {
  profiles: () =>
    queryOptions({
      queryKey: adminKeys.profiles(),
      queryFn: ({ signal }) => apiGet('/api/profiles', profileListSchema, undefined, signal),
    }),
  parts: (params: AdminPartsParams) =>
    queryOptions({
      queryKey: [...adminKeys.parts(), params] as const,
      queryFn: ({ signal }) =>
        apiGet(
          '/api/admin/parts',
          adminPartsResponseSchema,
          {
            page: params.page,
            limit: params.limit ?? ADMIN_PAGE_SIZE,
            search: params.search || undefined,
            excludeCollection: params.excludeCollection,
          },
          signal,
        ),
    }),
  categories: () =>
    queryOptions({
      queryKey: adminKeys.categories(),
      queryFn: ({ signal }) => apiGet('/api/categories/admin', categoryTreeSchema, undefined, signal),
    }),
  relations: (partId: number) =>
    queryOptions({
      queryKey: [...adminKeys.relations(), partId, 'list'] as const,
      queryFn: ({ signal }) => apiGet(`/api/products/${partId}/relations`, relationsResponseSchema, undefined, signal),
    }),
  partDetail: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.parts(), 'detail', id] as const,
      queryFn: ({ signal }) => apiGet(`/api/admin/parts/${id}`, partDetailSchema, undefined, signal),
      staleTime: 0,
    }),
  audit: (filters: AuditFilters) =>
    queryOptions({
      queryKey: [...adminKeys.audit(), 'list', filters] as const,
      queryFn: ({ signal }) =>
        apiGet(
          '/api/admin/audit',
          auditPageSchema,
          Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined)),
          signal,
        ),
      staleTime: 0,
    }),
  relationSearch: (query: string, excludeId: number) =>
    queryOptions({
      queryKey: [...adminKeys.relations(), excludeId, 'search', query] as const,
      queryFn: ({ signal }) => apiGet('/api/products/search-for-relation', adminPartListSchema, { query, excludeId }, signal),
    }),
};

/** Shows the destructive "Error" toast of docs/product.md §13.2. */
export function errorToast(description: string): void {
  toast({ title: 'Error', description, variant: 'destructive' });
}

/** The server's Spanish message when there is one, otherwise `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * The server's message when it refused the body's `field` (its answer's `field`, docs/product.md
 * §13.1), for the form to say it on that field instead of a toast; `null` for any other failure.
 */
export function fieldRefusal(error: unknown, field: string): string | null {
  return error instanceof ApiError && error.field === field && error.serverMessage ? error.serverMessage : null;
}

/**
 * `text` (the spec's failure text, docs/product.md §13.3) followed by the server's reason when the
 * request itself was refused (a 4xx other than a lost session): "No se pudo actualizar el
 * descuento. Un descuento del 100 % …". A server fault keeps `text` alone.
 */
export function withReason(error: unknown, text: string): string {
  if (!(error instanceof ApiError) || !error.serverMessage || error.status < 400 || error.status >= 500) return text;
  if (error.status === 401 || error.status === 403) return text;
  return `${text}. ${error.serverMessage}`;
}

function successToast(title: string, description?: string): void {
  toast(description ? { title, description } : { title });
}

/** Replaces one part in every cached admin part list (sales unit and multimedia edits), keeping list-only fields. */
function replaceCachedPart(client: QueryClient, part: AdminPart): void {
  client.setQueriesData<z.infer<typeof adminPartsResponseSchema>>({ queryKey: adminKeys.parts() }, (old) =>
    old ? { ...old, parts: old.parts.map((p) => (p.id === part.id ? { ...p, ...part } : p)) } : old,
  );
}

// ---------------------------------------------------------------- Listas de Precios

export function useProfiles() {
  return useQuery(adminQueries.profiles());
}

export function useSetPriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ profileType, priceList }: { profileType: ProfileType; priceList: number }) =>
      apiRequest(`/api/profiles/${profileType}/price-list`, profileSchema, { method: 'POST', body: { priceList } }),
    onSuccess: (profile) => {
      client.setQueryData(adminQueries.profiles().queryKey, (old) =>
        old ? old.map((p) => (p.profileType === profile.profileType ? profile : p)) : [profile],
      );
      void client.invalidateQueries({ queryKey: adminKeys.profiles() });
      successToast('Lista de precios actualizada');
    },
    onError: (error) => errorToast(serverMessage(error, 'No se pudo actualizar la lista de precios')),
  });
}

// ---------------------------------------------------------------- Unidades de Venta / Multimedia

export function useAdminParts(params: AdminPartsParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminQueries.parts(params), placeholderData: keepPreviousData, enabled: options.enabled ?? true });
}

export function useSetSalesUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, salesUnit }: { id: number; salesUnit: string }) =>
      apiRequest(`/api/admin/parts/${id}/sales-unit`, adminPartSchema, { method: 'PATCH', body: { salesUnit } }),
    onSuccess: (part) => {
      replaceCachedPart(client, part);
      successToast('Unidad de venta actualizada');
    },
    // A refused value is said on its field by the inline edit (`fieldRefusal`); anything else toasts.
    onError: (error) => {
      if (fieldRefusal(error, 'salesUnit') === null) errorToast(ADMIN_TEXTS.salesUnitFailed);
    },
  });
}

export type MultimediaField = 'documentUrl' | 'videoUrl';

export function useSetMultimedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, field, url }: { id: number; field: MultimediaField; url: string }) =>
      apiRequest(`/api/admin/parts/${id}/multimedia`, adminPartSchema, { method: 'PUT', body: { [field]: url } }),
    onSuccess: (part) => {
      replaceCachedPart(client, part);
      successToast('URL multimedia actualizada');
    },
    // A refused URL is said on its field by the inline edit (`fieldRefusal`); anything else toasts.
    onError: (error, { field }) => {
      if (fieldRefusal(error, field) === null) errorToast(ADMIN_TEXTS.multimediaFailed);
    },
  });
}

// ---------------------------------------------------------------- Categorías

export function useAdminCategories() {
  return useQuery(adminQueries.categories());
}

export function useSaveVisibility() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (updates: Array<{ categoryId: number; isVisible: boolean }>) =>
      apiRequest('/api/categories/visibility', visibilityResponseSchema, { method: 'PUT', body: { updates } }),
    onSuccess: () => successToast('Cambios guardados', 'La visibilidad de las categorías se actualizó.'),
    onError: () => errorToast(ADMIN_TEXTS.categoriesSaveFailed),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.categories() }),
        // The public index (features/categories, key root `['categories']`) shows the new visibility.
        client.invalidateQueries({ queryKey: ['categories'] }),
      ]);
    },
  });
}

// ---------------------------------------------------------------- Productos Relacionados

export function useRelations(partId: number | null) {
  return useQuery({ ...adminQueries.relations(partId ?? 0), enabled: partId !== null });
}

/** Candidates for a relation; only runs from 2 characters (docs/product.md §10.2). */
export function useRelationSearch(query: string, excludeId: number | null, enabled: boolean) {
  return useQuery({
    ...adminQueries.relationSearch(query, excludeId ?? 0),
    enabled: enabled && excludeId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAddRelation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ partId, relatedId }: { partId: number; relatedId: number }) =>
      apiRequest(`/api/products/${partId}/related`, messageSchema, { method: 'POST', body: { relatedProductId: relatedId } }),
    onSuccess: () => successToast('Producto relacionado agregado'),
    onError: () => errorToast(ADMIN_TEXTS.relatedAddFailed),
    onSettled: (_data, _error, { partId }) => client.invalidateQueries({ queryKey: adminQueries.relations(partId).queryKey }),
  });
}

/** Unrelates a part; no toast on success: the tab says so with its "Deshacer" (docs/product.md §10.2). */
export function useRemoveRelation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ partId, relatedId }: { partId: number; relatedId: number }) =>
      apiRequest(`/api/products/${partId}/related/${relatedId}`, messageSchema, { method: 'DELETE' }),
    onError: () => errorToast(ADMIN_TEXTS.relatedRemoveFailed),
    onSettled: (_data, _error, { partId }) => client.invalidateQueries({ queryKey: adminQueries.relations(partId).queryKey }),
  });
}

// ---------------------------------------------------------------- Editor de repuestos / Historial

export function usePartDetail(id: number | null) {
  return useQuery({ ...adminQueries.partDetail(id ?? 0), enabled: id !== null });
}

/** One page of the Historial (issue 21 item 5). */
export function useAuditPage(filters: AuditFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminQueries.audit(filters), placeholderData: keepPreviousData, enabled: options.enabled ?? true });
}

/**
 * Saves a part edit (`PATCH /api/admin/parts/:id`, only the changed fields): the answer replaces the
 * cached part, lists and history are refreshed, and the public catalogue and detail (key roots `['parts']`, `['product']`) too.
 */
export function useUpdatePart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PartEditBody }) =>
      apiRequest(`/api/admin/parts/${id}`, partDetailSchema, { method: 'PATCH', body }),
    onSuccess: (part) => {
      client.setQueryData(adminQueries.partDetail(part.id).queryKey, part);
      successToast('Repuesto actualizado', `${part.partNumber}: los cambios ya se ven en el catálogo.`);
    },
    onError: (error) => errorToast(serverMessage(error, 'No se pudo guardar el repuesto')),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.parts() }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
        client.invalidateQueries({ queryKey: ['parts'] }),
        client.invalidateQueries({ queryKey: ['product'] }),
      ]);
    },
  });
}
