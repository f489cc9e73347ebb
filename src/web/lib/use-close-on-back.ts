import { useEffect, useLayoutEffect, useRef } from 'react';

/** The key of the history state that marks an entry pushed for an open dialog. */
const KEY = 'portalDialog';

interface Marker {
  /** 1 for a dialog over the page, 2 for one over that dialog, and so on. */
  depth: number;
  /** Which dialog pushed the entry. */
  token: string;
}

let tokens = 0;

/** The dialog marker of a history state, if it has one. */
function markerOf(state: unknown): Marker | null {
  if (!state || typeof state !== 'object') return null;
  const value = (state as Record<string, unknown>)[KEY];
  if (!value || typeof value !== 'object') return null;
  const { depth, token } = value as Partial<Marker>;
  return typeof depth === 'number' && typeof token === 'string' ? { depth, token } : null;
}

/**
 * Makes the browser's (and a phone's) back button close an open dialog instead of leaving the page
 * behind it (docs/product.md §5.5, §16.1): while `open`, an entry of the same address is pushed
 * onto the history, and going back past it calls `onClose`. A dialog over another closes alone;
 * the one below stays open for the next back. Closed any other way ("Cerrar", Escape, a choice,
 * unmounted), the dialog takes its entry off again, so a later back goes where the user expects;
 * a link inside the dialog that navigates should `replace` the entry (it is on top while open).
 * @param open whether the dialog is open (false: nothing is pushed).
 * @param onClose closes the dialog; called once when back is pressed while it is open.
 */
export function useCloseOnBack(open: boolean, onClose: () => void): void {
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });
  // The entry this dialog pushed, kept across React's development re-run of effects so that
  // running the effect twice pushes one entry, not two.
  const entry = useRef<Marker | null>(null);
  const active = useRef(false);
  useEffect(() => {
    if (!open) return;
    active.current = true;
    const top = markerOf(window.history.state);
    let mine = entry.current;
    if (!mine || top?.token !== mine.token) {
      mine = { depth: (top?.depth ?? 0) + 1, token: `dialog-${++tokens}` };
      const state: unknown = window.history.state;
      window.history.pushState({ ...(state && typeof state === 'object' ? state : {}), [KEY]: mine }, '', window.location.href);
    }
    entry.current = mine;
    const pushed = mine;
    let popped = false;
    const onPopState = (event: PopStateEvent) => {
      if ((markerOf(event.state)?.depth ?? 0) >= pushed.depth) return;
      popped = true;
      entry.current = null;
      closeRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      active.current = false;
      window.removeEventListener('popstate', onPopState);
      if (popped) return;
      // Closed some other way. A moment later: a development re-run of this effect takes the entry
      // back; a link that navigated from inside the dialog has already put its own entry on top.
      queueMicrotask(() => {
        if (active.current || entry.current !== pushed) return;
        entry.current = null;
        if (markerOf(window.history.state)?.token === pushed.token) window.history.back();
      });
    };
  }, [open]);
}

/**
 * Runs `then` once the history entry of the dialog that is closing is gone: a choice in a dialog
 * that navigates (the "Categorías" drawer's category) must push its address after the dialog's
 * entry was taken off, else back from it would land on that entry, the same address, and seem to
 * do nothing (docs/product.md §13.4). With no dialog entry on top it runs at once; otherwise at the
 * `popstate` of the back that `useCloseOnBack` sends a moment after the dialog closed. Call it
 * when (just before) closing the dialog.
 * @param then the navigation to make, e.g. the chosen category.
 */
export function afterDialogEntryGone(then: () => void): void {
  if (!markerOf(window.history.state)) {
    then();
    return;
  }
  window.addEventListener('popstate', () => then(), { once: true });
}
