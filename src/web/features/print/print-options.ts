import { parseCategoryIds } from '../../../shared/print.ts';

/** What `/print` prints, read from its query string (docs/product.md §9.3). */
export interface PrintOptions {
  /** `'all'` (default), the chosen category ids, or null when `categoryIds` is not valid. */
  categoryIds: 'all' | number[] | null;
  /** Shown under the title and passed to the PDF; empty when absent. */
  categoryName: string;
  /** IMAGEN column with the part photos: on unless `includeImages=false`. */
  includeImages: boolean;
  /** PRECIO column: only with `includePrices=true`. */
  includePrices: boolean;
}

/**
 * Reads the print options: `categoryIds` (comma list or `all`, default all), `categoryName`,
 * `includeImages` (default on: the printed columns include IMAGEN) and `includePrices` (default off).
 */
export function parsePrintOptions(params: URLSearchParams): PrintOptions {
  return {
    categoryIds: parseCategoryIds(params.get('categoryIds')),
    categoryName: (params.get('categoryName') ?? '').trim().slice(0, 120),
    includeImages: params.get('includeImages') !== 'false',
    includePrices: params.get('includePrices') === 'true',
  };
}
