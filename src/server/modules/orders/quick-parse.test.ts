/** The quick-order parser on text as customers paste it (issue 19): Excel, CSV, WhatsApp, e-mail. */
import { describe, expect, it } from 'vitest';
import { type ParsedLine, parseQuickOrder, readQuantity } from './quick-parse.ts';

/** The first reading of each line: `[line, code, quantity | 'bad:…']`. */
function first(text: string): [number, string, number | null | string][] {
  return parseQuickOrder(text).map((l: ParsedLine) => {
    const r = l.readings[0];
    return [l.line, r?.code ?? '', r?.badQuantity !== undefined ? `bad:${r.badQuantity}` : (r?.quantity ?? null)];
  });
}

describe('quick-order parser', () => {
  it('reads an Excel paste (tabs) with a header row and a description column', () => {
    const paste = 'Código\tDescripción\tCantidad\r\n06H-103-144\tBOMBA DE AGUA VW\t2\r\n="0305006150"\tBUJE ELASTICO\t10\r\n\r\n';
    expect(first(paste)).toEqual([
      [2, '06H-103-144', 2],
      [3, '0305006150', 10],
    ]);
  });

  it('reads CANTIDAD CODIGO and CODIGO CANTIDAD, with spaces, semicolons or a CSV comma', () => {
    expect(first('06H-103-144 2\n3 FIL-200\nFIL-200;4\n5;FIL-200\n"OM-352",6\n7,OM-352')).toEqual([
      [1, '06H-103-144', 2],
      [2, 'FIL-200', 3],
      [3, 'FIL-200', 4],
      [4, 'FIL-200', 5],
      [5, 'OM-352', 6],
      [6, 'OM-352', 7],
    ]);
  });

  it('reads WhatsApp messages: exported prefixes, bullets, "x", units and bold', () => {
    const chat = [
      '[12/03/25, 10:15] Juan Pérez: 2 x 06H-103-144',
      '12/3/25 10:16 - Juan Pérez: FIL-200 x3',
      '- OM-352 (4)',
      '• 06H 103 144 x 2',
      '*FIL-200* - 5 unidades',
      'cant: 6 OM-352',
      'OM-352 x 7 u.',
    ].join('\n');
    expect(first(chat)).toEqual([
      [1, '06H-103-144', 2],
      [2, 'FIL-200', 3],
      [3, 'OM-352', 4],
      [4, '06H 103 144', 2],
      [5, 'FIL-200', 5],
      [6, 'OM-352', 6],
      [7, 'OM-352', 7],
    ]);
  });

  it('takes a lone code as quantity 1 and keeps other readings to try against the catalogue', () => {
    expect(parseQuickOrder('FIL-200')[0]?.readings).toEqual([{ code: 'FIL-200', quantity: null }]);
    // `06H 103 144`: a code written with spaces, or `06H 103` and 144? Both are tried against the catalogue.
    const [line] = parseQuickOrder('06H 103 144');
    expect(line?.readings).toContainEqual({ code: '06H 103', quantity: 144 });
    expect(line?.readings).toContainEqual({ code: '06H 103 144', quantity: null });
    // `2 06H 103 144`: the number at the end may be part of the code; both readings are kept.
    const [both] = parseQuickOrder('2 06H 103 144');
    expect(both?.readings).toContainEqual({ code: '06H 103 144', quantity: 2 });
  });

  it('marks bad quantities on the code they go with', () => {
    expect(first('FIL-200 0\nFIL-200 2,5\nFIL-200;10000\nFIL-200 -3')).toEqual([
      [1, 'FIL-200', 'bad:0'],
      [2, 'FIL-200', 'bad:2,5'],
      [3, 'FIL-200', 'bad:10000'],
      [4, 'FIL-200', 'bad:-3'],
    ]);
  });

  it('reads quantities as written in es-AR', () => {
    expect(readQuantity('1.000')).toEqual({ value: 1000 });
    expect(readQuantity('2x')).toEqual({ value: 2 });
    expect(readQuantity('x12')).toEqual({ value: 12 });
    expect(readQuantity('(3)')).toEqual({ value: 3 });
    expect(readQuantity('4u')).toEqual({ value: 4 });
    expect(readQuantity('2,0')).toEqual({ value: 2 });
    expect(readQuantity('1,5')).toEqual({ bad: '1,5' });
    expect(readQuantity('FIL-200')).toBeNull();
  });

  it('skips blank lines and headers but numbers lines as pasted', () => {
    const parsed = parseQuickOrder('\n\nCODIGO;CANTIDAD\n\nFIL-200;1\n');
    expect(parsed.map((l) => [l.line, l.text])).toEqual([[5, 'FIL-200;1']]);
  });
});
