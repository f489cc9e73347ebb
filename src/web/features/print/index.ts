/** Public surface of the print feature (issue 7): the printable catalogue at `/print`. */
export { type PrintOptions, parsePrintOptions } from './print-options.ts';
export { PRINT_DELAY_MS, PRINT_PAGE_TEXTS, PrintPage } from './print-page.tsx';
