import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PublicConfig, publicConfigSchema } from '../../shared/api.ts';
import { apiGet } from './api-client.ts';

/** Shown until `/api/config` answers (and if it fails): neutral texts, no chat links. */
export const FALLBACK_CONFIG: PublicConfig = {
  brandName: 'Catálogo de Repuestos',
  tagline: 'Más que repuestos, Soluciones.',
  whatsappAdmin: '',
  whatsappSales: '',
  orderPlatformUrl: '',
};

export const publicConfigQuery = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => apiGet('/api/config', publicConfigSchema, undefined, signal),
});

/** Public configuration (brand, chat numbers, order platform) with a fallback while loading. */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery(publicConfigQuery);
  return data ?? FALLBACK_CONFIG;
}

/** Like {@link usePublicConfig}, plus whether the real configuration has arrived. */
export function usePublicConfigState(): { config: PublicConfig; loaded: boolean } {
  const { data, isPending } = useQuery(publicConfigQuery);
  return { config: data ?? FALLBACK_CONFIG, loaded: !isPending };
}

/**
 * `https://wa.me/<digits>` for a chat number, with `?text=` carrying a prefilled message when one is
 * given (URL-encoded); null when the number is empty.
 */
export function whatsappUrl(digits: string, text?: string): string | null {
  const clean = digits.replace(/\D/g, '');
  if (!clean) return null;
  return text ? `https://wa.me/${clean}?text=${encodeURIComponent(text)}` : `https://wa.me/${clean}`;
}
