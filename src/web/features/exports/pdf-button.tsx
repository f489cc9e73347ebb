import { FileDown } from 'lucide-react';
import { dismissToast, toast } from '../../components/ui/toast.tsx';
import { type PdfExportOptions, pdfExportUrl, rateLimitMessage } from './download.ts';
import { ExportButton, type ExportButtonLookProps } from './export-button.tsx';
import { PDF_TEXTS } from './texts.ts';
import { useDownload } from './use-download.ts';

export type PdfButtonProps = PdfExportOptions & ExportButtonLookProps;

/**
 * "Descargar PDF": downloads the printable catalogue (`GET /api/export/catalog.pdf`, cover,
 * contents and the print grouping, at the viewer's prices; `includePrices` is the caller's
 * choice; `search` and `brand` narrow it to what the list shows) with a busy label while it streams
 * in, also said in a toast (seen when the button sits in a closed menu; removed once the file is
 * saved). Failure: the toast "Error al generar PDF" / "Hubo un problema al crear el archivo PDF."
 * (docs/product.md §9.2); a 429 shows the server's message instead.
 */
export function PdfButton({ categoryIds, categoryName, includeImages, includePrices, search, brand, ...look }: PdfButtonProps) {
  const { busy, bytes, start } = useDownload();
  const download = () => {
    if (busy) return;
    // Said in a toast too: in the phone's "Más opciones" the button closes with its menu.
    // A whole catalogue with images takes seconds: the notice stays until the file or the error.
    const notice = toast({ title: PDF_TEXTS.busy, description: PDF_TEXTS.busyHint, duration: Number.POSITIVE_INFINITY });
    return start(pdfExportUrl({ categoryIds, categoryName, includeImages, includePrices, search, brand }), PDF_TEXTS.fallbackName, {
      onSuccess: () => dismissToast(notice),
      onAbort: () => dismissToast(notice),
      onError: (error) =>
        toast({ title: PDF_TEXTS.failureTitle, description: rateLimitMessage(error) ?? PDF_TEXTS.failure, variant: 'destructive' }),
    });
  };
  return (
    <ExportButton
      icon={FileDown}
      label={PDF_TEXTS.label}
      busyLabel={PDF_TEXTS.busy}
      busy={busy}
      bytes={bytes}
      onClick={() => void download()}
      {...look}
    />
  );
}
