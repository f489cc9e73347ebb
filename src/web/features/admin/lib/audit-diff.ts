/** Readable "before → after" lines of an audit entry (user history, part editor, Historial). */
import { formatArs } from '../../../lib/format.ts';

const FIELD_LABELS: Record<string, string> = {
  username: 'Usuario',
  fullName: 'Nombre',
  email: 'Email',
  phone: 'Teléfono',
  company: 'Empresa',
  clientCode: 'Código de cliente',
  profileType: 'Tipo',
  isApproved: 'Aprobado',
  disabledAt: 'Deshabilitado desde',
  lastLoginAt: 'Último ingreso',
  reason: 'Motivo',
  partNumber: 'Código',
  description: 'Descripción',
  brand: 'Marca',
  category: 'Categoría',
  stock: 'Stock',
  stockLevel: 'Nivel de stock',
  salesUnit: 'Unidad de venta',
  alternateCodes: 'Códigos alternativos',
  notes: 'Notas',
  applications: 'Aplicaciones',
  isActive: 'Activo',
  documentUrl: 'Documento',
  videoUrl: 'Video',
  priceList: 'Lista de precios',
  price: 'Precio base',
  discountPercentage: 'Descuento %',
  status: 'Estado',
  terms: 'Sinónimos',
  filter: 'Repuestos',
  rule: 'Cambio',
  parts: 'Precios cambiados',
  skipped: 'Sin tocar (sin precio de origen o fuera de rango)',
  priceSum: 'Suma de precios',
  restored: 'Precios restaurados',
  conflicts: 'Cambiados después (sin tocar)',
  images: 'Fotos',
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`priceList${i + 1}`, `Lista ${i + 1}`])),
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
  'user.reject': 'Solicitud rechazada',
  'user.disable': 'Deshabilitado',
  'user.enable': 'Habilitado',
  'user.password_link': 'Enlace de contraseña enviado',
  'part.update': 'Edición de repuesto',
  'part.sales_unit': 'Unidad de venta',
  'part.multimedia': 'Multimedia',
  'price.bulk': 'Cambio de precios',
  'price.bulk_undo': 'Cambio de precios deshecho',
  'part.photos.add': 'Fotos agregadas',
  'part.photos.remove': 'Foto eliminada',
  'part.photos.reorder': 'Fotos reordenadas',
  'profile.price_list': 'Lista de precios de perfil',
  'category.visibility': 'Visibilidad de categoría',
  'relation.add': 'Relación agregada',
  'relation.remove': 'Relación quitada',
  'carousel.add': 'Agregado a carrusel',
  'carousel.remove': 'Quitado de carrusel',
  'carousel.update-discount': 'Descuento de carrusel',
  'carousel.publish': 'Carruseles publicados',
  'part_request.status': 'Estado de solicitud',
  'part_request.delete': 'Solicitud eliminada',
  'synonym.create': 'Sinónimos creados',
  'synonym.update': 'Sinónimos editados',
  'synonym.delete': 'Sinónimos eliminados',
  'order.status': 'Estado de pedido',
  'catalogue.job_interrupted': 'Importación interrumpida',
  'import_mapping.save': 'Mapeo de columnas guardado',
  'import_mapping.delete': 'Mapeo de columnas eliminado',
};

/** Kinds of audited things, as the Historial's "Tipo" filter names them. */
export const ENTITY_LABELS: Record<string, string> = {
  part: 'Repuesto',
  user: 'Usuario',
  profile: 'Perfil',
  category: 'Categoría',
  carousel: 'Carrusel',
  relation: 'Relación',
  part_request: 'Solicitud',
  catalogue: 'Catálogo',
  synonym: 'Sinónimos',
  order: 'Pedido',
  import_mapping: 'Mapeo de columnas',
  price_change: 'Cambio de precios',
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
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.length ? value.join(', ') : '—';
  return JSON.stringify(value);
}

const PRICE_FIELD = /^(price|priceList\d+|priceSum)$/;

/** A part's photo list (`images`): how many, and each one's name without the upload folder and size suffix. */
function formatPhotos(value: unknown): string {
  if (!Array.isArray(value)) return formatAuditValue(value);
  if (value.length === 0) return 'Sin fotos';
  const names = value.map((name) =>
    String(name)
      .replace(/^uploads\//, '')
      .replace(/-lg\.webp$/, ''),
  );
  return `${value.length === 1 ? '1 foto' : `${value.length} fotos`}: ${names.join(', ')}`;
}

/** A price list value ("1234.50") as ARS; no price reads "Consultar Precio". */
function formatPriceValue(value: unknown): string {
  return typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)
    ? formatArs(value)
    : value == null
      ? 'Consultar Precio'
      : formatAuditValue(value);
}

/** The part code an entry of a part carries (`before`/`after.partNumber`), if any. */
export function auditPartNumber(before: unknown, after: unknown): string | null {
  const code = asRecord(after)?.partNumber ?? asRecord(before)?.partNumber;
  return typeof code === 'string' ? code : null;
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
    const show = PRICE_FIELD.test(key) ? formatPriceValue : key === 'images' ? formatPhotos : formatAuditValue;
    const from = show(b?.[key]);
    const to = show(a?.[key]);
    if (from === to) continue;
    lines.push({ field: FIELD_LABELS[key] ?? key, before: from, after: to });
  }
  return lines;
}
