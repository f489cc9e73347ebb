import type { ReactNode } from 'react';
import { AppFooter } from './catalogue/app-footer.tsx';
import { AppHeader } from './catalogue/app-header.tsx';
import { ProductOverlays } from './product-overlays.tsx';

/** Header, content and footer of the secondary pages, with the product dialogs available. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <ProductOverlays>
      <div className="flex min-h-dvh flex-col">
        <AppHeader />
        <main className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-[1600px] flex-1 px-3 py-6 sm:px-4">{children}</main>
        <AppFooter />
      </div>
    </ProductOverlays>
  );
}
