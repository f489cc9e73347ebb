import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildZip, xlsxBomb } from '../../test/zip.ts';
import { SOURCE_LIMITS, parseSource } from './parse.ts';
import { checkXlsxArchive } from './xlsx-archive.ts';

const MB = 1024 * 1024;
const TOO_LARGE = 'El archivo XLSX se descomprime a más de 200 MB: no se puede importar.';

/**
 * Samples this process's resident memory every 2 ms while `work` runs and resolves the largest
 * growth over the RSS measured just before it (bytes). Unlike the process's peak RSS (maxRSS), which
 * counts whatever happened before the test (module loading, earlier files in the same worker), the
 * samples see only what `work` allocates; the inflation is streamed chunk by chunk, so the event
 * loop turns often and a 2 ms interval does not miss a growth of tens of megabytes.
 */
async function peakRssGrowth(work: () => Promise<void>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
}

describe('XLSX archive-bomb guard', () => {
  it('refuses a 1 MB file that inflates to 1 GB, whatever its headers declare, in under 100 MB of memory', async () => {
    // 1 GiB of zeros in about 1 MB; the headers claim the worksheet inflates to 1 KB.
    const lying = xlsxBomb(1024, 1024);
    const honest = xlsxBomb(1024);
    expect(lying.length).toBeLessThan(1.1 * MB);
    const growth = await peakRssGrowth(async () => {
      await expect(parseSource(lying)).rejects.toMatchObject({ code: 'IMPORT_FAILED', message: TOO_LARGE });
      // The same bomb with honest headers is refused by the same count.
      await expect(parseSource(honest)).rejects.toThrow(TOO_LARGE);
    });
    expect(growth).toBeLessThan(100 * MB);
  });

  it('counts every entry: many entries that each stay small but add up past the cap are refused', async () => {
    const zeros = zlib.deflateRawSync(Buffer.alloc(MB), { level: 9 });
    const crc32 = zlib.crc32(Buffer.alloc(MB));
    const entries = Array.from({ length: 201 }, (_, i) => ({
      name: `xl/media/image${i}.bin`,
      data: zeros,
      method: 8 as const,
      crc32,
      declaredSize: MB,
    }));
    await expect(parseSource(buildZip(entries))).rejects.toThrow(TOO_LARGE);
    // The cap is the caller's: three 1 MB entries are over a 2 MB cap.
    await expect(checkXlsxArchive(buildZip(entries.slice(0, 3)), { maxInflatedBytes: 2 * MB, maxEntries: 10 })).rejects.toThrow(
      'El archivo XLSX se descomprime a más de 2 MB: no se puede importar.',
    );
  });

  it('refuses an archive with more entries than a workbook has', async () => {
    const empty = { data: Buffer.alloc(0), method: 0 as const, crc32: 0, declaredSize: 0 };
    const entries = Array.from({ length: SOURCE_LIMITS.maxXlsxEntries + 1 }, (_, i) => ({ ...empty, name: `x/${i}.xml` }));
    await expect(parseSource(buildZip(entries))).rejects.toThrow(
      'El archivo XLSX tiene más de 2.000 archivos internos: no se puede importar.',
    );
  });

  it('refuses a damaged archive with a Spanish message', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Hoja1').addRow(['sku', 'nombre']);
    const valid = Buffer.from(await workbook.xlsx.writeBuffer());
    await expect(parseSource(valid.subarray(0, valid.length - 30))).rejects.toMatchObject({
      code: 'IMPORT_FAILED',
      message: expect.stringMatching(/^El archivo XLSX está dañado y no se puede leer/),
    });
  });

  it('still reads a normal workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Hoja1');
    sheet.addRow(['sku', 'nombre', 'precio uni']);
    for (let i = 1; i <= 500; i++) sheet.addRow([`RS-${i}`, `Resorte de prueba ${i}`, 1000 + i]);
    const source = await parseSource(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(source.format).toBe('xlsx');
    expect(source.records).toHaveLength(500);
    expect(source.records[0]).toEqual({ row: 2, values: { sku: 'RS-1', nombre: 'Resorte de prueba 1', 'precio uni': 1001 } });
  });
});
