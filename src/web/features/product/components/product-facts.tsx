import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Part } from '../../../../shared/api.ts';
import { catalogueParams, paths } from '../../../app/paths.ts';
import { DEFAULT_SALES_UNIT } from '../../../components/product/product-card.tsx';
import { StockBadge } from '../../../components/product/stock-badge.tsx';

/** The category breadcrumb text: level 1 > 2 > 3. */
export function categoryBreadcrumb(part: Pick<Part, 'categoryPath'>): string {
  return part.categoryPath.join(' > ');
}

/**
 * The part's brand as a link to the catalogue narrowed to it (`/?marca=<brand>`, docs/product.md
 * §5.4), the only control that sets the brand filter. `onNavigate` runs on the click (a dialog closes)
 * and the link then replaces the dialog's history entry (`useCloseOnBack`), so back from the brand
 * returns to the page behind the dialog.
 */
export function BrandLink({ brand, onNavigate }: { brand: string; onNavigate?: () => void }) {
  const href = `${paths.home()}?${new URLSearchParams({ [catalogueParams.brand]: brand })}`;
  return (
    <Link
      href={href}
      aria-label={`Ver repuestos de la marca ${brand}`}
      onClick={onNavigate}
      replace={onNavigate !== undefined}
      className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-900 hover:decoration-brand-700"
    >
      {brand}
    </Link>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 border-b border-slate-100 py-2 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The detail facts (docs/product.md §5.5): Código de Artículo, Códigos alternativos
 * (when any), Descripción, Aplicaciones and Observaciones (when any, from the import), Marca, Estado,
 * Unidad de Venta, Categoría. The brand links to the catalogue filtered by it; `onNavigate` runs
 * when that link is followed.
 */
export function ProductFacts({ part, extra, onNavigate }: { part: Part; extra?: ReactNode; onNavigate?: () => void }) {
  return (
    <dl>
      <Fact label="Código de Artículo">
        <span className="font-mono font-semibold text-brand-800">{part.partNumber}</span>
      </Fact>
      {part.alternateCodes.length > 0 ? (
        <Fact label="Códigos alternativos">
          <span className="font-mono">{part.alternateCodes.join(', ')}</span>
        </Fact>
      ) : null}
      <Fact label="Descripción">{part.description}</Fact>
      {part.applications ? <Fact label="Aplicaciones">{part.applications}</Fact> : null}
      {part.notes ? <Fact label="Observaciones">{part.notes}</Fact> : null}
      {part.brand ? (
        <Fact label="Marca">
          <BrandLink brand={part.brand} onNavigate={onNavigate} />
        </Fact>
      ) : null}
      <Fact label="Estado">
        <StockBadge stockLevel={part.stockLevel} variant="detail" />
      </Fact>
      <Fact label="Unidad de Venta">{part.salesUnit.trim() || DEFAULT_SALES_UNIT}</Fact>
      {part.categoryPath.length > 0 ? (
        <Fact label="Categoría">
          <nav aria-label="Categoría">{categoryBreadcrumb(part)}</nav>
        </Fact>
      ) : null}
      {extra}
    </dl>
  );
}
