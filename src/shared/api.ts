/**
 * The API contract (docs/architecture.md): zod schemas shared by the Fastify routes (input
 * validation, response whitelisting) and the web client (response parsing). docs/product.md §12.
 * Written with `zod/mini`, which the browser can tree-shake (docs/decisions/005).
 */
import * as z from 'zod/mini';
import { ERROR_CODES } from './errors.ts';
import { int } from './int.ts';

/**
 * Error body of every non-2xx answer. `field`, when present, names the body field at fault (e.g.
 * `username` or `email` of a 409 for a name or address in use), so a form marks that field without
 * reading the message text.
 */
export const errorBodySchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string(), field: z.optional(z.string()) }),
});

/** Roles a session can have. A request without a session is a guest (docs/product.md §3.1). */
export const userTypeSchema = z.enum(['guest', 'client', 'distributor', 'admin']);
export type UserType = z.infer<typeof userTypeSchema>;

/** Decimal amount in ARS with two decimals, e.g. "1234.50". */
const money = z.string().check(z.regex(/^\d+\.\d{2}$/));

/**
 * A part as a viewer may see it: only the viewer's own price (after discount) and, when
 * 0 < discount < 100, the original price and the discount (docs/product.md §3.2, §3.4).
 */
export const partSchema = z.object({
  id: int(),
  partNumber: z.string(),
  description: z.string(),
  brand: z.nullable(z.string()),
  price: z.nullable(money),
  originalPrice: z.optional(money),
  discountPercentage: z.optional(z.number()),
  isOnSale: z.boolean(),
  stockLevel: z.string(),
  inStock: z.boolean(),
  salesUnit: z.string(),
  imageUrl: z.nullable(z.string()),
  /** Resolved image URLs (IMAGE_BASE_URL applied, URL-encoded). */
  images: z.array(z.string()),
  documentUrl: z.nullable(z.string()),
  videoUrl: z.nullable(z.string()),
  categoryId: z.nullable(int()),
  /** Category names from level 1 down to the part's own category. */
  categoryPath: z.array(z.string()),
  alternateCodes: z.array(z.string()),
  /** Remarks from the supplier's file (sizes, supersessions); absent when the part has none. */
  notes: z.optional(z.string()),
  /** Vehicle or machine models the part fits; absent when the part has none. */
  applications: z.optional(z.string()),
});
export type Part = z.infer<typeof partSchema>;

export const SORT_FIELDS = ['partNumber', 'description', 'price'] as const;
export const sortFieldSchema = z.enum(SORT_FIELDS);
export type SortField = z.infer<typeof sortFieldSchema>;

/**
 * Orders of the parts list: the spec's fields and "Relevancia" (issue 18), the default: best match
 * first while a search is active, by part number otherwise.
 */
export const PART_SORT_FIELDS = [...SORT_FIELDS, 'relevance'] as const;
export const partSortSchema = z.enum(PART_SORT_FIELDS);
export type PartSort = z.infer<typeof partSortSchema>;

/** Default and maximum page sizes of `GET /api/parts` (docs/product.md §5.4, §12). */
export const PAGE_SIZE = 60;
export const MAX_PAGE_SIZE = 200;

const optionalInt = (min: number, max: number) =>
  z.coerce
    .number({ error: 'debe ser un número entero' })
    .check(
      z.int({ error: 'debe ser un número entero' }),
      z.gte(min, { error: `debe ser al menos ${min}` }),
      z.lte(max, { error: `debe ser como máximo ${max}` }),
    );

/** Filters shared by the parts list and the exports. */
export const partFiltersSchema = z.object({
  sortBy: z._default(partSortSchema, 'relevance'),
  sortDir: z._default(z.enum(['asc', 'desc']), 'asc'),
  categoryId: z.optional(optionalInt(0, 2_147_483_647)),
  search: z.optional(z.string().check(z.trim(), z.maxLength(200, { error: 'admite hasta 200 caracteres' }))),
  brand: z.optional(z.string().check(z.trim(), z.maxLength(120))),
  /** Accepted for compatibility; ignored for pricing (docs/product.md §3.1). */
  userType: z.optional(z.string().check(z.maxLength(40))),
});
export type PartFilters = z.infer<typeof partFiltersSchema>;

