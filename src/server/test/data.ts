/** Paths of the real catalogues in `../shared/data` (read at test time, never copied in). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/data');

export const REAL_DATA = {
  dlc: path.join(root, 'dlc-motors/products.json'),
  resortes: path.join(root, 'resortes-puerto-montt/Inventario.xlsx'),
  zabala: path.join(root, 'zabala-repuestos/products.json'),
  zabalaImages: path.join(root, 'zabala-repuestos'),
} as const;

export function readRealFile(name: keyof typeof REAL_DATA): Buffer {
  return fs.readFileSync(REAL_DATA[name]);
}
