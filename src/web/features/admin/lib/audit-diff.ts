/**
 * Readable "before → after" lines of an audit entry (user history, part editor, Historial): every
 * field in Spanish, every value as words, counts or pesos, never raw JSON, so an entry reads on a
 * phone (issue 21 item 5).
 */
import type { Collection } from '../../../../shared/api.ts';
import { IMPORT_TARGET_LABELS } from '../../../../shared/import-mappings.ts';
import { ORDER_STATUS_LABELS } from '../../../../shared/orders.ts';
import { formatArs, formatCount, formatDateTime, formatDay } from '../../../lib/format.ts';
import { COLLECTION_LABELS, JOB_KIND_LABELS, REQUEST_STATUS_LABELS } from '../texts.ts';

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
  note: 'Nota',
  collection: 'Carrusel',
  partId: 'Repuesto',
  relatedPartId: 'Repuesto relacionado',
  relatedPartNumber: 'Repuesto relacionado',
  partIds: 'Orden',
  partNumbers: 'Orden',
  startsOn: 'Desde',
  endsOn: 'Hasta',
  kind: 'Tarea',
  owner: 'Proceso',
  progress: 'Avance',
  source: 'Origen',
  format: 'Formato',
  rows: 'Filas',
  inserted: 'Nuevos',
  updated: 'Actualizados',
  unchanged: 'Sin cambios',
  deactivated: 'Desactivados',
  rejected: 'Rechazados',
  blank: 'Filas vacías',
  headings: 'Filas de título',
  merged: 'Filas repetidas sumadas',
  duplicates: 'Códigos repetidos con otra descripción',
  categoriesAdded: 'Categorías nuevas',
  categoriesEmptied: 'Categorías sin productos activos',
  handEditsKept: 'Datos editados a mano conservados',
  missingImages: 'Imágenes sin archivo',
  ignoredColumns: 'Columnas no importadas',
  activeBefore: 'Activos antes',
  priceChanges: 'Cambios de precio',
  reactivated: 'Reactivados',
  runId: 'Importación',
  message: 'Mensaje',
  name: 'Nombre',
  isVisible: 'Visible',
  assignments: 'Columnas',
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`priceList${i + 1}`, `Lista ${i + 1}`])),
};

/** Labels of the catalogue's import, sync and undo entries where a field means something else there. */
const CATALOGUE_FIELD_LABELS: Record<string, string> = {
  conflicts: 'Conflictos con otra fuente',
  restored: 'Con sus datos anteriores',
  skipped: 'Cambiados después, sin tocar',
  actor: 'Importó',
};

const VALUE_LABELS: Record<string, string> = {
  client: 'Cliente',
  distributor: 'Distribuidor',
  admin: 'Administrador',
  guest: 'Invitado',
};

/** Values of one field, in words: statuses of pedidos, requests and jobs; kinds of job; carousels. */
const FIELD_VALUE_LABELS: Record<string, Record<string, string>> = {
  status: { ...ORDER_STATUS_LABELS, ...REQUEST_STATUS_LABELS, running: 'En curso', interrupted: 'Interrumpida' },
  kind: JOB_KIND_LABELS,
  collection: COLLECTION_LABELS,
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
  'carousel.update-dates': 'Días de oferta',
  'carousel.reorder': 'Carrusel reordenado',
  'carousel.publish': 'Carruseles publicados',
  'part_request.status': 'Estado de solicitud',
  'part_request.delete': 'Solicitud eliminada',
  'synonym.create': 'Sinónimos creados',
  'synonym.update': 'Sinónimos editados',
  'synonym.delete': 'Sinónimos eliminados',
  'order.status': 'Estado de pedido',
  'catalogue.upload': 'Importación de archivo',
  'catalogue.sync': 'Sincronización con el ERP',
  'catalogue.undo': 'Importación deshecha',
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

/** Fields never worth showing in a change list: ids and times kept for the record, a pedido status's `label` (its `status` reads the same). */
const HIDDEN_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'passwordHash', 'label']);

/** Fields of an import's report left out of its entry: the column mapping it used and its preview flags. */
const CATALOGUE_HIDDEN_FIELDS = ['assignments', 'largeChange', 'dryRun'];

export interface ChangeLine {
  field: string;
  before: string;
  after: string;
}

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/**
 * One value in words: "—" for none, "Sí"/"No", labelled roles, numbers as es-AR (`10.474`, `12,5`),
 * lists joined by commas, a list of records as how many there are, and a record as its "key:
 * value" pairs. Never JSON: a long unbroken line would not wrap on a phone.
 */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string') return VALUE_LABELS[value] ?? value;
  if (typeof value === 'number') return formatCount(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(', ');
    return formatCount(value.length);
  }
  const record = asRecord(value);
  if (!record) return String(value);
  return Object.entries(record)
    .map(([key, v]) => `${key}: ${formatAuditValue(v)}`)
    .join(', ');
}

