import { ChevronRight, Layers } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CategoryNode } from '../../../../shared/api.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../../../lib/format.ts';
import { findCategoryPath, usePublicCategories } from '../api.ts';

export interface CategoryIndexProps {
  /** Selected category id; 0 = all products. */
  selectedId: number;
  onSelect: (categoryId: number) => void;
}

function CategoryItem({
  node,
  selectedId,
  expanded,
  onToggle,
  onSelect,
}: {
  node: CategoryNode;
  selectedId: number;
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onSelect: (id: number) => void;
}) {
  const hasChildren = node.children.length > 0;
  const isOpen = expanded.has(node.id);
  const isSelected = node.id === selectedId;
  const indent = node.level >= 3 ? 'pl-8' : node.level === 2 ? 'pl-4' : 'pl-0';
  return (
    <li>
      <div className={cn('flex items-center', indent)}>
        {hasChildren ? (
          <button
            type="button"
            onClick={() => onToggle(node.id)}
            aria-expanded={isOpen}
            aria-label={`${isOpen ? 'Contraer' : 'Expandir'} ${node.name}`}
            className="flex size-8 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100"
          >
            <ChevronRight aria-hidden="true" className={cn('size-4 transition-transform', isOpen && 'rotate-90')} />
          </button>
        ) : (
          <span className="size-8 shrink-0" aria-hidden="true" />
        )}
        <button
          type="button"
          onClick={() => onSelect(node.id)}
          aria-current={isSelected ? 'true' : undefined}
          className={cn(
            'flex min-h-8 flex-1 items-center justify-between gap-2 rounded px-2 py-1 text-left text-sm',
            isSelected ? 'bg-brand-700 font-semibold text-white' : 'text-slate-700 hover:bg-slate-100',
            node.level === 1 && !isSelected && 'font-medium text-slate-900',
          )}
        >
          <span className="min-w-0 break-words">{node.name}</span>
          <span className={cn('shrink-0 text-xs tabular-nums', isSelected ? 'text-brand-100' : 'text-slate-500')}>
            {formatCount(node.partCount)}
          </span>
        </button>
      </div>
      {hasChildren && isOpen ? (
        <ul>
          {node.children.map((child) => (
            <CategoryItem key={child.id} node={child} selectedId={selectedId} expanded={expanded} onToggle={onToggle} onSelect={onSelect} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * ÍNDICE DE REPUESTOS (docs/product.md §5.2): an all-products entry (id 0) and three levels of expandable
 * categories. The branch of the selected category opens by itself.
 */
export function CategoryIndex({ selectedId, onSelect }: CategoryIndexProps) {
  const { data: tree, isPending, isError } = usePublicCategories();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (!tree || !selectedId) return;
    const path = findCategoryPath(tree, selectedId);
    if (path.length <= 1) return;
    setExpanded((prev) => {
      const next = new Set(prev);
      for (const node of path.slice(0, -1)) next.add(node.id);
      return next;
    });
  }, [tree, selectedId]);

  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <nav aria-labelledby="category-index-title" className="text-sm">
      <h2 id="category-index-title" className="mb-2 px-2 text-xs font-bold tracking-wider text-brand-800">
        ÍNDICE DE REPUESTOS
      </h2>
      <button
        type="button"
        onClick={() => onSelect(0)}
        aria-current={selectedId === 0 ? 'true' : undefined}
        className={cn(
          'mb-1 flex min-h-9 w-full items-center gap-2 rounded px-2 text-left font-medium',
          selectedId === 0 ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100',
        )}
      >
        <Layers aria-hidden="true" className="size-4" />
        Todos los productos
      </button>
      {isPending ? (
        <div className="space-y-2 px-2 pt-2" role="status">
          <span className="sr-only">Cargando categorías...</span>
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      ) : isError ? (
        <p role="alert" className="px-2 py-2 text-sm text-red-700">
          Error al cargar categorías
        </p>
      ) : (
        <ul>
          {tree.map((node) => (
            <CategoryItem key={node.id} node={node} selectedId={selectedId} expanded={expanded} onToggle={toggle} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </nav>
  );
}
