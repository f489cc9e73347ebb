import { ChevronRight, EyeOff } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { CategoryNode } from '../../../../shared/api.ts';
import { foldText } from '../../../../shared/text.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { errorToast, useAdminCategories, useSaveVisibility } from '../api.ts';
import {
  type CascadeMode,
  effectiveVisibility,
  indexTree,
  setVisibility,
  type VisibilityOverrides,
  visibilityUpdates,
} from '../lib/category-visibility.ts';
import { ADMIN_TEXTS } from '../texts.ts';

/**
 * Local visibility edits over the admin category tree, saved with "Guardar Cambios" (docs/product.md §10.2, §10.3).
 * Shows the "Error al cargar categorías" toast when the tree cannot be loaded.
 */
export function useCategoryVisibilityEditor(mode: CascadeMode) {
  const query = useAdminCategories();
  const save = useSaveVisibility();
  const [overrides, setOverrides] = useState<VisibilityOverrides>(() => new Map());
  const tree = query.data;
  const index = useMemo(() => indexTree(tree ?? []), [tree]);

  useEffect(() => {
    if (query.isError) errorToast(ADMIN_TEXTS.categoriesLoadFailed);
  }, [query.isError]);

  return {
    query,
    overrides,
    dirty: overrides.size > 0,
    saving: save.isPending,
    toggle: (id: number, visible: boolean) => setOverrides((o) => setVisibility(tree ?? [], o, id, visible, mode, index)),
    discard: () => setOverrides(new Map()),
    save: () => {
      const updates = visibilityUpdates(overrides);
      if (updates.length === 0) return;
      save.mutate(updates, { onSuccess: () => setOverrides(new Map()) });
    },
  };
}

function allParentIds(nodes: readonly CategoryNode[], into: Set<number> = new Set()): Set<number> {
  for (const node of nodes) {
    if (node.children.length) {
      into.add(node.id);
      allParentIds(node.children, into);
    }
  }
  return into;
}

/**
 * What a search in the tree shows: the categories whose name holds every word of `query` (case and
 * accents ignored), their ancestors (to reach them) and, open, every ancestor; null without a query.
 */
export function searchTree(
  tree: readonly CategoryNode[],
  query: string,
): { shown: Set<number>; open: Set<number>; matches: Set<number> } | null {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const shown = new Set<number>();
  const open = new Set<number>();
  const matches = new Set<number>();
  const walk = (nodes: readonly CategoryNode[]): boolean => {
    let any = false;
    for (const node of nodes) {
      const name = foldText(node.name);
      const hit = words.every((word) => name.includes(word));
      const below = walk(node.children);
      if (hit) matches.add(node.id);
      if (below) open.add(node.id);
      if (hit || below) {
        shown.add(node.id);
        any = true;
      }
    }
    return any;
  };
  walk(tree);
  return { shown, open, matches };
}

