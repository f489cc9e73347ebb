/** Texts of the admin area. Quoted texts (docs/product.md §10, §13.3) are exact. */
import type { Collection } from '../../../shared/api.ts';

export const ADMIN_TEXTS = {
  panelTitle: 'Panel de Administración',
  backToCatalogue: 'Volver al Catálogo',
  backToAdmin: 'Volver al Admin',
  unsavedCategories: 'Tienes cambios sin guardar',
  saveChanges: 'Guardar Cambios',
  // docs/product.md §10.2, §13.3.
  salesUnitFailed: 'Error al actualizar la unidad de venta',
  multimediaFailed: 'No se pudo actualizar la URL multimedia',
  carouselProductFailed: 'No se pudo actualizar el producto',
  carouselDiscountFailed: 'No se pudo actualizar el descuento',
  carouselSaveFailed: 'No se pudieron guardar los cambios',
  categoriesLoadFailed: 'Error al cargar categorías',
  categoriesSaveFailed: 'No se pudieron guardar los cambios. Intenta nuevamente.',
  requestStatusFailed: 'No se pudo actualizar el estado de la solicitud',
  requestDeleteFailed: 'No se pudo eliminar la solicitud',
  relatedSearchFailed: 'Error al buscar productos',
  relatedAddFailed: 'Error al agregar producto relacionado',
  relatedRemoveFailed: 'Error al eliminar producto relacionado',
  // Our own (user-management failures show the server's message, docs/product.md §13.3).
  carouselDatesFailed: 'No se pudieron actualizar las fechas de la oferta',
  carouselOrderFailed: 'No se pudo cambiar el orden',
  /** Asked before leaving the category tree with local changes (a tab, a link, the browser). */
  unsavedLeave: 'Hay cambios sin guardar en las categorías. Si sale ahora se perderán. ¿Salir sin guardar?',
  /** The part editor's question before its unsaved edits are dropped. */
  unsavedPart: (partNumber: string) =>
    `Hay cambios sin guardar en el repuesto ${partNumber}. Si sale ahora se perderán. ¿Salir sin guardar?`,
  /** The user dialogs' question before an edit or a rejection reason typed and not sent is dropped. */
  unsavedUser: (username: string) => `Hay cambios sin guardar en el usuario ${username}. Si sale ahora se perderán. ¿Salir sin guardar?`,
  relatedMinChars: 'Ingrese al menos 2 caracteres',
} as const;

export const PROFILE_LABELS = { guest: 'Invitado', client: 'Cliente', distributor: 'Distribuidor' } as const;
export const REQUEST_STATUS_LABELS = { pending: 'Pendiente', reviewed: 'Revisada', completed: 'Completada' } as const;
/** Kinds of catalogue job, as the import history and the Historial name them. */
export const JOB_KIND_LABELS = { sync: 'Sincronización', upload: 'Importación' } as const;

export const COLLECTION_LABELS: Record<Collection, string> = {
  featured: 'Productos Destacados',
  'new-arrivals': 'Nuevos Ingresos',
  'on-sale': 'Productos Rebajados',
};

/** Anchor of the import and sync history on `/debug`, linked from the panel's header. */
export const IMPORT_HISTORY_ID = 'historial-importaciones';

/** Delay between the last keystroke and an admin part search (docs/product.md §14). */
export const ADMIN_SEARCH_DEBOUNCE_MS = 500;
/** Page size of the admin part lists and add lists (docs/product.md §14). */
export const ADMIN_PAGE_SIZE = 50;
/** Related-product search starts at this many characters (docs/product.md §10.2). */
export const RELATED_MIN_CHARS = 2;

/** True for '' (clears the link) or an http(s) URL without spaces (the server's own rule). */
export function isHttpUrlOrEmpty(value: string): boolean {
  return value === '' || /^https?:\/\/[^\s]+$/i.test(value);
}

/** Parses a discount typed by the admin (a comma or a dot) as a number, or null when it is not one; the range is checked apart. */
export function parseDiscount(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}
