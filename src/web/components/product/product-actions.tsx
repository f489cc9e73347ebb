import { createContext, type ReactNode, useContext } from 'react';
import type { Part } from '../../../shared/api.ts';

/** What a product card can ask the page for: open the detail dialog, play the video. */
export interface ProductActions {
  openProduct: (part: Part) => void;
  playVideo: (part: Part) => void;
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
