/**
 * Data layer of "Gestión de Carruseles" (docs/product.md §10.2): the draft of the three carousels,
 * entry edits (add, remove, discount, offer days), the order (drag and drop) and the publish, parsed
 * with the shared contract (src/shared/carousels.ts). Each edit answers the new draft, which
 * replaces the cached one.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { Collection } from '../../../shared/api.ts';
import { messageSchema } from '../../../shared/auth.ts';
import { carouselDraftSchema, discountedProductListSchema, type discountedProductSchema } from '../../../shared/carousels.ts';
import { toast } from '../../components/ui/toast.tsx';
import { apiGet, apiRequest } from '../../lib/api-client.ts';
import { adminKeys, errorToast, withReason } from './api.ts';
import { ADMIN_TEXTS } from './texts.ts';

export type CarouselDraft = z.infer<typeof carouselDraftSchema>;
export type CarouselEntry = CarouselDraft['featured'][number];
export type DiscountedProduct = z.infer<typeof discountedProductSchema>;

export const carouselQueries = {
  draft: () =>
    queryOptions({
      queryKey: [...adminKeys.carousels(), 'draft'] as const,
      queryFn: ({ signal }) => apiGet('/api/admin/carousels', carouselDraftSchema, undefined, signal),
    }),
  discounts: () =>
    queryOptions({
      queryKey: [...adminKeys.carousels(), 'discounts'] as const,
      queryFn: ({ signal }) => apiGet('/api/carousel/products-with-discounts/on-sale', discountedProductListSchema, undefined, signal),
    }),
};

export function useCarouselDraft() {
  return useQuery(carouselQueries.draft());
}

export function useDiscountedProducts() {
  return useQuery(carouselQueries.discounts());
}

/**
 * One edit of an entry of the draft (`PUT /api/products/carousel/:partId`). `add` puts the part last;
 * on-sale, it may bring its discount and offer days (an undone "Quitar" puts them back).
 */
export type CarouselChange =
  | { partId: number; category: Collection; action: 'remove' }
  | {
      partId: number;
      category: Collection;
      action: 'add';
      discountPercentage?: number;
      startsOn?: string | null;
      endsOn?: string | null;
    }
  | { partId: number; category: Collection; action: 'update-discount'; discountPercentage: number }
  | { partId: number; category: Collection; action: 'update-dates'; startsOn: string | null; endsOn: string | null };

const FAILURES: Record<CarouselChange['action'], string> = {
  add: ADMIN_TEXTS.carouselProductFailed,
  remove: ADMIN_TEXTS.carouselProductFailed,
  'update-discount': ADMIN_TEXTS.carouselDiscountFailed,
  'update-dates': ADMIN_TEXTS.carouselDatesFailed,
};

/** Edits the carousel draft; a refusal toasts the spec's text with the server's reason. */
export function useUpdateCarousel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ partId, ...body }: CarouselChange) =>
      apiRequest(`/api/products/carousel/${partId}`, carouselDraftSchema, { method: 'PUT', body }),
    onSuccess: (draft, change) => {
      client.setQueryData(carouselQueries.draft().queryKey, draft);
      if (change.action === 'add' || change.action === 'remove') {
        // The add list of that collection excludes its members.
        void client.invalidateQueries({ queryKey: adminKeys.parts() });
      }
    },
    onError: (error, change) => errorToast(withReason(error, FAILURES[change.action])),
  });
}

/**
 * Puts a carousel's draft in a new order (`PUT /api/admin/carousels/:collection/order`). The list
 * moves at once; a failure puts the server's order back.
 */
export function useReorderCarousel() {
  const client = useQueryClient();
  const key = carouselQueries.draft().queryKey;
  return useMutation({
    mutationFn: ({ collection, partIds }: { collection: Collection; partIds: number[] }) =>
      apiRequest(`/api/admin/carousels/${collection}/order`, carouselDraftSchema, { method: 'PUT', body: { partIds } }),
    onMutate: async ({ collection, partIds }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData(key);
      client.setQueryData(key, (old) => {
        if (!old) return old;
        const byId = new Map(old[collection].map((e) => [e.partId, e]));
        const moved = partIds.flatMap((id, position) => {
          const entry = byId.get(id);
          return entry ? [{ ...entry, position }] : [];
        });
        return { ...old, [collection]: moved };
      });
      return { before };
    },
    onSuccess: (draft) => client.setQueryData(key, draft),
    onError: (error, _vars, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      errorToast(withReason(error, ADMIN_TEXTS.carouselOrderFailed));
    },
  });
}

/** Publishes the draft (`POST /api/carousel/save`). */
export function usePublishCarousels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/carousel/save', messageSchema, { method: 'POST' }),
    onSuccess: () => toast({ title: 'Cambios guardados', description: 'Los carruseles publicados se actualizaron.' }),
    onError: () => errorToast(ADMIN_TEXTS.carouselSaveFailed),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.carousels() }),
  });
}
