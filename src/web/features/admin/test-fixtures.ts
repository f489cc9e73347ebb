/** Builders for the admin component tests. */
import type { AdminListPart, AdminPart } from '../../../shared/admin.ts';
import type { AdminUser } from '../../../shared/admin-users.ts';
import type { CategoryNode } from '../../../shared/api.ts';
import type { CarouselDraft, CarouselEntry } from './carousels-api.ts';

let nextId = 100;

export function buildAdminPart(overrides: Partial<AdminPart> = {}): AdminPart {
  const id = overrides.id ?? nextId++;
  return {
    id,
    partNumber: `PN-${id}`,
    description: `Filtro de aceite ${id}`,
    brand: 'Mercedes Benz',
    categoryId: 3,
    categoryPath: ['Repuestos', 'OM352', 'Filtros'],
    price: '1000.00',
    priceLists: ['1000.00', '900.00', null, '1200.00', null, null, null, null, null, null],
    discountPercentage: 0,
    stockLevel: 'En Stock',
    salesUnit: '1 unidad',
    imageUrl: null,
    documentUrl: null,
    videoUrl: null,
    isActive: true,
    ...overrides,
  };
}

/** A page of `GET /api/admin/parts`; list parts default to no stock units and no hand edits. */
export function adminPartsPage(parts: (AdminPart & Partial<AdminListPart>)[], total = parts.length, page = 1) {
  return { parts: parts.map((p) => ({ stockQuantity: null, handEditedFields: [], ...p })), total, page, limit: 50 };
}

export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const id = overrides.id ?? nextId++;
  return {
    id,
    username: `usuario${id}`,
    fullName: `Usuario ${id}`,
    email: `usuario${id}@example.com`,
    phone: null,
    company: 'Taller Norte',
    clientCode: null,
    profileType: 'client',
    isApproved: true,
    disabledAt: null,
    lastLoginAt: null,
    createdAt: '2025-03-10T15:30:00.000Z',
    ...overrides,
  };
}

export function carouselEntry(part: AdminPart, overrides: Partial<CarouselEntry> = {}): CarouselEntry {
  return {
    partId: part.id,
    partNumber: part.partNumber,
    description: part.description,
    discountPercentage: 0,
    position: 0,
    isActive: true,
    startsOn: null,
    endsOn: null,
    ...overrides,
  };
}

export function buildDraft(overrides: Partial<CarouselDraft> = {}): CarouselDraft {
  return { featured: [], 'new-arrivals': [], 'on-sale': [], hasUnpublishedChanges: false, today: '2025-06-15', ...overrides };
}

const node = (
  id: number,
  name: string,
  level: number,
  parentId: number | null,
  children: CategoryNode[] = [],
  isVisible = true,
): CategoryNode => ({
  id,
  name,
  level,
  parentId,
  pageNumber: null,
  partCount: 5,
  isVisible,
  children,
});

/**
 * Repuestos(1) > OM352(2) > Filtros(3), Juntas(4); Repuestos(1) > OM366(5, hidden) > Bombas(6, hidden);
 * Herramientas(7).
 */
export function adminCategoryTree(): CategoryNode[] {
  return [
    node(1, 'Repuestos', 1, null, [
      node(2, 'OM352', 2, 1, [node(3, 'Filtros', 3, 2), node(4, 'Juntas', 3, 2)]),
      node(5, 'OM366', 2, 1, [node(6, 'Bombas', 3, 5, [], false)], false),
    ]),
    node(7, 'Herramientas', 1, null),
  ];
}
