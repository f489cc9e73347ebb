/**
 * Warns before unsaved admin edits are lost (docs/product.md §10.2 "Categorías", issue 21 item 9):
 * switching the panel's tab, following a link inside the app, the browser's back button, and
 * closing or reloading the page.
 *
 * The app routes with wouter, which has no navigation blocker, so this guard makes its own while
 * some screen has unsaved changes: a capture-phase click listener stops same-origin links before
 * wouter sees them and asks first; an extra history entry of the same address catches the back
 * button (popping it changes no route) and asks; `beforeunload` lets the browser ask for reloads
 * and closing. Screens declare their state with {@link useUnsavedChanges}; the panel asks before a
 * tab switch with {@link LeaveGuard.request}.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ADMIN_TEXTS } from '../texts.ts';

export interface LeaveGuard {
  /** Runs `proceed` at once when nothing is unsaved, otherwise after the admin confirms (`stay` if they do not). */
  request(proceed: () => void, stay?: () => void): void;
  /** Marks the screen `id` as holding unsaved changes or not. */
  setDirty(id: string, dirty: boolean): void;
}

const NO_GUARD: LeaveGuard = { request: (proceed) => proceed(), setDirty: () => {} };
const LeaveGuardContext = createContext<LeaveGuard>(NO_GUARD);

/** The `history.state` marker of the extra entry that catches the back button. */
const SENTINEL = 'portalLeaveGuard';

/** A same-origin link the app would route itself: the address to go to, or null. */
function internalTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Provides the guard to the screens below and shows its confirmation dialog ("Hay cambios sin
 * guardar…", "Seguir editando" / "Salir sin guardar"). `message` says what would be lost (the
 * categories' text by default; the part editor names its part, docs/product.md §10.2 "Repuestos").
 */
export function LeaveGuardProvider({
  children,
  message = ADMIN_TEXTS.unsavedLeave,
}: {
  children: (guard: LeaveGuard) => ReactNode;
  message?: string;
}) {
  const [dirtyIds, setDirtyIds] = useState<ReadonlySet<string>>(() => new Set());
  const pending = useRef<{ proceed: () => void; stay?: (() => void) | undefined } | null>(null);
  const [asking, setAsking] = useState(false);
  const dirty = dirtyIds.size > 0;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const token = useId();
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const request = useCallback((proceed: () => void, stay?: () => void) => {
    if (!dirtyRef.current) {
      proceed();
      return;
    }
    pending.current = { proceed, stay };
    setAsking(true);
  }, []);
  const setDirty = useCallback((id: string, value: boolean) => {
    setDirtyIds((current) => {
      if (current.has(id) === value) return current;
      const next = new Set(current);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const guard = useMemo<LeaveGuard>(() => ({ request, setDirty }), [request, setDirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const target = internalTarget(event);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      // `~`: the address is absolute even inside a nested route.
      request(() => navigateRef.current(`~${target}`));
    };
    let leaving = false;
    const addSentinel = () => window.history.pushState({ [SENTINEL]: token }, '', window.location.href);
    const onPopState = () => {
      if (leaving) return;
      // The back button popped the extra entry (the address is the same): go on back, or put it back and stay.
      request(() => {
        leaving = true;
        window.history.back();
      }, addSentinel);
    };
    addSentinel();
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      // Still on the page (saved, discarded or another tab): drop the extra entry.
      if (!leaving && (window.history.state as Record<string, unknown> | null)?.[SENTINEL] === token) window.history.back();
    };
  }, [dirty, request, token]);

  const stay = () => {
    const asked = pending.current;
    pending.current = null;
    setAsking(false);
    asked?.stay?.();
  };
  const leave = () => {
    const asked = pending.current;
    pending.current = null;
    setAsking(false);
    setDirtyIds(new Set());
    asked?.proceed();
  };

  return (
    <LeaveGuardContext.Provider value={guard}>
      {children(guard)}
      <ConfirmDialog
        open={asking}
        title="Hay cambios sin guardar"
        cancelLabel="Seguir editando"
        actionLabel="Salir sin guardar"
        tone="destructive"
        onCancel={stay}
        onConfirm={leave}
      >
        <p>{message}</p>
      </ConfirmDialog>
    </LeaveGuardContext.Provider>
  );
}

/** Declares whether this screen holds unsaved changes, for the guard above it (none: nothing happens). */
export function useUnsavedChanges(dirty: boolean): void {
  const { setDirty } = useContext(LeaveGuardContext);
  const id = useId();
  useEffect(() => {
    setDirty(id, dirty);
    return () => setDirty(id, false);
  }, [dirty, id, setDirty]);
}
