/** Public surface of the exports feature (issue 7): the Excel and PDF download buttons. */
export {
  type ExcelExportFilters,
  excelExportUrl,
  filenameFromDisposition,
  type PdfExportOptions,
  pdfExportUrl,
} from './download.ts';
export { ExcelButton, type ExcelButtonProps } from './excel-button.tsx';
export type { ExportButtonTone } from './export-button.tsx';
export { PdfButton, type PdfButtonProps } from './pdf-button.tsx';
export { EXCEL_TEXTS, PDF_TEXTS } from './texts.ts';
