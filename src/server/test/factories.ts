/** Factories for test data, written through the same import path the product uses. */
import type { Db } from '../db/client.ts';
import type { SourceRecord } from '../modules/import/parse.ts';
import { importRecords } from '../modules/import/service.ts';

let sequence = 0;

/** A raw ERP record with sensible defaults; `precios` fills lists 1..n in order. */
export function buildPartRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    codigo: `TST-${String(sequence).padStart(5, '0')}`,
    descripcion: `Repuesto de prueba ${sequence}`,
    categoria1: 'Repuestos',
    categoria2: 'Motor',
    categoria3: 'Genérico',
    precios: '100.00-90.00-80.00-120.00',
    stock: 10,
    ...overrides,
  };
}

/** Imports records into `db` and returns nothing; throws when the import fails. */
export async function insertParts(db: Db, records: Record<string, unknown>[]): Promise<void> {
  const source: SourceRecord[] = records.map((values, i) => ({ row: i + 1, values }));
  await importRecords(db, source, 'records', { lowStock: 5 });
}
