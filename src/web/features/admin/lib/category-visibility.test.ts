import { describe, expect, it } from 'vitest';
import { adminCategoryTree } from '../test-fixtures.ts';
import { descendantIds, effectiveVisibility, indexTree, setVisibility, visibilityUpdates } from './category-visibility.ts';

const tree = adminCategoryTree();
const none = new Map<number, boolean>();

describe('descendantIds', () => {
  it('lists every level below a node', () => {
    const root = indexTree(tree).get(1)!;
    expect(descendantIds(root).sort()).toEqual([2, 3, 4, 5, 6]);
    expect(descendantIds(indexTree(tree).get(3)!)).toEqual([]);
  });
});

describe('setVisibility, cascade (panel tab)', () => {
  it('hiding a node hides all descendants', () => {
    const next = setVisibility(tree, none, 1, false, 'cascade');
    // 5 and 6 are already hidden on the server, so they are not changes.
    expect(visibilityUpdates(next)).toEqual([
      { categoryId: 1, isVisible: false },
      { categoryId: 2, isVisible: false },
      { categoryId: 3, isVisible: false },
      { categoryId: 4, isVisible: false },
    ]);
  });

  it('showing a node shows all descendants', () => {
    const next = setVisibility(tree, none, 5, true, 'cascade');
    expect(visibilityUpdates(next)).toEqual([
      { categoryId: 5, isVisible: true },
      { categoryId: 6, isVisible: true },
    ]);
  });

  it('toggling back leaves no change', () => {
    const hidden = setVisibility(tree, none, 2, false, 'cascade');
    expect(hidden.size).toBe(3);
    expect(setVisibility(tree, hidden, 2, true, 'cascade').size).toBe(0);
  });
});

describe('setVisibility, hide-cascade (category page)', () => {
  it('hiding a node hides all descendants', () => {
    const next = setVisibility(tree, none, 2, false, 'hide-cascade');
    expect(visibilityUpdates(next)).toEqual([
      { categoryId: 2, isVisible: false },
      { categoryId: 3, isVisible: false },
      { categoryId: 4, isVisible: false },
    ]);
  });

  it('showing a node shows only that node', () => {
    const next = setVisibility(tree, none, 5, true, 'hide-cascade');
    expect(visibilityUpdates(next)).toEqual([{ categoryId: 5, isVisible: true }]);
    const index = indexTree(tree);
    expect(effectiveVisibility(index.get(6)!, next)).toBe(false);
  });

  it('showing after hiding restores only the node; descendants stay hidden', () => {
    const hidden = setVisibility(tree, none, 2, false, 'hide-cascade');
    const shown = setVisibility(tree, hidden, 2, true, 'hide-cascade');
    expect(visibilityUpdates(shown)).toEqual([
      { categoryId: 3, isVisible: false },
      { categoryId: 4, isVisible: false },
    ]);
  });
});

describe('setVisibility', () => {
  it('ignores unknown ids and does not mutate its input', () => {
    const before = new Map([[3, false]]);
    const next = setVisibility(tree, before, 999, false, 'cascade');
    expect(next).toEqual(before);
    setVisibility(tree, before, 1, true, 'cascade');
    expect(before).toEqual(new Map([[3, false]]));
  });
});
