/**
 * Category visibility edits held locally until "Guardar Cambios" (docs/product.md §10.2, §10.3). Pure functions over
 * the admin category tree and a map of local overrides (category id → visible).
 *
 * Two rules exist:
 * - `cascade` (the panel's "Categorías" tab): hiding or showing a node does the same to every
 *   descendant.
 * - `hide-cascade` (the category administration page): hiding a node hides every descendant;
 *   showing a node shows only that node.
 */
import type { CategoryNode } from '../../../../shared/api.ts';

export type CascadeMode = 'cascade' | 'hide-cascade';

/** Local changes: category id → visibility wanted. Only entries that differ from the server. */
export type VisibilityOverrides = ReadonlyMap<number, boolean>;

/** Every node of the tree by id. */
export function indexTree(tree: readonly CategoryNode[]): Map<number, CategoryNode> {
  const index = new Map<number, CategoryNode>();
  const visit = (nodes: readonly CategoryNode[]) => {
    for (const node of nodes) {
      index.set(node.id, node);
      visit(node.children);
    }
  };
  visit(tree);
  return index;
}

/** Ids of every descendant of `node` (not the node itself), depth first. */
export function descendantIds(node: CategoryNode): number[] {
  const ids: number[] = [];
  const visit = (nodes: readonly CategoryNode[]) => {
    for (const child of nodes) {
      ids.push(child.id);
      visit(child.children);
    }
  };
  visit(node.children);
  return ids;
}

/** Visibility shown for a node: the local change if any, otherwise the server's value. */
export function effectiveVisibility(node: CategoryNode, overrides: VisibilityOverrides): boolean {
  return overrides.get(node.id) ?? node.isVisible;
}

/**
 * The overrides after setting `id` to `visible` under `mode`. Entries that end up equal to the
 * server value are dropped, so toggling back leaves no change behind. Unknown ids change nothing.
 */
export function setVisibility(
  tree: readonly CategoryNode[],
  overrides: VisibilityOverrides,
  id: number,
  visible: boolean,
  mode: CascadeMode,
  index: ReadonlyMap<number, CategoryNode> = indexTree(tree),
): Map<number, boolean> {
  const next = new Map(overrides);
  const node = index.get(id);
  if (!node) return next;
  const targets = [id];
  if (mode === 'cascade' || !visible) targets.push(...descendantIds(node));
  for (const targetId of targets) {
    const target = index.get(targetId);
    if (!target) continue;
    if (target.isVisible === visible) next.delete(targetId);
    else next.set(targetId, visible);
  }
  return next;
}

/** The body items of `PUT /api/categories/visibility` for the local changes, in id order. */
export function visibilityUpdates(overrides: VisibilityOverrides): Array<{ categoryId: number; isVisible: boolean }> {
  return [...overrides.entries()].sort(([a], [b]) => a - b).map(([categoryId, isVisible]) => ({ categoryId, isVisible }));
}
