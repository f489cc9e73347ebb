/** Readable "before → after" lines of an audit entry (user history). */

const FIELD_LABELS: Record<string, string> = {
  username: 'Usuario',
  fullName: 'Nombre',
  email: 'Email',
  phone: 'Teléfono',
  company: 'Empresa',
  clientCode: 'Código de cliente',
  profileType: 'Tipo',
  isApproved: 'Aprobado',
};

const VALUE_LABELS: Record<string, string> = {
  client: 'Cliente',
  distributor: 'Distribuidor',
  admin: 'Administrador',
  guest: 'Invitado',
};

const ACTION_LABELS: Record<string, string> = {
  'user.create': 'Alta',
  'user.approve': 'Aprobación',
  'user.client_code': 'Código de cliente',
  'user.type': 'Cambio de tipo',
  'user.update': 'Edición',
  'user.delete': 'Eliminación',
};

/** Fields never worth showing in a change list. */
const HIDDEN_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'passwordHash']);

export interface ChangeLine {
  field: string;
  before: string;
  after: string;
}

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string') return VALUE_LABELS[value] ?? value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The fields that differ between `before` and `after`. A missing side (creation, deletion)
 * counts as empty. Values that are not objects give one line labelled "Valor".
 */
export function diffAudit(before: unknown, after: unknown): ChangeLine[] {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) {
    if (before === after || (before == null && after == null)) return [];
    return [{ field: 'Valor', before: formatAuditValue(before), after: formatAuditValue(after) }];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].filter((k) => !HIDDEN_FIELDS.has(k));
  const lines: ChangeLine[] = [];
  for (const key of keys) {
    const from = formatAuditValue(b?.[key]);
    const to = formatAuditValue(a?.[key]);
    if (from === to) continue;
    lines.push({ field: FIELD_LABELS[key] ?? key, before: from, after: to });
  }
  return lines;
}
