/**
 * The one place the web app turns numbers, amounts, dates and sizes into es-AR text
 * (docs/architecture.md). Formatters are built once: `Intl` constructors are slow next to `format`.
 */
export { formatPrice } from '../../shared/pricing.ts';

const LOCALE = 'es-AR';
/** Dates and times are shown in Argentine time whatever the browser's zone. */
const TIME_ZONE = 'America/Argentina/Buenos_Aires';

/** `make()` on the first call, the same value afterwards. */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

const countFormat = lazily(() => new Intl.NumberFormat(LOCALE));
const arsFormat = lazily(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'ARS' }));
const dateTimeFormat = lazily(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: TIME_ZONE,
    }),
);
const megabytesFormat = lazily(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 }));
const megabytesFixedFormat = lazily(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1, minimumFractionDigits: 1 }));

/** Bytes in one megabyte. Binary, as file managers count and as the upload limit is set (20 × 1024²). */
export const BYTES_PER_MB = 1024 * 1024;

/** A count with thousands separators: `1234` → `'1.234'`. */
export function formatCount(value: number): string {
  return countFormat().format(value);
}

/**
 * A count and its noun, singular for exactly one as Spanish has it: `(1, 'repuesto', 'repuestos')` →
 * `'1 repuesto'`, `(214, …)` → `'214 repuestos'`, `(0, …)` → `'0 repuestos'`.
 */
export function formatCountOf(value: number, singular: string, plural: string): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}

/**
 * An amount in pesos, for any number including 0: `1234.5` or `'1234.50'` → `'$ 1.234,50'`. For
 * a part's price, where a missing or zero price reads "Consultar Precio", use {@link formatPrice}.
 */
export function formatArs(value: number | string): string {
  return arsFormat().format(Number(value));
}

/** An ISO timestamp as an es-AR date and time in Argentine time (`'10/03/2025, 12:30'`); the raw text if unparsable. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat().format(date);
}

/** A calendar day `YYYY-MM-DD` as es-AR `DD/MM/YYYY` (no time zone involved); the raw text if it is not one. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/**
 * A byte count in megabytes ({@link BYTES_PER_MB}) with at most one decimal: `20 * 1024 ** 2` →
 * `'20 MB'`, `1.5 * 1024 ** 2` → `'1,5 MB'`. `fixedDecimal` always shows the decimal (`'1,0 MB'`),
 * so a growing progress figure does not change width.
 */
export function formatMegabytes(bytes: number, { fixedDecimal = false }: { fixedDecimal?: boolean } = {}): string {
  return `${(fixedDecimal ? megabytesFixedFormat() : megabytesFormat()).format(bytes / BYTES_PER_MB)} MB`;
}
