/**
 * Seeds an empty database with the deterministic demo catalogue (docs/product.md §15.3)
 * and publishes a few parts in each home carousel, so a fresh clone shows a living catalogue.
 * Idempotent: processes that start together run it one after another under
 * {@link SEED_LOCK_KEY} (main.ts), and only the first finds the catalogue empty.
 */
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { carouselEntries, parts } from '../../db/schema.ts';
import type { SourceRecord } from '../import/parse.ts';
import { AppError } from '../../errors.ts';
import { type ImportOptions, type ImportReport, importRecords } from '../import/service.ts';
import { generateCatalogueRecords } from './generate.ts';

/** Advisory lock key under which start-up seeding runs (one process at a time). */
export const SEED_LOCK_KEY = 727_101;

/** Parts per home carousel in the demo. */
const CAROUSEL_SIZE = 12;

/**
 * Imports `count` generated parts when the catalogue has no parts at all; does nothing otherwise.
 * @param sideConnection as the import's option (`Database.sideConnection`): a large demo is a first
 *   load, whose vocabulary is counted on it while the indexes are built.
 * @returns the import report, or null when the database already had parts or another import is
 *   filling it at this moment (the demo is not needed then).
 */
export async function seedDemoCatalogue(
  db: Db,
  count: number,
  lowStock: number,
  sideConnection?: ImportOptions['sideConnection'],
): Promise<ImportReport | null> {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from parts`);
  if (Number(existing?.n ?? 0) > 0 || count <= 0) return null;
  const records: SourceRecord[] = [];
  let row = 1;
  for (const record of generateCatalogueRecords(count)) {
    // The generator names photos that do not exist; the demo shows "Sin imagen" instead of broken images.
    const { imagen: _image, ...values } = record;
    records.push({ row: row++, values });
  }
  let report: ImportReport;
  try {
    report = await importRecords(db, records, 'records', { lowStock, ...(sideConnection ? { sideConnection } : {}) });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return null;
    throw error;
  }
  await seedCarousels(db);
  return report;
}

/** Publishes the first priced parts in every carousel, on-sale ones at 10–30 % off. */
async function seedCarousels(db: Db): Promise<void> {
  const candidates = await db
    .select({ id: parts.id })
    .from(parts)
    .where(isNotNull(parts.priceList1))
    .orderBy(asc(parts.id))
    .limit(CAROUSEL_SIZE * 3);
  const collections = ['featured', 'new-arrivals', 'on-sale'] as const;
  await db.transaction(async (tx) => {
    for (const [c, collection] of collections.entries()) {
      const chosen = candidates.slice(c * CAROUSEL_SIZE, (c + 1) * CAROUSEL_SIZE);
      for (const [position, part] of chosen.entries()) {
        const discount = collection === 'on-sale' ? String(10 + (position % 3) * 10) : '0';
        for (const stage of ['draft', 'published'] as const) {
          await tx
            .insert(carouselEntries)
            .values({ stage, collection, partId: part.id, position, discountPercentage: discount })
            .onConflictDoNothing();
        }
        if (collection === 'on-sale') {
          await tx.update(parts).set({ discountPercentage: discount }).where(eq(parts.id, part.id));
        }
      }
    }
  });
}
