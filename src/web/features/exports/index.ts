/** Public surface of the exports feature (issue 7): the Excel and PDF download buttons. */
export { ExcelButton } from './excel-button.tsx';
export { PdfButton } from './pdf-button.tsx';
