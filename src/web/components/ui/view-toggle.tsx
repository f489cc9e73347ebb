import { LayoutGrid, List } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export type ViewMode = 'grid' | 'list';

/** Grid/list toggle: two pressed-state buttons in a labelled group. */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  const button = 'inline-flex size-11 items-center justify-center sm:size-10';
  return (
    <fieldset className="inline-flex overflow-hidden rounded-md border border-slate-300 bg-white">
      <legend className="sr-only">Vista</legend>
      <button
        type="button"
        aria-label="Vista en cuadrícula"
        aria-pressed={value === 'grid'}
        onClick={() => onChange('grid')}
        className={cn(button, value === 'grid' ? 'bg-brand-700 text-white' : 'text-slate-600 hover:bg-slate-50')}
      >
        <LayoutGrid aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        aria-label="Vista en lista"
        aria-pressed={value === 'list'}
        onClick={() => onChange('list')}
        className={cn(
          button,
          'border-l border-slate-300',
          value === 'list' ? 'bg-brand-700 text-white' : 'text-slate-600 hover:bg-slate-50',
        )}
      >
        <List aria-hidden="true" className="size-4" />
      </button>
    </fieldset>
  );
}
