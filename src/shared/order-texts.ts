/**
 * The pedidos' limits and Spanish texts (issue 19), apart from the zod contract in orders.ts (which
 * re-exports them), so the screens do not need the schemas, which load with the cart's calls. The
 * catalogue's first load imports only order-labels.ts.
 */
import { ORDER_LABELS } from './order-labels.ts';

export { MAX_QUANTITY, MIN_QUANTITY } from './order-labels.ts';

/** Most lines a cart, a quick order or a pedido may hold. */
export const MAX_ORDER_LINES = 500;
/** Longest note of a pedido or of a status change, characters. */
export const MAX_ORDER_NOTE = 1000;
/** Longest quick-order text, characters (about 500 pasted lines). */
export const MAX_QUICK_TEXT = 50_000;

/** Spanish texts of the pedido screens and of the API's messages (es-AR). */
export const ORDER_TEXTS = {
  ...ORDER_LABELS,
  unitPrice: 'Precio unitario',
  subtotal: 'Subtotal',
  total: 'Total',
  remove: 'Quitar',
  empty: 'Vaciar pedido',
  emptyCart: 'Su pedido está vacío.',
  unpricedNote: 'Los repuestos sin precio ("Consultar Precio") no se suman al total; Ventas le confirmará su precio.',
  unavailable: 'Este repuesto ya no está disponible',
  priceChangedLine: 'El precio cambió desde que lo agregó',
  quick: 'Pedido rápido',
  quickHelp:
    'Pegue líneas desde Excel, WhatsApp o un email: código y cantidad en cada línea (por ejemplo "06H-103-144 2" o "2 06H-103-144"), separados por espacio, tabulación o ";".',
  quickSubmit: 'Agregar al pedido',
  quickUpload: 'Subir archivo CSV o Excel',
  quickAdded: (n: number) => (n === 1 ? 'Se agregó 1 repuesto' : `Se agregaron ${n} repuestos`),
  quickUnmatchedTitle: 'Líneas no reconocidas',
  reasonUnknown: 'Código desconocido',
  reasonAmbiguous: 'Varios repuestos coinciden: elija uno',
  reasonQuantity: ORDER_LABELS.quantityInvalid,
  reasonTooMany: 'Se superó el máximo de 500 líneas',
  send: 'Enviar pedido',
  note: 'Nota para Ventas',
  customerData: 'Sus datos',
  name: 'Nombre',
  company: 'Empresa',
  clientCode: 'Código de cliente',
  phone: 'Teléfono',
  email: 'Email',
  nameRequired: 'Ingrese su nombre',
  contactRequired: 'Ingrese un teléfono o un email',
  emailInvalid: 'El email no es válido',
  linesRequired: 'El pedido no tiene repuestos',
  tooManyLines: 'El pedido admite hasta 500 líneas',
  quantityRange: 'La cantidad debe ser un número entero de 1 a 9999',
  fixQuantities: 'Corrija las cantidades marcadas antes de continuar.',
  duplicateLine: 'Cada repuesto debe figurar una sola vez',
  lineChangeOne: 'Indique la cantidad o el cambio de cantidad, uno de los dos',
  lineDeltaRange: 'El cambio de cantidad debe ser un número entero de -9999 a 9999, distinto de 0',
  lineNotInCart: 'Ese repuesto ya no está en su pedido',
  noteTooLong: 'La nota admite hasta 1000 caracteres',
  pricesChanged: 'Los precios cambiaron desde que armó el pedido. Revise el pedido antes de enviarlo.',
  cartChanged: 'Su pedido cambió en otra pestaña o dispositivo. Revise el pedido antes de enviarlo.',
  partsUnavailable: (codes: string) => `Estos repuestos ya no están disponibles: ${codes}. Quítelos del pedido para enviarlo.`,
  idempotencyConflict: 'Esta clave de envío ya se usó con otro pedido',
  sent: (number: string) => `Pedido ${number} enviado. Ventas lo recibió y le enviamos una copia por email.`,
  sentNoEmail: (number: string) => `Pedido ${number} enviado. Ventas lo recibió.`,
  whatsapp: 'Enviar por WhatsApp',
  downloadPdf: 'Descargar PDF',
  downloadXlsx: 'Descargar Excel',
  noOrders: 'Todavía no envió pedidos.',
  repeat: 'Repetir pedido',
  repeated: 'Los repuestos del pedido volvieron a Mi pedido con los precios de hoy.',
  orderNotFound: 'Pedido no encontrado',
  adminTab: 'Pedidos',
  statusChange: 'Cambiar estado',
  statusNote: 'Nota (opcional)',
  orderNumber: 'Pedido N°',
  date: 'Fecha',
  status: 'Estado',
  guest: 'Invitado',
} as const;
