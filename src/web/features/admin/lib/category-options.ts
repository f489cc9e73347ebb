/**
 * The category tree as options of a native select (the panel's tree pickers, docs/product.md §4.2):
 * in tree order, indented by level; with a filter, only the categories whose name holds it (ignoring
 * case and accents), each named by its whole path.
 */
import type { CategoryNode } from '../../../../shared/api.ts';
import { foldText } from '../../../../shared/text.ts';

export interface CategoryOption {
  value: string;
  label: string;
}

/**
 * `first` (the "none"/"all" choice, value `''`) then the categories of `tree`.
 * @example categoryOptions(tree, '', 'Todas') // [{value:'', label:'Todas'}, {value:'1', label:'Frenos'}, {value:'4', label:'   └ Discos'}]
 */
export function categoryOptions(tree: readonly CategoryNode[], filter: string, first: string): CategoryOption[] {
  const options: CategoryOption[] = [{ value: '', label: first }];
  const wanted = foldText(filter.trim());
  const walk = (nodes: readonly CategoryNode[], path: string[]) => {
    for (const node of nodes) {
      const depth = path.length;
      if (!wanted) {
        options.push({ value: String(node.id), label: `${'\u00a0\u00a0\u00a0'.repeat(depth)}${depth ? '└ ' : ''}${node.name}` });
      } else if (foldText(node.name).includes(wanted)) {
        options.push({ value: String(node.id), label: [...path, node.name].join(' > ') });
      }
      walk(node.children, [...path, node.name]);
    }
  };
  walk(tree, []);
  return options;
}
