/**
 * Hand-built zip archives for the archive-bomb tests: a valid zip whose one entry inflates to many
 * bytes of zeros while the file stays about a thousandth of that, built without ever holding the
 * inflated bytes (one MiB of zeros is compressed once and its blocks repeated).
 */
import zlib from 'node:zlib';

/** One entry of a hand-built zip. `data` is already compressed with `method` (0 stored, 8 deflate). */
export interface ZipEntry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  crc32: number;
  /** The uncompressed size written in the headers (a bomb may lie here). */
  declaredSize: number;
}

const MIB = 1024 * 1024;

/** Builds a zip archive (local headers, data, central directory, end record) from `entries`. */
export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    local.writeUInt32LE(entry.crc32, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(entry.crc32, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A raw deflate stream of `mebibytes` MiB of zeros and its CRC-32, in about `mebibytes` KiB. Each
 * MiB is the same sync-flushed run of blocks (no reference reaches back into the previous MiB), so
 * repeating it and closing with an empty final block is a valid stream.
 */
export function deflatedZeros(mebibytes: number): { data: Buffer; crc32: number } {
  const zeros = Buffer.alloc(MIB);
  const block = zlib.deflateRawSync(zeros, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  let crc = 0;
  for (let i = 0; i < mebibytes; i++) crc = zlib.crc32(zeros, crc);
  return { data: Buffer.concat([...Array.from({ length: mebibytes }, () => block), finalEmptyBlock]), crc32: crc };
}

/**
 * An "XLSX" whose worksheet inflates to `mebibytes` MiB of zeros. `declaredSize` is what its
 * headers claim the worksheet inflates to (the true size by default; a bomb may claim 1 KB).
 */
export function xlsxBomb(mebibytes: number, declaredSize = mebibytes * MIB): Buffer {
  const { data, crc32 } = deflatedZeros(mebibytes);
  const contentTypes = Buffer.from('<?xml version="1.0"?><Types/>');
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: contentTypes,
      method: 0,
      crc32: zlib.crc32(contentTypes),
      declaredSize: contentTypes.length,
    },
    { name: 'xl/worksheets/sheet1.xml', data, method: 8, crc32, declaredSize },
  ]);
}
