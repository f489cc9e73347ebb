import type { ReactNode } from 'react';
import type { Part } from '../../../../shared/api.ts';
import { DEFAULT_SALES_UNIT } from '../../../components/product/product-card.tsx';
import { StockBadge } from '../../../components/product/stock-badge.tsx';

/** The category breadcrumb text: level 1 > 2 > 3. */
export function categoryBreadcrumb(part: Pick<Part, 'categoryPath'>): string {
  return part.categoryPath.join(' > ');
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
 * Unidad de Venta, Categoría.
 */
export function ProductFacts({ part, extra }: { part: Part; extra?: ReactNode }) {
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
      {part.brand ? <Fact label="Marca">{part.brand}</Fact> : null}
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
