/**
 * Rows of the printable catalogue (issue 22): the public parts of the chosen categories, read in
 * batches by id so memory stays flat, presented with the viewer's price only.
 */
import { Readable } from 'node:stream';
import { and, asc } from 'drizzle-orm';
import type { PrintRowTuple } from '../../../shared/print.ts';
import { parts } from '../../db/schema.ts';
import type { Viewer } from '../auth/viewer.ts';
import { type CatalogueReader, type PartScope, categoryScope, readParts } from '../catalogue/service.ts';

/** Rows read per query and sent per line. */
export const PRINT_BATCH_SIZE = 2000;

/** The ids of the parts to print (in id order) and the scope each batch re-applies. */
export interface PrintIds {
  ids: number[];
  scope: PartScope;
}

/**
 * The public parts of `categoryIds` and their descendants (`'all'`: every public part) for this
 * viewer. Unknown or hidden categories select nothing.
 */
export async function selectPrintIds(reader: CatalogueReader, viewer: Viewer, categoryIds: 'all' | number[]): Promise<PrintIds> {
  const scope = await categoryScope(reader, viewer, categoryIds);
  const rows = await reader.db
    .select({ id: parts.id })
    .from(parts)
    .where(and(...scope.conditions))
    .orderBy(asc(parts.id));
  return { ids: rows.map((r) => r.id), scope };
}

/**
 * The NDJSON answer: `{"total": N}`, then one line per batch of {@link PRINT_BATCH_SIZE} rows
 * `[id, partNumber, description, image, price, categoryPath]` (`price` null unless
 * `includePrices`). Reads the next batch only when the client has taken the previous one.
 */
export function printLines(reader: CatalogueReader, selection: PrintIds, includePrices: boolean): Readable {
  const { ids, scope } = selection;
  async function* lines() {
    yield `${JSON.stringify({ total: ids.length })}\n`;
    for (let start = 0; start < ids.length; start += PRINT_BATCH_SIZE) {
      const batch = await readParts(reader, scope, ids.slice(start, start + PRINT_BATCH_SIZE));
      const rows: PrintRowTuple[] = batch.map((p) => [
        p.id,
        p.partNumber,
        p.description,
        p.images[0] ?? null,
        includePrices ? p.price : null,
        p.categoryPath,
      ]);
      yield `${JSON.stringify(rows)}\n`;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
