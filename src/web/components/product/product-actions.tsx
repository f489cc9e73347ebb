import { createContext, type ReactNode, useContext } from 'react';
import type { Part } from '../../../shared/api.ts';

/**
 * What a product card can ask the page for: open the detail dialog, play the video, and the order
 * control the app composes in (issue 19: "Agregar al pedido"; components never import features).
 */
export interface ProductActions {
  openProduct: (part: Part) => void;
  playVideo: (part: Part) => void;
  /** Renders the card's "Agregar al pedido" control; absent, cards have none. */
  orderControl?: (part: Part) => ReactNode;
}

const ProductActionsContext = createContext<ProductActions | null>(null);

/** Provided by the app composition, which owns the detail and video dialogs. */
export function ProductActionsProvider({ value, children }: { value: ProductActions; children: ReactNode }) {
  return <ProductActionsContext.Provider value={value}>{children}</ProductActionsContext.Provider>;
}

/** The actions of the nearest provider, or null when cards are rendered alone. */
export function useProductActions(): ProductActions | null {
  return useContext(ProductActionsContext);
}
