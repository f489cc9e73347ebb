/**
 * "Deshacer" after a "Quitar" in the panel's lists (docs/product.md §10.2: Productos Relacionados,
 * Gestión de Carruseles), as "Vaciar pedido" offers its undo: a status line that names what was
 * removed, with a button that puts it back. It stays until the next removal or until the item is in
 * the list again (undone here or added back another way).
 */
import { Undo2 } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** The line "Se quitó … de …." with "Deshacer"; `busy` while the item is being put back (the button keeps the focus). */
export function UndoRemoval({ children, busy, onUndo }: { children: ReactNode; busy: boolean; onUndo: () => void }) {
  return (
    <div role="status" className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-100 p-3 text-sm">
      <span>{children}</span>
      <Button variant="outline" size="sm" busy={busy} onClick={onUndo}>
        <Undo2 aria-hidden="true" className="size-4" />
        Deshacer
      </Button>
    </div>
  );
}

/** What {@link useUndoRemoval} gives its list. */
export interface UndoRemovalState<T> {
  /** The removed item to offer back, or null (none removed, or it is in the list again). */
  offered: T | null;
  /** "Deshacer" was pressed and its request is out. */
  restoring: boolean;
  /** Call once a removal succeeded: it becomes the one offered back (replacing an older offer). */
  removed: (item: T) => void;
  /** "Deshacer": runs `putBack` for the offered item; when it rejects (it toasts why) the offer stays for another try. */
  undo: (putBack: (item: T) => Promise<unknown>) => void;
}

/**
 * The offer's life: it shows once the list has dropped the item (the removal's answer may come before
 * the new list does) and ends when the item is in the list again; when it came back through
 * "Deshacer", `focusRestored` puts the focus on it (on its own "Quitar"), since "Deshacer" leaves with
 * the offer and would drop the focus to the page.
 * @param inList whether an item is in the list now shown.
 * @param focusRestored focuses the item that "Deshacer" put back.
 */
export function useUndoRemoval<T>(inList: (item: T) => boolean, focusRestored: (item: T) => void): UndoRemovalState<T> {
  const [state, setState] = useState<{ item: T; restoring: boolean; gone: boolean } | null>(null);
  const present = state !== null && inList(state.item);
  const focusRef = useRef(focusRestored);
  focusRef.current = focusRestored;
  useEffect(() => {
    if (!state) return;
    if (!present) {
      if (!state.gone) setState({ ...state, gone: true });
      return;
    }
    if (!state.gone) return;
    setState(null);
    if (state.restoring) focusRef.current(state.item);
  }, [state, present]);
  const removed = useCallback((item: T) => setState({ item, restoring: false, gone: false }), []);
  return {
    offered: state && !present ? state.item : null,
    restoring: state?.restoring ?? false,
    removed,
    undo: (putBack) => {
      if (!state || state.restoring) return;
      setState({ ...state, restoring: true });
      putBack(state.item).catch(() => setState((current) => current && { ...current, restoring: false }));
    },
  };
}