export const partsQuerySchema = z.extend(partFiltersSchema, {
  page: z._default(optionalInt(1, 1_000_000), 1),
  limit: z._default(optionalInt(1, MAX_PAGE_SIZE), PAGE_SIZE),
  /** `1`: search exactly the words typed, without the typo correction (the link under "Mostrando resultados para «…»"). */
  exact: z.optional(z.enum(['0', '1'])),
});
export type PartsQuery = z.infer<typeof partsQuerySchema>;

export const partsResponseSchema = z.object({
  parts: z.array(partSchema),
  total: int(),
  page: int(),
  limit: int(),
  /** The query the answer is for when a typo pass corrected some words ("Mostrando resultados para «…»"). */
  correctedSearch: z.optional(z.string()),
  /**
   * A code-like search that found nothing: up to 3 existing part numbers one edit from it ("¿Quiso
   * decir …?", docs/product.md §6.1), offered, never searched in its place. Absent otherwise.
   */
  suggestedPartNumbers: z.optional(z.array(z.string())),
});
export type PartsResponse = z.infer<typeof partsResponseSchema>;

export const idParamsSchema = z.object({ id: optionalInt(1, 2_147_483_647) });

/** Home carousels / collections (docs/product.md §5.3, §5.6). */
export const COLLECTIONS = ['featured', 'new-arrivals', 'on-sale'] as const;
export const collectionSchema = z.enum(COLLECTIONS);
export type Collection = z.infer<typeof collectionSchema>;

export const collectionQuerySchema = z.object({
  userType: z.optional(z.string().check(z.maxLength(40))),
  priceList: z.optional(z.string().check(z.maxLength(10))),
});

/** Params of `GET /api/products/:collection`. */
export const collectionParamsSchema = z.object({ collection: collectionSchema });

export const partListSchema = z.array(partSchema);

/** A node of the public category tree (docs/product.md §4.2). */
export interface CategoryNode {
  id: number;
  name: string;
  level: number;
  parentId: number | null;
  pageNumber: number | null;
  partCount: number;
  isVisible: boolean;
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodMiniType<CategoryNode> = z.lazy(() =>
  z.object({
    id: int(),
    name: z.string(),
    level: int(),
    parentId: z.nullable(int()),
    pageNumber: z.nullable(int()),
    partCount: int(),
    isVisible: z.boolean(),
    children: z.array(categoryNodeSchema),
  }),
);
export const categoryTreeSchema = z.array(categoryNodeSchema);

/** `GET /api/brands`: the distinct brands of public parts with their part counts. */
export const brandCountsSchema = z.array(z.object({ brand: z.string(), count: int() }));

/** `GET /api/search/suggest`: what the search box offers as the user types (issue 18). */
export const suggestQuerySchema = z.object({
  q: z.string().check(z.trim(), z.maxLength(200, { error: 'admite hasta 200 caracteres' })),
});

/** Up to 8 parts (code and description, never a price) and the matching public categories. */
export const suggestionsSchema = z.object({
  parts: z.array(z.object({ id: int(), partNumber: z.string(), description: z.string() })),
  categories: z.array(z.object({ id: int(), name: z.string(), path: z.array(z.string()) })),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

/** Public configuration the browser may see (docs/product.md §12 "System"). */
export const publicConfigSchema = z.object({
  brandName: z.string(),
  tagline: z.string(),
  whatsappAdmin: z.string(),
  whatsappSales: z.string(),
  /** The header's "Realizar Pedido" link; null: it opens Mi pedido (issue 19). */
  orderPlatformUrl: z.nullable(z.string()),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
