import { ChevronRight, Layers } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { CategoryNode } from '../../../../shared/api.ts';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../../../lib/format.ts';
import { findCategoryPath, usePublicCategories } from '../api.ts';
import { type CategoryMatch, filterCategories } from '../filter-categories.ts';

export interface CategoryIndexProps {
  /** Selected category id; 0 = all products. */
  selectedId: number;
  onSelect: (categoryId: number) => void;
  /**
   * Scrolls the selected entry into view once it is on screen (its branch open): the drawer, opened
   * again, shows where the list is instead of the top of a few hundred groups. The desktop sidebar
   * leaves it off so that its first render never scrolls the page.
   */
  revealSelected?: boolean;
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
            className="flex size-11 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 lg:size-8"
          >
            <ChevronRight aria-hidden="true" className={cn('size-4 transition-transform', isOpen && 'rotate-90')} />
          </button>
        ) : (
          <span className="size-11 shrink-0 lg:size-8" aria-hidden="true" />
        )}
        <button
          type="button"
          onClick={() => onSelect(node.id)}
          aria-current={isSelected ? 'true' : undefined}
          className={cn(
            'flex min-h-11 flex-1 items-center justify-between gap-2 rounded px-2 py-1 text-left text-sm lg:min-h-8',
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

function MatchList({
  matches,
  total,
  selectedId,
  onSelect,
}: {
  matches: CategoryMatch[];
  total: number;
  selectedId: number;
  onSelect: (id: number) => void;
}) {
  if (total === 0) {
    return <p className="px-2 py-2 text-sm text-slate-600">No hay categorías que coincidan.</p>;
  }
  return (
    <>
      <ul aria-label="Categorías encontradas">
        {matches.map(({ node, path }) => {
          const isSelected = node.id === selectedId;
          return (
            <li key={node.id}>
              <button
                type="button"
                onClick={() => onSelect(node.id)}
                aria-current={isSelected ? 'true' : undefined}
                className={cn(
                  'flex min-h-11 w-full items-center justify-between gap-2 rounded px-2 py-1 text-left text-sm lg:min-h-9',
                  isSelected ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100',
                )}
              >
                <span className="min-w-0">
                  {path.length ? (
                    <span className={cn('block text-xs break-words', isSelected ? 'text-brand-100' : 'text-slate-600')}>
                      {path.join(' › ')}
                    </span>
                  ) : null}
                  <span className="block font-medium break-words">{node.name}</span>
                </span>
                <span className={cn('shrink-0 text-xs tabular-nums', isSelected ? 'text-brand-100' : 'text-slate-600')}>
                  {formatCount(node.partCount)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {total > matches.length ? (
        <p className="px-2 py-2 text-xs text-slate-600">y {formatCount(total - matches.length)} más: escriba más letras para acotar.</p>
      ) : null}
    </>
  );
}

/**
 * ÍNDICE DE REPUESTOS (docs/product.md §5.2): an all-products entry (id 0) and three levels of expandable
 * categories. The branch of the selected category opens by itself. A filter box on top (issue 22)
 * narrows the index as one types, ignoring case and accents, to the matching categories of any level
 * shown under their path; clearing it brings the tree back.
 */
export function CategoryIndex({ selectedId, onSelect, revealSelected = false }: CategoryIndexProps) {
  const { data: tree, isPending, isError } = usePublicCategories();
  const navRef = useRef<HTMLElement>(null);
  // Done once per mount (each opening of the drawer), so later toggles and scrolling stay the user's.
  const revealed = useRef(!revealSelected);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const filtered = useMemo(() => (tree && deferredFilter.trim() ? filterCategories(tree, deferredFilter) : null), [tree, deferredFilter]);

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

  // No dependency list: it waits, render after render, for the selected entry to appear (the tree
  // loaded and the branch opened by the effect above); then it scrolls once and stops.
  useEffect(() => {
    if (revealed.current || !tree || filtered) return;
    const selected = navRef.current?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!selected) return;
    revealed.current = true;
    selected.scrollIntoView?.({ block: 'center' });
  });

  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <nav ref={navRef} aria-labelledby="category-index-title" className="text-sm">
      <h2 id="category-index-title" className="mb-2 px-2 text-xs font-bold tracking-wider text-brand-800">
        ÍNDICE DE REPUESTOS
      </h2>
      <button
        type="button"
        onClick={() => onSelect(0)}
        aria-current={selectedId === 0 ? 'true' : undefined}
        className={cn(
          'mb-1 flex min-h-11 w-full items-center gap-2 rounded px-2 text-left font-medium lg:min-h-9',
          selectedId === 0 ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100',
        )}
      >
        <Layers aria-hidden="true" className="size-4" />
        Todos los productos
      </button>
      <SearchField
        label="Filtrar categorías"
        labelHidden
        placeholder="Filtrar categorías"
        autoComplete="off"
        clearLabel="Borrar filtro de categorías"
        value={filter}
        onChange={setFilter}
        className="mb-2"
        controlClassName="h-11 lg:h-9"
      />
      {filtered ? (
        <p className="sr-only" role="status">
          {filtered.total === 1 ? '1 categoría encontrada' : `${formatCount(filtered.total)} categorías encontradas`}
        </p>
      ) : null}
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
      ) : filtered ? (
        <MatchList matches={filtered.matches} total={filtered.total} selectedId={selectedId} onSelect={onSelect} />
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
