import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { useCloseOnBack } from '../../lib/use-close-on-back.ts';
import { takeEscapeLeftByToast } from './toast.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name and visible heading. */
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** `center` (default) is a modal card; `left` is a slide-in drawer (mobile index). */
  side?: 'center' | 'left';
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Hides the heading visually while keeping it as the dialog's name. */
  hideTitle?: boolean;
  /** Leaves out the corner close button, for dialogs whose own footer has a "Cerrar" button. */
  hideCloseButton?: boolean;
  /**
   * The back button closes the dialog (and only it) instead of leaving the page behind it; closed
   * otherwise, it leaves no history entry behind (`useCloseOnBack`). For dialogs a phone user
   * expects to leave with back (docs/product.md §13.4): "Mi pedido", "Detalles del Repuesto", the
   * video, "Acceso de Cliente", "Mi Perfil", "Dejanos tu comentario", the "Categorías" drawer.
   */
  closeOnBack?: boolean;
  /**
   * Where the focus goes on closing when the element that opened the dialog is gone from the page
   * (its row was deleted meanwhile): called at that moment; null or a detached element falls
   * through to the dialog below this one or the page's `<main>` (docs/product.md §13.4).
   */
  focusFallback?: () => HTMLElement | null | undefined;
  /**
   * Called when the dialog opens, before it moves the focus to its first control ("Cerrar"): a form
   * the user types into at once focuses its first field and calls `event.preventDefault()`.
   */
  onOpenAutoFocus?: (event: Event) => void;
}

/** Controls the keyboard reaches, in document order, for the landmark's first one. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The place the focus lands when neither the opener nor the caller's fallback is on the page: the
 * dialog still open below this one, else the page's `<main>` (itself when it takes the focus,
 * else its first control, else made focusable with `tabindex="-1"`), else the first control of
 * the page. Never `<body>` while something focusable exists.
 */
function landmark(closing: HTMLElement | null): HTMLElement | null {
  const below = [
    ...document.querySelectorAll<HTMLElement>('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]'),
  ].filter((dialog) => dialog !== closing && !closing?.contains(dialog));
  const dialog = below.at(-1);
  if (dialog) return dialog;
  const main = document.querySelector('main');
  if (main) {
    if (main.hasAttribute('tabindex')) return main;
    const first = main.querySelector<HTMLElement>(FOCUSABLE);
    if (first) return first;
    main.tabIndex = -1;
    return main;
  }
  return document.querySelector<HTMLElement>(FOCUSABLE);
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-5xl' } as const;

/**
 * Modal dialog on Radix: focus trap, Escape to close, focus return, `role="dialog"` named by its
 * title. Close button labelled "Cerrar". Closing (Escape, "Cerrar", a choice that unmounts it) sends
 * the focus back to the element that had it when the dialog opened (the card or button that opened
 * it): Radix returns it only to its own `Trigger`, which these dialogs do not use, and would
 * otherwise leave it on `<body>`. When that element left the page while the dialog was open (its
 * row was deleted), the focus goes to `focusFallback`, else to the dialog below or the page's
 * `<main>` (docs/product.md §13.4).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  side = 'center',
  size = 'md',
  hideTitle = false,
  hideCloseButton = false,
  closeOnBack = false,
  focusFallback,
  onOpenAutoFocus,
}: DialogProps) {
  useCloseOnBack(open && closeOnBack, () => onOpenChange(false));
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement | null>(null);
  // A layout effect runs before Radix's focus scope (a passive effect) moves the focus inside.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  const returnFocus = (event: Event) => {
    const back = opener.current;
    opener.current = null;
    event.preventDefault();
    if (back?.isConnected) {
      back.focus({ preventScroll: true });
      return;
    }
    // The opener is gone. Radix moves the focus a moment after the dialog left: if the page has
    // placed it meanwhile (a list handing it to the next row), it stays there.
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && active.isConnected && !content.current?.contains(active)) return;
    const fallback = focusFallback?.();
    (fallback?.isConnected ? fallback : landmark(content.current))?.focus({ preventScroll: true });
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <DialogPrimitive.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          ref={content}
          onCloseAutoFocus={returnFocus}
          onOpenAutoFocus={onOpenAutoFocus}
          // A toast shown over the dialog is Radix's top layer and hears Escape first: it leaves it here.
          onKeyDown={(event) => {
            if (event.key === 'Escape' && takeEscapeLeftByToast(event.nativeEvent)) onOpenChange(false);
          }}
          className={cn(
            'fixed z-50 flex flex-col bg-white shadow-xl focus:outline-none',
            side === 'center' &&
              cn('left-1/2 top-1/2 max-h-[92dvh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg', widths[size]),
            side === 'left' && 'inset-y-0 left-0 w-[86vw] max-w-sm',
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-3">
            <div>
              <DialogPrimitive.Title className={cn('text-lg font-semibold text-slate-900', hideTitle && 'sr-only')}>
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="text-sm text-slate-600">{description}</DialogPrimitive.Description>
              ) : null}
            </div>
            {hideCloseButton ? null : (
              <DialogPrimitive.Close
                aria-label="Cerrar"
                className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                <X aria-hidden="true" className="size-5" />
              </DialogPrimitive.Close>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
