/**
 * The pedido texts and limits of the catalogue's first load (issue 19): the header's "Mi pedido"
 * and "Realizar Pedido", the user menu's "Mis pedidos", the cards' quantity and "Agregar al
 * pedido". Their own module, so that importing them leaves the rest of the pedido texts
 * (order-texts.ts, which re-exports these) out of the first load.
 */

/** Quantity range of a line (units of the part's sales unit). */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;

/** The first load's pedido texts (Spanish, es-AR); also part of `ORDER_TEXTS`. */
export const ORDER_LABELS = {
  cart: 'Mi pedido',
  addToCart: 'Agregar al pedido',
  added: 'Agregado al pedido',
  quantity: 'Cantidad',
  /** A card's quantity that is not a whole number of 1 to 9,999 (the words of "Pedido rápido"). */
  quantityInvalid: 'Cantidad inválida (de 1 a 9999)',
  placeOrder: 'Realizar Pedido',
  myOrders: 'Mis pedidos',
} as const;
