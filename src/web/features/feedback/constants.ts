/** How long the thanks stay on screen before the dialog closes (docs/product.md §8), ms. */
export const THANKS_MS = 5000;
