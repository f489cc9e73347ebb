/** Texts of the export buttons (docs/product.md §9.1, §9.2). */
export const EXCEL_TEXTS = {
  label: 'Descargar Excel',
  shortLabel: 'Excel',
  busy: 'Generando Excel…',
  success: 'Archivo Excel descargado correctamente',
  failure: 'Error al generar el archivo Excel',
  fallbackName: 'catalogo.xlsx',
} as const;

export const PDF_TEXTS = {
  label: 'Descargar PDF',
  busy: 'Generando PDF…',
  failureTitle: 'Error al generar PDF',
  failure: 'Hubo un problema al crear el archivo PDF.',
  fallbackName: 'catalogo.pdf',
} as const;