function TreeItem({
  node,
  overrides,
  expanded,
  onExpand,
  onToggle,
  search,
  underMatch = false,
}: {
  node: CategoryNode;
  overrides: VisibilityOverrides;
  expanded: ReadonlySet<number>;
  onExpand: (id: number) => void;
  onToggle: (id: number, visible: boolean) => void;
  search: ReturnType<typeof searchTree>;
  /** Below a matching category every descendant is listed. */
  underMatch?: boolean;
}) {
  const visible = effectiveVisibility(node, overrides);
  const changed = overrides.has(node.id);
  const showAll = !search || underMatch || search.matches.has(node.id);
  const children = showAll ? node.children : node.children.filter((child) => search.shown.has(child.id));
  const hasChildren = children.length > 0;
  const isOpen = search ? search.open.has(node.id) !== expanded.has(node.id) : expanded.has(node.id);
  const checkboxId = useId();
  return (
    <li>
      {/* The marks wrap under the name when the row is narrow (a phone, a deep level): the name is never cut. */}
      <div className={cn('flex flex-wrap items-center gap-1 rounded py-0.5', changed && 'bg-yellow-50')}>
        {hasChildren ? (
          <button
            type="button"
            onClick={() => onExpand(node.id)}
            aria-expanded={isOpen}
            aria-label={`${isOpen ? 'Contraer' : 'Expandir'} ${node.name}`}
            className="flex size-8 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100"
          >
            <ChevronRight aria-hidden="true" className={cn('size-4 transition-transform', isOpen && 'rotate-90')} />
          </button>
        ) : (
          <span className="size-8 shrink-0" aria-hidden="true" />
        )}
        <input
          id={checkboxId}
          type="checkbox"
          checked={visible}
          onChange={(event) => onToggle(node.id, event.target.checked)}
          className="size-4 shrink-0 accent-brand-700"
        />
        <label
          htmlFor={checkboxId}
          className={cn(
            'flex min-w-0 flex-1 basis-32 cursor-pointer items-center gap-2 px-1 py-1 text-sm',
            !visible && 'text-slate-400 line-through',
          )}
        >
          <span
            data-category-name
            className={cn('min-w-0 [overflow-wrap:anywhere]', search?.matches.has(node.id) && 'rounded bg-yellow-100 px-0.5 font-semibold')}
          >
            {node.name}
          </span>
        </label>
        <span className="ml-auto flex shrink-0 items-center gap-1 pr-1">
          <span className="text-xs text-slate-400">({node.partCount})</span>
          {!visible ? (
            <span className="flex items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
              <EyeOff aria-hidden="true" className="size-3" />
              Oculta
            </span>
          ) : null}
          {changed ? <span className="text-xs font-medium text-yellow-800">Modificada</span> : null}
        </span>
      </div>
      {hasChildren && isOpen ? (
        <ul className="ml-5 border-l border-slate-200 pl-2">
          {children.map((child) => (
            <TreeItem
              key={child.id}
              node={child}
              overrides={overrides}
              expanded={expanded}
              onExpand={onExpand}
              onToggle={onToggle}
              search={search}
              underMatch={Boolean(search) && showAll}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Category tree (three levels, expandable) with a visibility checkbox per category. With a `query`
 * it shows only the matching categories (highlighted) and the branches that lead to them, open;
 * a category's expand button still folds it.
 */
export function CategoryVisibilityTree({
  tree,
  overrides,
  onToggle,
  label,
  query = '',
}: {
  tree: readonly CategoryNode[];
  overrides: VisibilityOverrides;
  onToggle: (id: number, visible: boolean) => void;
  label: string;
  query?: string;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const search = useMemo(() => searchTree(tree, query), [tree, query]);
  // A new search starts with its branches open (the expand buttons fold them from there).
  useEffect(() => {
    if (search) setExpanded(new Set());
  }, [search]);
  const onExpand = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  if (tree.length === 0) return <p className="py-6 text-center text-sm text-slate-500">No hay categorías.</p>;
  const roots = search ? tree.filter((node) => search.shown.has(node.id)) : tree;
  return (
    <div className="grid grid-cols-1 gap-2">
      {search ? (
        <p role="status" className="text-sm text-slate-600">
          {search.matches.size === 0
            ? 'Ninguna categoría coincide con la búsqueda.'
            : search.matches.size === 1
              ? '1 categoría coincide con la búsqueda.'
              : `${search.matches.size} categorías coinciden con la búsqueda.`}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setExpanded(allParentIds(tree))}>
            Expandir todo
          </Button>
          <Button size="sm" variant="outline" onClick={() => setExpanded(new Set())}>
            Contraer todo
          </Button>
        </div>
      )}
      <ul aria-label={label} className="grid grid-cols-1 gap-0.5">
        {roots.map((node) => (
          <TreeItem
            key={node.id}
            node={node}
            overrides={overrides}
            expanded={expanded}
            onExpand={onExpand}
            onToggle={onToggle}
            search={search}
          />
        ))}
      </ul>
    </div>
  );
}
