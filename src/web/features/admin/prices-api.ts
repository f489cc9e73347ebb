/**
 * Data layer of the "Repuestos" tab's list and bulk price change (issue 21 items 3 and 4;
 * docs/product.md §10.2): the filtered parts list and its spreadsheet URL, the brands for the
 * brand filter, and the preview, apply and undo of a bulk change. Keys sit under the admin part
 * keys, so any part edit refreshes the list; responses are parsed with the shared contract.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPartsResponseSchema } from '../../../shared/admin.ts';
import type { PartStatusFilter } from '../../../shared/admin-parts-list.ts';
import { brandCountsSchema } from '../../../shared/api.ts';
import {
  type BulkPriceBody,
  bulkPriceResultSchema,
  lastPriceChangeSchema,
  undoPriceChangeResultSchema,
} from '../../../shared/price-changes.ts';
import { toast } from '../../components/ui/toast.tsx';
import { apiGet, apiRequest, type QueryParams, withQuery } from '../../lib/api-client.ts';
import { formatCount } from '../../lib/format.ts';
import { adminKeys, errorToast, serverMessage } from './api.ts';
import { invalidateCatalogue } from './jobs-api.ts';

/** The list's filters as the screen holds them (empty: not filtered). */
export interface PartListFilters {
  search: string;
  categoryId: number | null;
  brand: string;
  status: PartStatusFilter | '';
  withoutPhoto: boolean;
  withoutPrice: boolean;
  handEdited: boolean;
  /** The list the "Precio" column shows and "Sin precio" tests (1–10). */
  priceList: number;
}

export const EMPTY_PART_FILTERS: PartListFilters = {
  search: '',
  categoryId: null,
  brand: '',
  status: '',
  withoutPhoto: false,
  withoutPrice: false,
  handEdited: false,
  priceList: 1,
};

/** The filters as query parameters of `GET /api/admin/parts` and its export, unset ones left out. */
function partListParams(filters: PartListFilters): QueryParams {
  return {
    search: filters.search.trim() || undefined,
    categoryId: filters.categoryId ?? undefined,
    brand: filters.brand.trim() || undefined,
    status: filters.status || undefined,
    withoutPhoto: filters.withoutPhoto || undefined,
    withoutPrice: filters.withoutPrice || undefined,
    handEdited: filters.handEdited || undefined,
    priceList: filters.priceList,
  };
}

/** `/api/admin/parts/export.xlsx?…`: the filtered list as a spreadsheet (every page). */
export function partsExportUrl(filters: PartListFilters): string {
  return withQuery('/api/admin/parts/export.xlsx', partListParams(filters));
}

const keys = {
  list: (filters: PartListFilters, page: number, limit: number) => [...adminKeys.parts(), 'filtered', filters, page, limit] as const,
  brands: () => [...adminKeys.all(), 'brands'] as const,
  lastChange: () => [...adminKeys.all(), 'prices', 'last'] as const,
};

/** One page of the filtered parts list. */
export function usePartList(filters: PartListFilters, page: number, limit: number) {
  return useQuery({
    ...queryOptions({
      queryKey: keys.list(filters, page, limit),
      queryFn: ({ signal }) => apiGet('/api/admin/parts', adminPartsResponseSchema, { ...partListParams(filters), page, limit }, signal),
    }),
    placeholderData: keepPreviousData,
  });
}

/** The catalogue's brands with their part counts (`GET /api/brands`), for the brand fields. */
export function useBrands() {
  return useQuery({
    queryKey: keys.brands(),
    queryFn: ({ signal }) => apiGet('/api/brands', brandCountsSchema, undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** The newest bulk change, which "Deshacer" offers (null when there was none). */
export function useLastPriceChange() {
  return useQuery({
    queryKey: keys.lastChange(),
    queryFn: async ({ signal }) => (await apiGet('/api/admin/prices/bulk/last', lastPriceChangeSchema, undefined, signal)).change,
    staleTime: 0,
  });
}

/** A bulk change without `apply`: its preview. Errors are shown by the form, not a toast. */
export function usePricePreview() {
  return useMutation({
    mutationFn: (body: BulkPriceBody) =>
      apiRequest('/api/admin/prices/bulk', bulkPriceResultSchema, { method: 'POST', body: { ...body, apply: false } }),
  });
}

/** Applies a bulk change (with `confirmLarge` when the preview asked for it); refreshes every part list. */
export function useApplyPrices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, confirmLarge }: { body: BulkPriceBody; confirmLarge: boolean }) =>
      apiRequest('/api/admin/prices/bulk', bulkPriceResultSchema, { method: 'POST', body: { ...body, apply: true, confirmLarge } }),
    onSuccess: async (result) => {
      toast({
        title: 'Precios actualizados',
        description: `${formatCount(result.count)} ${result.count === 1 ? 'precio cambió' : 'precios cambiaron'}.`,
      });
      await Promise.all([
        invalidateCatalogue(client),
        client.invalidateQueries({ queryKey: keys.lastChange() }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]);
    },
    onError: (error) => errorToast(serverMessage(error, 'No se pudieron cambiar los precios')),
  });
}

/** Undoes the newest bulk change (`changeId`, the one shown); the toast counts restored and left prices. */
export function useUndoPrices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changeId: number) =>
      apiRequest('/api/admin/prices/bulk/undo', undoPriceChangeResultSchema, { method: 'POST', body: { changeId } }),
    onSuccess: async ({ restored, conflicts }) => {
      toast({
        title: 'Cambio de precios deshecho',
        description: `${formatCount(restored)} ${restored === 1 ? 'precio volvió' : 'precios volvieron'} a su valor anterior.${
          conflicts
            ? ` ${formatCount(conflicts)} ${conflicts === 1 ? 'cambió' : 'cambiaron'} después y ${conflicts === 1 ? 'quedó' : 'quedaron'} como ${conflicts === 1 ? 'estaba' : 'estaban'}.`
            : ''
        }`,
      });
      await Promise.all([
        invalidateCatalogue(client),
        client.invalidateQueries({ queryKey: keys.lastChange() }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]);
    },
    onError: (error) => errorToast(serverMessage(error, 'No se pudo deshacer el cambio de precios')),
  });
}
