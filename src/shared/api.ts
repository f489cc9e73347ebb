/**
 * The API contract (ARCHITECTURE.md habit 3): zod schemas shared by the Fastify routes (input
 * validation, response whitelisting) and the web client (response parsing). Spec section 7.
 */
import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/** Error body of every non-2xx answer. */
export const errorBodySchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Roles a session can have. A request without a session is a guest (DESIGN.md "Roles"). */
export const userTypeSchema = z.enum(['guest', 'client', 'distributor', 'admin']);
export type UserType = z.infer<typeof userTypeSchema>;

/** Decimal amount in ARS with two decimals, e.g. "1234.50". */
const money = z.string().regex(/^\d+\.\d{2}$/);

/**
 * A part as a viewer may see it: only the viewer's own price (after discount) and, when
 * 0 < discount < 100, the original price and the discount (DESIGN.md "Roles, prices").
 */
export const partSchema = z.object({
  id: z.number().int(),
  partNumber: z.string(),
  description: z.string(),
  brand: z.string().nullable(),
  price: money.nullable(),
  originalPrice: money.optional(),
  discountPercentage: z.number().optional(),
  isOnSale: z.boolean(),
  stockLevel: z.string(),
  inStock: z.boolean(),
  salesUnit: z.string(),
  imageUrl: z.string().nullable(),
  /** Resolved image URLs (IMAGE_BASE_URL applied, URL-encoded). */
  images: z.array(z.string()),
  documentUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  /** Category names from level 1 down to the part's own category. */
  categoryPath: z.array(z.string()),
  alternateCodes: z.array(z.string()),
});
export type Part = z.infer<typeof partSchema>;

export const SORT_FIELDS = ['partNumber', 'description', 'price'] as const;
export const sortFieldSchema = z.enum(SORT_FIELDS);
export type SortField = z.infer<typeof sortFieldSchema>;

/** Default and maximum page sizes of `GET /api/parts` (spec 9; DESIGN.md "Data"). */
export const PAGE_SIZE = 60;
export const MAX_PAGE_SIZE = 200;

const optionalInt = (min: number, max: number) =>
  z.coerce
    .number({ error: 'debe ser un número entero' })
    .int({ error: 'debe ser un número entero' })
    .min(min, { error: `debe ser al menos ${min}` })
    .max(max, { error: `debe ser como máximo ${max}` });

/** Filters shared by the parts list and the exports. */
export const partFiltersSchema = z.object({
  sortBy: sortFieldSchema.default('partNumber'),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
  categoryId: optionalInt(0, 2_147_483_647).optional(),
  search: z.string().trim().max(200, { error: 'la búsqueda admite hasta 200 caracteres' }).optional(),
  brand: z.string().trim().max(120).optional(),
  /** Accepted for compatibility; ignored for pricing (DESIGN.md "Roles"). */
  userType: z.string().max(40).optional(),
});
export type PartFilters = z.infer<typeof partFiltersSchema>;

export const partsQuerySchema = partFiltersSchema.extend({
  page: optionalInt(1, 1_000_000).default(1),
  limit: optionalInt(1, MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type PartsQuery = z.infer<typeof partsQuerySchema>;

export const partsResponseSchema = z.object({
  parts: z.array(partSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PartsResponse = z.infer<typeof partsResponseSchema>;

export const idParamsSchema = z.object({ id: optionalInt(1, 2_147_483_647) });

/** Home carousels / collections (spec 2 "Full-list page"). */
export const COLLECTIONS = ['featured', 'new-arrivals', 'on-sale'] as const;
export const collectionSchema = z.enum(COLLECTIONS);
export type Collection = z.infer<typeof collectionSchema>;

export const collectionQuerySchema = z.object({
  userType: z.string().max(40).optional(),
  priceList: z.string().max(10).optional(),
});

export const partListSchema = z.array(partSchema);

export const relatedResponseSchema = z.object({ relatedProducts: z.array(partSchema) });

/** A node of the public category tree (spec 3 "Category"). */
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
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    level: z.number().int(),
    parentId: z.number().int().nullable(),
    pageNumber: z.number().int().nullable(),
    partCount: z.number().int(),
    isVisible: z.boolean(),
    children: z.array(categoryNodeSchema),
  }),
);
export const categoryTreeSchema = z.array(categoryNodeSchema);

/** Public configuration the browser may see (ARCHITECTURE.md habit 2). */
export const publicConfigSchema = z.object({
  brandName: z.string(),
  tagline: z.string(),
  whatsappAdmin: z.string(),
  whatsappSales: z.string(),
  orderPlatformUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  parts: z.number().int(),
});
/** `GET /api/health` while the database does not answer (503). */
export const healthDownSchema = z.object({
  status: z.literal('unavailable'),
  database: z.enum(['pglite', 'postgres']),
  message: z.string(),
});
