import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readQuickOrderFile } from './spreadsheet-text.ts';

/** A minimal XLSX as Excel writes it: workbook, relationships, shared strings and a sparse sheet. */
function xlsx(): Uint8Array<ArrayBuffer> {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return new Uint8Array(
    zipSync({
      'xl/workbook.xml': strToU8(
        `<workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Pedido" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      'xl/sharedStrings.xml': strToU8(
        `<sst ${ns}><si><t>Código</t></si><si><t>Cantidad</t></si><si><t>06H-103-144</t></si><si><r><t>Caño </t></r><r><t>ñandú</t></r></si></sst>`,
      ),
      'xl/worksheets/sheet1.xml': strToU8(
        `<worksheet ${ns}><sheetData>` +
          '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
          '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>2</v></c></row>' +
          '<row r="3"><c r="B3"><v>3</v></c><c r="C3" t="inlineStr"><is><t>0011843925</t></is></c></row>' +
          '<row r="4"><c r="A4" t="s"><v>3</v></c></row>' +
          '</sheetData></worksheet>',
      ),
    }),
  );
}

describe('readQuickOrderFile', () => {
  it("reads an XLSX's first sheet as tab-separated lines, keeping empty cells in place", async () => {
    const text = await readQuickOrderFile(new Blob([xlsx()]));
    expect(text).toBe('Código\tCantidad\n06H-103-144\t2\n\t3\t0011843925\nCaño ñandú');
  });

  it('reads a UTF-8 CSV as is and a Windows-1252 one (Excel in Argentina) by its code page', async () => {
    expect(await readQuickOrderFile(new Blob(['\uFEFFcódigo;cantidad\nA-1;2'], { type: 'text/csv' }))).toBe('código;cantidad\nA-1;2');
    const latin1 = new Uint8Array([0x63, 0xf3, 0x64, 0x3b, 0x32]); // "cód;2" in Windows-1252
    expect(await readQuickOrderFile(new Blob([latin1]))).toBe('cód;2');
  });

  it('refuses a broken XLSX and a file over 5 MB in Spanish', async () => {
    await expect(readQuickOrderFile(new Blob([new Uint8Array([0x50, 0x4b, 1, 2, 3])]))).rejects.toThrow(
      'No se pudo leer el archivo Excel.',
    );
    await expect(readQuickOrderFile(new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]))).rejects.toThrow('El archivo supera los 5 MB.');
  });
});
