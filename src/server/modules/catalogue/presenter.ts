/**
 * The part presenter (docs/architecture.md "Request lifecycle"): a row read with the viewer's price only
 * ({@link PartRow}, selected by `partColumns` in queries.ts) becomes the public API part. Prices are
 * the viewer's own (docs/product.md §3.2, §3.4); the discount and original price appear only when
 * the part is on sale.
 */
import type { Part } from '../../../shared/api.ts';
import { parseImageList } from '../../../shared/media.ts';
import { applyDiscount, showsOriginalPrice } from '../../../shared/pricing.ts';
import { isInStock } from '../../../shared/stock.ts';

/** Presentation settings the part presenter needs. */
export interface CatalogueSettings {
  /** Prepended to image names that do not start with http (docs/product.md §4.4). */
  imageBaseUrl: string;
}

/** A part row as the catalogue reads it: every public column and the viewer's undiscounted price. */
export type PartRow = {
  id: number;
  partNumber: string;
  description: string;
  brand: string | null;
  /** The viewer's list price (numeric text, ARS), or null when the part has none. */
  listPrice: string | null;
  /** Numeric text, 0–100. */
  discountPercentage: string;
  stockLevel: string;
  salesUnit: string;
  imageUrl: string | null;
  documentUrl: string | null;
  videoUrl: string | null;
  categoryId: number | null;
  categoryPath: string[];
  alternateCodes: string[];
  /** Remarks from the source file (sizes, supersessions). */
  notes: string | null;
  /** Vehicle or machine models the part fits. */
  applications: string | null;
};

/** Whitelists a row into the public part shape (docs/architecture.md "Request lifecycle"). */
export function presentPart(row: PartRow, settings: CatalogueSettings): Part {
  const discount = Number(row.discountPercentage);
  const list = row.listPrice === null ? null : Number(row.listPrice).toFixed(2);
  const onSale = list !== null && showsOriginalPrice(discount);
  return {
    id: row.id,
    partNumber: row.partNumber,
    description: row.description,
    brand: row.brand,
    price: list === null ? null : onSale ? applyDiscount(list, discount) : list,
    ...(onSale && list !== null ? { originalPrice: list, discountPercentage: discount } : {}),
    isOnSale: onSale,
    stockLevel: row.stockLevel,
    inStock: isInStock(row.stockLevel),
    salesUnit: row.salesUnit || '1 unidad',
    imageUrl: row.imageUrl,
    images: parseImageList(row.imageUrl, settings.imageBaseUrl),
    documentUrl: row.documentUrl,
    videoUrl: row.videoUrl,
    categoryId: row.categoryId,
    categoryPath: row.categoryPath,
    alternateCodes: row.alternateCodes,
    // Present only when the part has them: most parts do not, and lists stay as small as before.
    ...(row.notes ? { notes: row.notes } : {}),
    ...(row.applications ? { applications: row.applications } : {}),
  };
}
