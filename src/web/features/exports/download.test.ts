import { describe, expect, it } from 'vitest';
import { excelExportUrl, filenameFromDisposition, pdfExportUrl } from './download.ts';

describe('filenameFromDisposition', () => {
  it('prefers the UTF-8 name, then the quoted or bare name, then the fallback', () => {
    expect(filenameFromDisposition(`attachment; filename="catalogo.pdf"; filename*=UTF-8''cat%C3%A1logo.pdf`, 'x.pdf')).toBe(
      'catálogo.pdf',
    );
    expect(filenameFromDisposition('attachment; filename="catalogo 2025.xlsx"', 'x.xlsx')).toBe('catalogo 2025.xlsx');
    expect(filenameFromDisposition('attachment; filename=catalogo.xlsx', 'x.xlsx')).toBe('catalogo.xlsx');
    expect(filenameFromDisposition('attachment', 'x.xlsx')).toBe('x.xlsx');
    expect(filenameFromDisposition(null, 'x.xlsx')).toBe('x.xlsx');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.pdf')).toBe('x.pdf');
  });

  it('never keeps a path', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe(`.._.._etc_passwd`);
  });
});

describe('export URLs', () => {
  it('send only the filters that narrow the list', () => {
    expect(excelExportUrl()).toBe('/api/export/catalog.xlsx');
    expect(excelExportUrl({ categoryId: 0, search: '  ', brand: '' })).toBe('/api/export/catalog.xlsx');
    expect(excelExportUrl({ categoryId: 7, search: 'bomba agua' })).toBe('/api/export/catalog.xlsx?categoryId=7&search=bomba+agua');
  });

  it('send the print parameters', () => {
    expect(pdfExportUrl()).toBe('/api/export/catalog.pdf?categoryIds=all');
    expect(pdfExportUrl({ categoryIds: [], includePrices: false })).toBe('/api/export/catalog.pdf?categoryIds=all&includePrices=false');
    expect(pdfExportUrl({ categoryIds: [3, 4], categoryName: 'Frenos', includeImages: true })).toBe(
      '/api/export/catalog.pdf?categoryIds=3%2C4&categoryName=Frenos&includeImages=true',
    );
  });
});
