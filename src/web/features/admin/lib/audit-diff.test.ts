import { describe, expect, it } from 'vitest';
import { actionLabel, auditSubject, diffAudit } from './audit-diff.ts';

describe('diffAudit', () => {
  it('lists only changed fields with labels and translated values', () => {
    expect(
      diffAudit(
        { id: 1, username: 'taller', clientCode: null, profileType: 'client', createdAt: 'a' },
        { id: 1, username: 'taller', clientCode: 'C-9', profileType: 'distributor', createdAt: 'b' },
      ),
    ).toEqual([
      { field: 'Código de cliente', before: '—', after: 'C-9' },
      { field: 'Tipo', before: 'Cliente', after: 'Distribuidor' },
    ]);
  });

  it('treats a missing side as empty', () => {
    expect(diffAudit(null, { username: 'nuevo', isApproved: true })).toEqual([
      { field: 'Usuario', before: '—', after: 'nuevo' },
      { field: 'Aprobado', before: '—', after: 'Sí' },
    ]);
    expect(diffAudit(null, null)).toEqual([]);
  });

  it('shows a photo list as its count and short names', () => {
    expect(
      diffAudit(
        { partNumber: 'OM-352', images: ['om352/filtro.jpg'] },
        { partNumber: 'OM-352', images: ['om352/filtro.jpg', 'uploads/om-352-1a2b3c4d5e6f-lg.webp'] },
      ),
    ).toEqual([{ field: 'Fotos', before: '1 foto: om352/filtro.jpg', after: '2 fotos: om352/filtro.jpg, om-352-1a2b3c4d5e6f' }]);
    expect(diffAudit({ images: ['uploads/a-lg.webp'] }, { images: [] })).toEqual([
      { field: 'Fotos', before: '1 foto: a', after: 'Sin fotos' },
    ]);
    expect(actionLabel('part.photos.reorder')).toBe('Fotos reordenadas');
  });

  it('reads a bulk price change: what, how, how many, and the sums in pesos', () => {
    expect(
      diffAudit(
        { priceSum: '2234.56' },
        { filter: 'Marca Bosch', rule: 'Lista 1 +10 %, redondeo a centavos', parts: 2, skipped: 1, priceSum: '2458.02' },
      ).map((line) => `${line.field}: ${line.before} → ${line.after}`.replace(/\u00a0/g, ' ')),
    ).toEqual([
      'Suma de precios: $ 2.234,56 → $ 2.458,02',
      'Repuestos: — → Marca Bosch',
      'Cambio: — → Lista 1 +10 %, redondeo a centavos',
      'Precios cambiados: — → 2',
      'Sin tocar (sin precio de origen o fuera de rango): — → 1',
    ]);
    expect(actionLabel('price.bulk')).toBe('Cambio de precios');
    expect(actionLabel('price.bulk_undo')).toBe('Cambio de precios deshecho');
  });

  const lines = (entry: ReturnType<typeof diffAudit>) => entry.map((l) => `${l.field}: ${l.before} → ${l.after}`.replace(/\u00a0/g, ' '));

  it('reads a carousel publication carousel by carousel, by code, with discounts and offer days', () => {
    const featured = { collection: 'featured', discountPercentage: 0, startsOn: null, endsOn: null };
    const sale = { collection: 'on-sale', discountPercentage: 20, startsOn: null, endsOn: null };
    expect(
      lines(
        diffAudit(
          [
            { ...featured, partId: 1, partNumber: 'CE0001' },
            { ...sale, partId: 12, partNumber: 'CE0012' },
          ],
          [
            { ...featured, partId: 1, partNumber: 'CE0001' },
            { ...sale, partId: 5, partNumber: 'CE0005', discountPercentage: 12.5, startsOn: '2026-12-01', endsOn: '2026-12-31' },
            { ...sale, partId: 12, partNumber: 'CE0012' },
          ],
          'carousel.publish',
        ),
      ),
    ).toEqual([
      'Productos Rebajados: 1 producto: CE0012 (20 %) → 2 productos: CE0005 (12,5 %, desde 01/12/2026, hasta 31/12/2026), CE0012 (20 %)',
    ]);
    // Entries written before codes were kept name the part by its id; an emptied carousel says so.
    expect(lines(diffAudit([{ ...featured, partId: 7 }], [], 'carousel.publish'))).toEqual([
      'Productos Destacados: 1 producto: #7 → Sin productos',
    ]);
    expect(actionLabel('carousel.publish')).toBe('Carruseles publicados');
  });

  it('names both parts of a relation by code; an older entry by id, not as a count', () => {
    const relation = { partId: 4501, partNumber: '3151', relatedPartId: 4313, relatedPartNumber: '3154' };
    expect(lines(diffAudit(null, relation, 'relation.add'))).toEqual(['Código: — → 3151', 'Repuesto relacionado: — → 3154']);
    expect(auditSubject({ entity: 'relation', entityId: '4501', before: null, after: relation })).toBe('3151');
    expect(lines(diffAudit({ partId: 4501, relatedPartId: 4313 }, null, 'relation.remove'))).toEqual([
      'Repuesto: #4501 → —',
      'Repuesto relacionado: #4313 → —',
    ]);
  });

  it('names a carousel entry and a new order by code, not by id', () => {
    expect(
      lines(
        diffAudit(null, { collection: 'on-sale', partId: 5, partNumber: 'CE0005', discountPercentage: 0, startsOn: null, endsOn: null }),
      ),
    ).toEqual(['Carrusel: — → Productos Rebajados', 'Código: — → CE0005', 'Descuento %: — → 0']);
    expect(
      lines(
        diffAudit(
          { collection: 'featured', partIds: [1, 2], partNumbers: ['A-1', 'B-2'] },
          { collection: 'featured', partIds: [2, 1], partNumbers: ['B-2', 'A-1'] },
          'carousel.reorder',
        ),
      ),
    ).toEqual(['Orden: A-1, B-2 → B-2, A-1']);
    expect(actionLabel('carousel.reorder')).toBe('Carrusel reordenado');
    expect(auditSubject({ entity: 'carousel', entityId: 'on-sale', before: null, after: null })).toBe('Carrusel Productos Rebajados');
    expect(auditSubject({ entity: 'carousel', entityId: '5', before: { partNumber: 'CE0005' }, after: null })).toBe('CE0005');
    expect(auditSubject({ entity: 'user', entityId: '4', before: null, after: { username: 'taller' } })).toBe('Usuario 4');
    expect(auditSubject({ entity: 'catalogue', entityId: null, before: null, after: {} })).toBeNull();
  });

  it('reads a pedido status change in Spanish, with its note', () => {
    expect(
      lines(diffAudit({ status: 'received' }, { status: 'preparing', label: 'En preparación', note: 'Armando el pedido' }, 'order.status')),
    ).toEqual(['Estado: Recibido → En preparación', 'Nota: — → Armando el pedido']);
    expect(lines(diffAudit({ status: 'pending' }, { status: 'completed' }, 'part_request.status'))).toEqual([
      'Estado: Pendiente → Completada',
    ]);
  });

  it('reads an import as counts, never as JSON', () => {
    const report = {
      source: 'Inventario.xlsx',
      format: 'xlsx',
      rows: 10474,
      inserted: 3,
      updated: 0,
      rejected: 0,
      merged: [{ row: 768, into: 744, partNumber: '042MBS2120' }],
      priceChanges: { parts: 2, lists: [{ list: 1, up: 2, down: 0, added: 0, removed: 0, meanPercent: 5 }], largest: [] },
      missingImages: { count: 4, first: ['a.jpg'] },
      assignments: [{ column: 'COD', target: 'partNumber' }],
      dryRun: false,
    };
    const read = lines(diffAudit(null, report, 'catalogue.upload'));
    expect(read).toEqual([
      'Origen: — → Inventario.xlsx',
      'Formato: — → xlsx',
      'Filas: — → 10.474',
      'Nuevos: — → 3',
      'Actualizados: — → 0',
      'Rechazados: — → 0',
      'Filas repetidas sumadas: — → 1',
      'Cambios de precio: — → 2 productos',
      'Imágenes sin archivo: — → 4',
    ]);
    expect(read.join('\n')).not.toMatch(/[{[]/);
    expect(actionLabel('catalogue.upload')).toBe('Importación de archivo');
    // An undone import names what came back; a job cut short says how far it got.
    expect(lines(diffAudit(null, { runId: 4, restored: 2, deactivated: 1, reactivated: 0, skipped: 1 }, 'catalogue.undo'))).toEqual([
      'Importación: — → 4',
      'Con sus datos anteriores: — → 2',
      'Desactivados: — → 1',
      'Reactivados: — → 0',
      'Cambiados después, sin tocar: — → 1',
    ]);
    expect(
      lines(
        diffAudit(
          { status: 'running', kind: 'sync', progress: { phase: 'writing', read: 900, written: 1200, total: 5000 } },
          { status: 'interrupted', reason: 'El servidor se reinició' },
          'catalogue.job_interrupted',
        ),
      ),
    ).toEqual([
      'Estado: En curso → Interrumpida',
      'Tarea: Sincronización → —',
      'Avance: 1.200 de 5.000 filas escritas → —',
      'Motivo: — → El servidor se reinició',
    ]);
  });

  it('reads a saved column mapping as its columns, and times as dates', () => {
    expect(
      lines(
        diffAudit(
          null,
          {
            name: 'erp',
            assignments: [
              { column: 'COD', target: 'partNumber' },
              { column: 'X', target: 'ignore' },
            ],
          },
          'import_mapping.save',
        ),
      ),
    ).toEqual(['Nombre: — → erp', 'Columnas: — → «COD» como Código']);
    expect(lines(diffAudit({ disabledAt: null }, { disabledAt: '2026-03-10T15:30:00.000Z' }))).toEqual([
      'Deshabilitado desde: — → 10/03/2026, 12:30',
    ]);
  });

  it('names known actions', () => {
    expect(actionLabel('user.approve')).toBe('Aprobación');
    expect(actionLabel('other.thing')).toBe('other.thing');
  });
});
