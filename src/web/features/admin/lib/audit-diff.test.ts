import { describe, expect, it } from 'vitest';
import { actionLabel, diffAudit } from './audit-diff.ts';

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

  it('names known actions', () => {
    expect(actionLabel('user.approve')).toBe('Aprobación');
    expect(actionLabel('other.thing')).toBe('other.thing');
  });
});
