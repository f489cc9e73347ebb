/**
 * What the browser journeys rely on: the real catalogues of ../shared/data imported into a fresh
 * database, plus a few links the fixture makes (related parts, published carousels).
 */

/** A Zabala part with a real photo in zabala-repuestos/img. */
export const PHOTO_PART = {
  partNumber: '0011843925',
  description: 'ELEMENTO F/ACEITE 1114/1517/1518 OM352',
  image: 'img/products/om352/elemento-aceite-om352.jpg',
} as const;

/** Linked by the fixture as related to {@link PHOTO_PART}. */
export const RELATED_PART = {
  partNumber: '0002504615',
  description: 'CONJ. PLACA DISCO CRAPODINA DE EMBRAGUE 310mm 10 est LUK OM352 1114/1517',
} as const;

/** A Zabala part whose code has separators: searched without them. */
export const SEPARATED_CODE_PART = { partNumber: '08-174311-80', typed: '0817431180' } as const;

/** DLC parts with a price, published in the carousels; the first is on sale at 20 %. */
export const CAROUSEL_PARTS = {
  featured: ['CE0007', 'CE0099', '0002504615', '0011843925', '1041'],
  'new-arrivals': ['3009', '3010', '3151', '3154', '5505'],
  'on-sale': ['CE0007'],
} as const;
export const ON_SALE_DISCOUNT = 20;

/** The admin the e2e server creates (approves registrations through the API). */
export const ADMIN = { username: 'admin-e2e', password: 'admin-e2e-clave' } as const;

/** An approved distributor the e2e server creates. */
export const DISTRIBUTOR = {
  username: 'distribuidor-e2e',
  password: 'distribuidor-e2e-clave',
  fullName: 'Distribuidora E2E',
  email: 'distribuidor-e2e@example.com',
} as const;

/**
 * A part of our ERP fixture with price lists 1–4 and no base price: a guest sees list 4, a client
 * list 1, a distributor list 2 (es-AR currency format). (Resortes' second column is the supplier's
 * cost, which the import no longer publishes as a price list.)
 */
export const ROLE_PRICE_PART = {
  partNumber: 'ERP-100',
  guest: '$ 16.900,00',
  client: '$ 15.400,50',
  distributor: '$ 14.100,00',
} as const;

/** A part whose description and category hold HTML and script: rendered as text everywhere. */
export const HTML_PART = {
  partNumber: 'XSS-0001',
  description: '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">Junta <b>tapa</b> de cilindros',
  category: '<i>Inyección</i>',
  record: {
    codigo: 'XSS-0001',
    descripcion: '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">Junta <b>tapa</b> de cilindros',
    categoria1: '<i>Inyección</i>',
    precios: '1500.00-1400.00-1300.00-1600.00',
    stock: 10,
  },
} as const;