/** "1 producto", "3 productos". */
function products(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'producto' : 'productos'}`;
}

/** A value of `field` that has a reading of its own, else undefined. */
function formatFieldValue(field: string, value: unknown): string | undefined {
  const labels = FIELD_VALUE_LABELS[field];
  if (labels && typeof value === 'string') return labels[value] ?? value;
  if (field === 'startsOn' || field === 'endsOn') return typeof value === 'string' ? formatDay(value) : undefined;
  // A part's id in entries written before codes were kept: an id, not a count.
  if ((field === 'partId' || field === 'relatedPartId') && typeof value === 'number') return `#${value}`;
  if (field.endsWith('At') && typeof value === 'string') return formatDateTime(value);
  const record = asRecord(value);
  if (field === 'priceChanges' && typeof record?.parts === 'number') return products(record.parts);
  if (field === 'missingImages' && typeof record?.count === 'number') return formatCount(record.count);
  if (field === 'progress' && record && typeof record.written === 'number' && typeof record.total === 'number') {
    return `${formatCount(record.written)} de ${formatCount(record.total)} filas escritas`;
  }
  if (field === 'ignoredColumns' && Array.isArray(value)) {
    return value.length ? value.map((c) => String(asRecord(c)?.column ?? c)).join(', ') : '—';
  }
  if (field === 'assignments' && Array.isArray(value)) {
    const named = value.map(asRecord).filter((c) => c && c.target !== 'ignore') as Record<string, unknown>[];
    const label = (target: unknown) => IMPORT_TARGET_LABELS[target as keyof typeof IMPORT_TARGET_LABELS] ?? String(target);
    return named.length ? named.map((c) => `«${String(c.column)}» como ${label(c.target)}`).join(', ') : '—';
  }
  return undefined;
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
function auditPartNumber(before: unknown, after: unknown): string | null {
  const code = asRecord(after)?.partNumber ?? asRecord(before)?.partNumber;
  return typeof code === 'string' ? code : null;
}

/**
 * What an entry changed, as its card names it: the part's code when the entry carries one, else the
 * kind and id ("Usuario 4"); a carousel's reorder names the carousel ("Carrusel Productos
 * Destacados"). Null when the entry has no id (a publication, an import).
 */
export function auditSubject(entry: { entity: string; entityId: string | null; before: unknown; after: unknown }): string | null {
  const code = auditPartNumber(entry.before, entry.after);
  if (code) return code;
  if (!entry.entityId) return null;
  const id = entry.entity === 'carousel' ? (COLLECTION_LABELS[entry.entityId as Collection] ?? entry.entityId) : entry.entityId;
  return `${ENTITY_LABELS[entry.entity] ?? entry.entity} ${id}`;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * One carousel of a publication (`carousel.publish`, a list of `{collection, partNumber,
 * discountPercentage, startsOn, endsOn}`): how many parts and each one's code (its id in entries
 * written before codes were kept), with its discount and offer days.
 */
function describeCarousel(entries: unknown[], collection: Collection): string {
  const mine = entries.map(asRecord).filter((e) => e?.collection === collection) as Record<string, unknown>[];
  if (mine.length === 0) return 'Sin productos';
  const names = mine.map((e) => {
    const extras: string[] = [];
    if (typeof e.discountPercentage === 'number' && e.discountPercentage > 0) extras.push(`${formatCount(e.discountPercentage)} %`);
    if (typeof e.startsOn === 'string') extras.push(`desde ${formatDay(e.startsOn)}`);
    if (typeof e.endsOn === 'string') extras.push(`hasta ${formatDay(e.endsOn)}`);
    const name = typeof e.partNumber === 'string' ? e.partNumber : `#${String(e.partId)}`;
    return extras.length ? `${name} (${extras.join(', ')})` : name;
  });
  return `${products(mine.length)}: ${names.join(', ')}`;
}

/** A publication of the carousels: one line for each carousel that changed. */
function diffPublication(before: unknown, after: unknown): ChangeLine[] {
  const b = Array.isArray(before) ? before : [];
  const a = Array.isArray(after) ? after : [];
  const lines: ChangeLine[] = [];
  for (const collection of Object.keys(COLLECTION_LABELS) as Collection[]) {
    const from = describeCarousel(b, collection);
    const to = describeCarousel(a, collection);
    if (from !== to) lines.push({ field: COLLECTION_LABELS[collection], before: from, after: to });
  }
  return lines;
}

/**
 * The fields that differ between `before` and `after`, labelled in Spanish (`action` chooses the
 * catalogue's meaning of a shared field name, and reads a carousel publication carousel by
 * carousel). A missing side (creation, deletion) counts as empty. Values that are not objects
 * give one line labelled "Valor". Part ids are left out when the entry also names the part's code.
 */
export function diffAudit(before: unknown, after: unknown, action?: string): ChangeLine[] {
  if (action === 'carousel.publish') return diffPublication(before, after);
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) {
    if (before === after || (before == null && after == null)) return [];
    return [{ field: 'Valor', before: formatAuditValue(before), after: formatAuditValue(after) }];
  }
  const has = (key: string) => (b != null && key in b) || (a != null && key in a);
  const hidden = new Set(HIDDEN_FIELDS);
  if (has('partNumber')) hidden.add('partId');
  if (has('relatedPartNumber')) hidden.add('relatedPartId');
  if (has('partNumbers')) hidden.add('partIds');
  const catalogue = action?.startsWith('catalogue.') ?? false;
  if (catalogue) for (const field of CATALOGUE_HIDDEN_FIELDS) hidden.add(field);
  const labels = catalogue ? { ...FIELD_LABELS, ...CATALOGUE_FIELD_LABELS } : FIELD_LABELS;
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].filter((k) => !hidden.has(k));
  const lines: ChangeLine[] = [];
  for (const key of keys) {
    const show = PRICE_FIELD.test(key)
      ? formatPriceValue
      : key === 'images'
        ? formatPhotos
        : (value: unknown) => (value == null ? '—' : (formatFieldValue(key, value) ?? formatAuditValue(value)));
    const from = show(b?.[key]);
    const to = show(a?.[key]);
    if (from === to) continue;
    lines.push({ field: labels[key] ?? key, before: from, after: to });
  }
  return lines;
}
