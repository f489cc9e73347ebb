import type { CategoryNode, Part, PartsResponse, PublicConfig } from '../../shared/api.ts';

let nextId = 1;

/** A part as the API returns it, with overrides. */
export function buildPart(overrides: Partial<Part> = {}): Part {
  const id = overrides.id ?? nextId++;
  return {
    id,
    partNumber: `PN-${id}`,
    description: `Filtro de aceite ${id}`,
    brand: 'Mercedes Benz',
    price: '1234.50',
    isOnSale: false,
    stockLevel: 'En Stock',
    inStock: true,
    salesUnit: '1 unidad',
    imageUrl: null,
    images: [],
    documentUrl: null,
    videoUrl: null,
    categoryId: 3,
    categoryPath: ['Repuestos', 'OM352', 'Filtros'],
    alternateCodes: [],
    ...overrides,
  };
}

export function buildPartsResponse(parts: Part[], total = parts.length, page = 1): PartsResponse {
  return { parts, total, page, limit: 60 };
}

export const config: PublicConfig = {
  brandName: 'Repuestos Demo',
  tagline: 'Más que repuestos, Soluciones.',
  whatsappAdmin: '5491100000001',
  whatsappSales: '5491100000002',
  orderPlatformUrl: 'https://pedidos.example.com',
};

/** A visible category with one part, for the tree an index, drawer or part editor reads. */
export function categoryNode(
  id: number,
  name: string,
  level: number,
  parentId: number | null,
  children: CategoryNode[] = [],
): CategoryNode {
  return { id, name, level, parentId, pageNumber: null, partCount: 1, isVisible: true, children };
}

export const categoryTree: CategoryNode[] = [
  {
    id: 1,
    name: 'Repuestos',
    level: 1,
    parentId: null,
    pageNumber: null,
    partCount: 10,
    isVisible: true,
    children: [
      {
        id: 2,
        name: 'OM352',
        level: 2,
        parentId: 1,
        pageNumber: null,
        partCount: 10,
        isVisible: true,
        children: [{ id: 3, name: 'Filtros', level: 3, parentId: 2, pageNumber: null, partCount: 10, isVisible: true, children: [] }],
      },
    ],
  },
];

/** `GET /api/user/session` without a cookie. */
export const anonymousSession = {
  isAuthenticated: false,
  userId: null,
  username: null,
  userType: 'guest',
  email: null,
  fullName: null,
  clientCode: null,
} as const;

/** `GET /api/user/session` for a signed-in user. */
export function signedInSession(userType: 'client' | 'distributor' | 'admin', overrides: Record<string, unknown> = {}) {
  return {
    isAuthenticated: true,
    userId: 7,
    username: 'taller',
    userType,
    email: 'taller@example.com',
    fullName: 'Taller Sur',
    clientCode: null,
    ...overrides,
  };
}

/** A login answer (`loginResponseSchema`). */
export function loginAnswer(userType: 'client' | 'distributor' | 'admin', overrides: Record<string, unknown> = {}) {
  return {
    user: { id: 7, username: 'taller', email: 'taller@example.com', fullName: 'Taller Sur', clientCode: null, userType, ...overrides },
  };
}
