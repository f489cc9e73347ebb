/**
 * The limits of a catalogue source: a browser upload keeps the defaults, an operator's source
 * (`npm run import`, `ERP_SOURCE`) follows `IMPORT_MAX_MB` and `IMPORT_MAX_ROWS`.
 */
import { describe, expect, it } from 'vitest';
import { SOURCE_LIMITS, parseSource, sourceLimits } from './parse.ts';

const MB = 1024 * 1024;
const json = (rows: number) =>
  Buffer.from(JSON.stringify(Array.from({ length: rows }, (_, i) => ({ codigo: `RS-${i + 1}`, descripcion: 'RESORTE' }))));

describe('source limits', () => {
  it('are the defaults at 50 MB and 500,000 rows, and grow the XLSX bound with the rows', () => {
    expect(sourceLimits({ maxMb: 50, maxRows: 500_000 })).toEqual(SOURCE_LIMITS);
    expect(sourceLimits({ maxMb: 400, maxRows: 2_000_000 })).toEqual({
      maxBytes: 400 * MB,
      maxRecords: 2_000_000,
      maxXlsxInflatedBytes: 800_000_000,
      maxXlsxEntries: SOURCE_LIMITS.maxXlsxEntries,
    });
    // Never below the default's XLSX bound.
    expect(sourceLimits({ maxMb: 1, maxRows: 10 }).maxXlsxInflatedBytes).toBe(SOURCE_LIMITS.maxXlsxInflatedBytes);
  });

  it('refuses more rows or bytes than the limits given, and reads what fits', async () => {
    await expect(parseSource(json(3), sourceLimits({ maxMb: 50, maxRows: 2 }))).rejects.toMatchObject({
      code: 'IMPORT_FAILED',
      message: 'El archivo tiene más de 2 filas.',
    });
    expect((await parseSource(json(3), sourceLimits({ maxMb: 50, maxRows: 3 }))).records).toHaveLength(3);
    expect((await parseSource(json(3))).records).toHaveLength(3);
    const big = Buffer.concat([json(1), Buffer.alloc(MB, ' ')]);
    await expect(parseSource(big, sourceLimits({ maxMb: 1, maxRows: 10 }))).rejects.toMatchObject({
      message: 'El archivo supera el máximo de 1 MB.',
    });
    expect((await parseSource(big, sourceLimits({ maxMb: 2, maxRows: 10 }))).records).toHaveLength(1);
  });
});
