/**
 * Price rules of docs/product.md §3. Amounts travel as decimal
 * strings with two decimals ("1234.50", ARS); they are never summed as floats.
 */

/** The text shown where a part has no usable price (docs/product.md §3.3). */
export const NO_PRICE_TEXT = 'Consultar Precio';
/** The text the print view shows where a part has no usable price (docs/product.md §9.3). */
export const NO_PRICE_PRINT_TEXT = 'Consultar';

const arsFormatter = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });

/** Digits with at most two decimals after a dot: never a thousands separator (`1.234` is 1234). */
const PLAIN_AMOUNT = /^\d+(\.\d{1,2})?$/;
/** An amount already in the form {@link parsePrice} answers: positive, below 1e10, two decimals. */
const CANONICAL_AMOUNT = /^[1-9]\d{0,9}\.\d\d$/;

/**
 * Parses a price as found in a source or an API value into a two-decimal string, or null when it
 * is not a usable price ("-", empty, non-numeric, zero or negative mean "Consultar Precio").
 * Accepts `1234.5`, `"1234,50"`, `"1.234,50"`, `"$ 1.234"` and `470406.4788` (rounded half up).
 */
export function parsePrice(value: unknown): string | null {
  let n: number;
  if (typeof value === 'number') {
    n = value;
  } else if (typeof value === 'string' && CANONICAL_AMOUNT.test(value)) {
    // Most ERP prices (`12345.50`): already the answer.
    return value;
  } else if (typeof value === 'string' && PLAIN_AMOUNT.test(value)) {
    // The common ERP form (`1234.5`), read without the rewrites below (an import parses ~1M prices).
    n = Number(value);
  } else if (typeof value === 'string') {
    let s = value.replace(/[$\s]/g, '').replace(/^ARS/i, '');
    if (!s || s === '-') return null;
    if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
    else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
    else if (/^\d+,\d+$/.test(s)) s = s.replace(',', '.');
    if (!/^\d+(\.\d+)?$/.test(s)) return null;
    n = Number(s);
  } else {
    return null;
  }
  if (!Number.isFinite(n) || n <= 0 || n >= 1e10) return null;
  return (Math.round(n * 100) / 100).toFixed(2);
}

/** True when a price string/number is a positive amount worth showing (docs/product.md §3.3: shown only if positive). */
export function hasPrice(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0;
}

/** Formats ARS in es-AR (`$ 1.234,50`), or "Consultar Precio" when there is no price. */
export function formatPrice(value: string | number | null | undefined): string {
  if (!hasPrice(value)) return NO_PRICE_TEXT;
  return arsFormatter.format(Number(value));
}

/** True when a discount (percent) shows a struck-through original price: 0 < d < 100 (docs/product.md §3.4). */
export function showsOriginalPrice(discountPercentage: number | null | undefined): boolean {
  return typeof discountPercentage === 'number' && discountPercentage > 0 && discountPercentage < 100;
}

/**
 * Price after a discount (percent, 0–100), rounded to cents: `applyDiscount("1000.00", 20)` → `"800.00"`.
 * Returns the price unchanged when the discount does not apply.
 */
export function applyDiscount(price: string, discountPercentage: number): string {
  if (!showsOriginalPrice(discountPercentage)) return price;
  const cents = Math.round(Number(price) * 100);
  return (Math.round((cents * (100 - discountPercentage)) / 100) / 100).toFixed(2);
}

/**
 * Original price from a discounted price (docs/product.md §3.4): `price / (1 - discount/100)`, rounded to cents.
 * Returns null when the discount does not apply (0, 100 or outside).
 */
export function originalFromDiscounted(price: string | number, discountPercentage: number): string | null {
  if (!showsOriginalPrice(discountPercentage) || !hasPrice(price)) return null;
  return (Math.round((Number(price) / (1 - discountPercentage / 100)) * 100) / 100).toFixed(2);
}

/** Line total for a quantity (integer ≥ 1) as a two-decimal string, computed in cents. */
export function lineTotal(price: string, quantity: number): string {
  const cents = Math.round(Number(price) * 100) * Math.max(1, Math.floor(quantity));
  return (cents / 100).toFixed(2);
}
