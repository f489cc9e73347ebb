import { FileSpreadsheet } from 'lucide-react';
import { dismissToast, toast } from '../../components/ui/toast.tsx';
import { EXCEL_TEXTS } from './texts.ts';
import { type ExcelExportFilters, excelExportUrl, rateLimitMessage } from './download.ts';
import { ExportButton, type ExportButtonLookProps } from './export-button.tsx';
import { useDownload } from './use-download.ts';

export type ExcelButtonProps = ExcelExportFilters &
  ExportButtonLookProps & {
    /** Show "Descargar Excel" in full (a menu item) instead of "Excel". */
    fullLabel?: boolean;
  };

/**
 * "Descargar Excel" (visible text "Excel"): downloads the catalogue as filtered on screen
 * (`GET /api/export/catalog.xlsx`, at the viewer's prices), with a busy label while the file
 * streams in (also as a toast, seen when the button sits in a closed menu), and the success or failure toast of docs/product.md §9.1 (a 429 shows the server's message).
 * Made for the catalogue header (`tone="header"`, the default).
 */
export function ExcelButton({ categoryId, search, brand, sortBy, sortDir, tone = 'header', fullLabel = false, ...look }: ExcelButtonProps) {
  const { busy, bytes, start } = useDownload();
  const download = () => {
    if (busy) return;
    // Said in a toast too: in the phone's "Más opciones" the button closes with its menu.
    // It stays until the file or the error replaces it (a large list streams for seconds).
    const notice = toast({ title: EXCEL_TEXTS.busy, description: EXCEL_TEXTS.busyHint, duration: Number.POSITIVE_INFINITY });
    return start(excelExportUrl({ categoryId, search, brand, sortBy, sortDir }), EXCEL_TEXTS.fallbackName, {
      onSuccess: () => toast({ title: EXCEL_TEXTS.success }),
      onAbort: () => dismissToast(notice),
      onError: (error) => toast({ title: 'Error', description: rateLimitMessage(error) ?? EXCEL_TEXTS.failure, variant: 'destructive' }),
    });
  };
  return (
    <ExportButton
      icon={FileSpreadsheet}
      label={EXCEL_TEXTS.label}
      shortLabel={fullLabel ? undefined : EXCEL_TEXTS.shortLabel}
      busyLabel={EXCEL_TEXTS.busy}
      busy={busy}
      bytes={bytes}
      onClick={() => void download()}
      tone={tone}
      {...look}
    />
  );
}
