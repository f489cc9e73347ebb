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

  it('names known actions', () => {
    expect(actionLabel('user.approve')).toBe('Aprobación');
    expect(actionLabel('other.thing')).toBe('other.thing');
  });
});
