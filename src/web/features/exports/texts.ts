/** Texts of the export buttons (docs/product.md §9.1, §9.2). */
export const EXCEL_TEXTS = {
  label: 'Descargar Excel',
  shortLabel: 'Excel',
  busy: 'Generando Excel…',
  /** Under the busy toast: on a phone the button is hidden with its menu while the file is made. */
  busyHint: 'La descarga comienza cuando el archivo esté listo.',
  success: 'Archivo Excel descargado correctamente',
  failure: 'Error al generar el archivo Excel',
  fallbackName: 'catalogo.xlsx',
} as const;

export const PDF_TEXTS = {
  label: 'Descargar PDF',
  busy: 'Generando PDF…',
  busyHint: 'La descarga comienza cuando el archivo esté listo.',
  failureTitle: 'Error al generar PDF',
  failure: 'Hubo un problema al crear el archivo PDF.',
  fallbackName: 'catalogo.pdf',
} as const;
