/**
 * The category tree (docs/product.md §4.2): every category with the set hidden from the public
 * (a hidden category hides all its descendants), descendant lookup for category filters, and the
 * tree with part counts that the catalogue and the admin panel show.
 */
import { eq, sql } from 'drizzle-orm';
import type { CategoryNode } from '../../../shared/api.ts';
import type { Executor } from '../../db/client.ts';
import { categories, parts } from '../../db/schema.ts';

export interface CategoryRow {
  id: number;
  name: string;
  level: number;
  parentId: number | null;
  pageNumber: number | null;
  isVisible: boolean;
}

/** Categories and the hidden set, as {@link loadCategories} answers. */
export type LoadedCategories = { all: CategoryRow[]; hidden: Set<number> };

/** All categories with the ids hidden from the public (hidden ones and all their descendants). */
export async function loadCategories(db: Executor): Promise<LoadedCategories> {
  const all = await db
    .select({
      id: categories.id,
      name: categories.name,
      level: categories.level,
      parentId: categories.parentId,
      pageNumber: categories.pageNumber,
      isVisible: categories.isVisible,
    })
    .from(categories);
  const byId = new Map(all.map((c) => [c.id, c]));
  const hidden = new Set<number>();
  for (const c of all) {
    let node: CategoryRow | undefined = c;
    while (node) {
      if (!node.isVisible) {
        hidden.add(c.id);
        break;
      }
      node = node.parentId === null ? undefined : byId.get(node.parentId);
    }
  }
  return { all, hidden };
}

/** A category id and every descendant's id. */
export function descendantIds(all: CategoryRow[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const c of all) {
    if (c.parentId === null) continue;
    const list = children.get(c.parentId) ?? [];
    list.push(c.id);
    children.set(c.parentId, list);
  }
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) ids.push(...(children.get(ids[i] as number) ?? []));
  return ids;
}

/**
 * The visible ids of the categories `rootIds` and their descendants, in the order met: unknown
 * roots, hidden categories and their descendants are left out.
 */
export function visibleSubtreeIds({ all, hidden }: LoadedCategories, rootIds: readonly number[]): number[] {
  const known = new Set(all.map((c) => c.id));
  const ids = new Set<number>();
  for (const id of rootIds) {
    if (!known.has(id)) continue;
    for (const d of descendantIds(all, id)) if (!hidden.has(d)) ids.add(d);
  }
  return [...ids];
}

/**
 * The visible category tree with the number of active parts of each category and its descendants
 * (docs/product.md §4.2), children sorted by name in Spanish order.
 * @param options.includeHidden the admin's tree: hidden categories too.
 * @param options.categories the categories if already loaded (saves their query).
 * @param options.withPartsOnly the public index: leave out categories without active parts in them or their descendants.
 */
export async function categoryTree(
  db: Executor,
  options: { includeHidden?: boolean; categories?: LoadedCategories; withPartsOnly?: boolean } = {},
): Promise<CategoryNode[]> {
  const { all, hidden } = options.categories ?? (await loadCategories(db));
  const counts = await db
    .select({ categoryId: parts.categoryId, count: sql<number>`count(*)::int` })
    .from(parts)
    .where(eq(parts.isActive, true))
    .groupBy(parts.categoryId);
  const own = new Map(counts.map((c) => [c.categoryId, Number(c.count)]));
  const nodes = new Map<number, CategoryNode>();
  for (const c of all) {
    if (!options.includeHidden && hidden.has(c.id)) continue;
    nodes.set(c.id, { ...c, partCount: own.get(c.id) ?? 0, children: [] });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === null) roots.push(node);
  }
  const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
  const finish = (list: CategoryNode[]): number => {
    list.sort((a, b) => collator.compare(a.name, b.name));
    let sum = 0;
    for (const n of list) {
      n.partCount += finish(n.children);
      sum += n.partCount;
    }
    return sum;
  };
  finish(roots);
  if (!options.withPartsOnly) return roots;
  const prune = (list: CategoryNode[]): CategoryNode[] =>
    list.filter((n) => n.partCount > 0).map((n) => ({ ...n, children: prune(n.children) }));
  return prune(roots);
}
