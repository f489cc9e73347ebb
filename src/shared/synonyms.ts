/**
 * Contract of the search's synonym groups (admin "Sinónimos", docs/product.md §6.1): forms of the
 * trade matched both ways. Admin only, so kept apart from the catalogue's contract that the first
 * screen loads.
 */
import * as z from 'zod/mini';
import { int } from './int.ts';

/** A synonym group of the search (admin "Sinónimos"): forms that match one another both ways. */
export const synonymGroupSchema = z.object({ id: int(), terms: z.array(z.string()) });
export type SynonymGroup = z.infer<typeof synonymGroupSchema>;
/** `GET /api/admin/synonyms`: every synonym group. */
export const synonymGroupListSchema = z.array(synonymGroupSchema);

/** Body of creating or replacing a synonym group. */
export const synonymBodySchema = z.object({
  terms: z
    .array(z.string().check(z.trim(), z.minLength(1, { error: 'la forma no puede estar vacía' }), z.maxLength(60)))
    .check(z.minLength(2, { error: 'un grupo necesita al menos dos formas' }), z.maxLength(12)),
});
