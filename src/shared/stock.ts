/** Stock-level rules of docs/product.md §4.3. */

export const STOCK_IN = 'En Stock';
export const STOCK_LOW = 'Bajo Stock';
export const STOCK_OUT = 'Sin Stock';

/**
 * Stock level text from a quantity (units): 0 or less → "Sin Stock", below `lowStock` → "Bajo Stock",
 * otherwise "En Stock".
 */
export function stockLevelFromQuantity(quantity: number, lowStock: number): string {
  if (quantity <= 0) return STOCK_OUT;
  if (quantity < lowStock) return STOCK_LOW;
  return STOCK_IN;
}

/**
 * Stock texts an ERP writes for the three levels, folded (lower case, no accents, single spaces):
 * the levels themselves in any case (`sin stock`, `SIN STOCK`) and the usual words for them.
 */
const LEVEL_WORDS: ReadonlyMap<string, string> = new Map([
  ...['en stock', 'con stock', 'disponible', 'hay stock', 'si'].map((w) => [w, STOCK_IN] as const),
  ...['bajo stock', 'stock bajo', 'poco stock', 'ultimas unidades'].map((w) => [w, STOCK_LOW] as const),
  ...['sin stock', 'agotado', 'sin existencia', 'no disponible', 'no hay stock', 'no'].map((w) => [w, STOCK_OUT] as const),
]);

/**
 * The level a stock text names (docs/product.md §4.3): "En Stock", "Bajo Stock" or "Sin Stock" for
 * the levels written in any case or accents and the usual words for them (`agotado`,
 * `disponible`, `SI`/`NO`); any other text as it is.
 * @param text the text, trimmed; `folded` its {@link foldText} form.
 */
export function stockLevelFromText(text: string, folded: string): string {
  return LEVEL_WORDS.get(folded.replace(/[^a-z0-9]+/g, ' ').trim()) ?? text;
}

/** Badge colour of a stock level on the detail views (docs/product.md §4.3): green, yellow, red or gray. */
export type StockColor = 'green' | 'yellow' | 'red' | 'gray';

export function stockBadgeColor(stockLevel: string): StockColor {
  switch (stockLevel) {
    case STOCK_IN:
      return 'green';
    case STOCK_LOW:
      return 'yellow';
    case STOCK_OUT:
      return 'red';
    default:
      return 'gray';
  }
}

/** True when a part counts as in stock for list cards (green badge) (docs/product.md §4.3). */
export function isInStock(stockLevel: string): boolean {
  return stockLevel !== STOCK_OUT;
}
