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
