import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.ts';

/** Toast timing (docs/product.md §13.2). */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export interface ToastInput {
  title: string;
  description?: string;
  /** `destructive` is the red error style (docs/product.md §13.2: errors are destructive toasts titled "Error"). */
  variant?: 'default' | 'destructive';
  /**
   * How long it shows, ms ({@link TOAST_DURATION_MS} unless said): a notice of work still going on
   * ("Generando PDF…") stays until the work's end replaces or dismisses it (`Infinity`).
   */
  duration?: number;
}

interface ActiveToast extends ToastInput {
  id: number;
}

// At most one toast at a time (docs/product.md §13.2): a new toast replaces the current one.
let current: ActiveToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing any visible one. Returns its id. */
export function toast(input: ToastInput): number {
  current = { ...input, id: nextId++ };
  emit();
  return current.id;
}

/** Removes the toast with this id (or the current one). */
export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

/** An open dialog: the place the user is in, whose Escape a toast must not take. */
const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

// The Escapes a toast left to the dialog the focus was in (see Toaster), until that dialog takes them.
const leftToDialogs = new WeakSet<Event>();

/**
 * Whether the toast on screen left this Escape keydown to the dialog holding the focus, which is
 * then to close (docs/product.md §13.4). A toast shown over an open dialog is the newest Radix
 * layer, the only one Radix lets hear Escape: without this the dialog would not close. Answers
 * true once per event, so only the innermost of nested dialogs closes.
 */
export function takeEscapeLeftByToast(event: Event): boolean {
  return leftToDialogs.delete(event);
}

/**
 * The toast's Escape rule: it closes at Escape when the focus is on it (Radix's toast rule) or on
 * the page, but not when the focus is in an open dialog: the dialog is what the user is in, and
 * Escape closes it (docs/product.md §13.4). Such an Escape is left to the dialog, the toast kept.
 */
function leaveEscapeToDialog(event: KeyboardEvent) {
  const target = event.target;
  if (!(target instanceof Element) || !target.closest(OPEN_DIALOG)) return;
  event.preventDefault();
  leftToDialogs.add(event);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Renders the current toast: 5 s, swipe right (threshold 50 px) to dismiss, F8 moves focus to
 * the toast region (docs/product.md §13.2). Escape closes it unless the focus is in an open
 * dialog, which Escape closes instead ({@link takeEscapeLeftByToast}). Mount once, inside the app
 * providers.
 */
export function Toaster() {
  const active = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label="Notificación"
    >
      {active ? (
        <ToastPrimitive.Root
          key={active.id}
          defaultOpen
          {...(active.duration === undefined ? {} : { duration: active.duration })}
          onEscapeKeyDown={leaveEscapeToDialog}
          onOpenChange={(open) => {
            if (!open) dismissToast(active.id);
          }}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            active.variant === 'destructive' ? 'border-accent-700 bg-accent-600 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{active.title}</ToastPrimitive.Title>
            {active.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{active.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Cerrar notificación"
            className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label="Notificaciones ({hotkey})"
        className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
