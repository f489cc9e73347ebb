/** Checks shared by the import tests (docs/product.md §11.1). */
import type { ImportReport } from '../modules/import/service.ts';

/**
 * The rows an import report accounts for: written (inserted, updated, unchanged), rejected, blank,
 * headings, merged, the repeated rows of duplicate groups and conflicts. Equals the file's rows.
 */
export function accountedRows(report: ImportReport): number {
  return (
    report.inserted +
    report.updated +
    report.unchanged +
    report.rejected +
    (report.blank ?? 0) +
    (report.headings?.length ?? 0) +
    (report.merged?.length ?? 0) +
    (report.duplicates ?? []).reduce((n, g) => n + g.rows.length - 1, 0) +
    (report.conflicts?.length ?? 0)
  );
}
