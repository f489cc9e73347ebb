import type { CategoryNode } from '../../../shared/api.ts';
import { foldText } from '../../../shared/text.ts';

/** One category matching the index filter, with the names of its ancestors (root first). */
export interface CategoryMatch {
  node: CategoryNode;
  /** Names from the level-1 ancestor down to the parent; empty for a level-1 category. */
  path: string[];
}

/**
 * Categories of the index whose name holds every word of `query`, ignoring case and accents
 * (`ciguenal` finds `CIGÜEÑAL`), in tree order (level 1, then its descendants), at most `limit`.
 * Issue 22: real catalogues carry ~250 level-1 groups with near-duplicate names.
 *
 * @returns the first `limit` matches and the total count of matches; `query` without words matches
 *   nothing (the caller shows the tree instead).
 */
export function filterCategories(tree: readonly CategoryNode[], query: string, limit = 100): { matches: CategoryMatch[]; total: number } {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  const matches: CategoryMatch[] = [];
  let total = 0;
  if (words.length === 0) return { matches, total };
  const walk = (nodes: readonly CategoryNode[], path: string[]) => {
    for (const node of nodes) {
      const name = foldText(node.name);
      if (words.every((word) => name.includes(word))) {
        total += 1;
        if (matches.length < limit) matches.push({ node, path });
      }
      if (node.children.length) walk(node.children, [...path, node.name]);
    }
  };
  walk(tree, []);
  return { matches, total };
}
