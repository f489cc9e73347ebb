/**
 * Every URL of the web app in one place (docs/architecture.md). Route patterns are for wouter; the
 * builders are for links and navigation. Route names: docs/product.md §2.
 */
import type { Collection } from '../../shared/api.ts';

export const routes = {
  home: '/',
  distributors: '/distribuidores',
  login: '/login',
  register: '/registro',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  admin: '/adminkon2025',
  adminCategories: '/adminkon2025/categorias',
  debug: '/debug',
  print: '/print',
  catalogAll: '/catalog-all/:type',
  category: '/category/:type',
  product: '/product/:id',
  myOrders: '/mis-pedidos',
} as const;

/** Query-string keys of the catalogue screen (category, search, sort, page, brand). */
export const catalogueParams = {
  category: 'categoria',
  search: 'q',
  sort: 'orden',
  direction: 'dir',
  page: 'pagina',
  brand: 'marca',
  /** `1`: search exactly what was typed, without the typo correction (issue 18). */
  exact: 'exacta',
} as const;

export const paths = {
  home: () => routes.home,
  distributors: () => routes.distributors,
  login: () => routes.login,
  register: () => routes.register,
  forgotPassword: () => routes.forgotPassword,
  /** `/reset-password?token=…` */
  resetPassword: (token: string) => `${routes.resetPassword}?token=${encodeURIComponent(token)}`,
  admin: () => routes.admin,
  /** `/catalog-all/{type}`: a collection, or anything else (`all`) for every product. */
  catalogAll: (type: Collection | 'all') => `/catalog-all/${type}`,
  category: (type: Collection) => `/category/${type}`,
  product: (id: number) => `/product/${id}`,
  /** "Mis pedidos" (issue 19 §4). */
  myOrders: () => routes.myOrders,
};
