import { MoreVertical } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A disclosure menu of the dark header on phones (issue 22): a 44 px "Más opciones" button opening a
 * panel of labelled actions (full-width, 44 px tall). The panel stays mounted while closed, so an
 * action that is still running (a download) keeps its state. Closes on Escape, on a tap outside and
 * after choosing an action; Escape and a chosen action put the focus back on the trigger.
 */
export function HeaderMenu({ label = 'Más opciones', children }: { label?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={label}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <MoreVertical aria-hidden="true" className="size-5" />
      </button>
      {/* Choosing an action (a button or link inside) closes the menu. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the click only bubbles up from the buttons and links inside */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the buttons and links inside handle their own keys */}
      <div
        id={id}
        hidden={!open}
        onClick={(event) => {
          if (!(event.target as HTMLElement).closest('button, a')) return;
          setOpen(false);
          // The chosen action is hidden with the panel: the focus goes back to the trigger, never to <body>.
          trigger.current?.focus();
        }}
        className={cn(
          'absolute top-full right-0 z-40 mt-1 w-60 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg',
          '[&_a]:flex [&_a]:min-h-11 [&_a]:w-full [&_a]:items-center [&_a]:justify-start [&_a]:gap-2 [&_a]:rounded-md [&_a]:px-3 [&_a]:text-sm [&_a]:font-medium [&_a]:text-slate-800 [&_a:hover]:bg-slate-100',
          '[&_button]:flex [&_button]:h-auto [&_button]:min-h-11 [&_button]:w-full [&_button]:justify-start [&_button]:border-0 [&_button]:bg-transparent [&_button]:px-3 [&_button]:text-slate-800 [&_button:hover]:bg-slate-100',
        )}
      >
        {children}
      </div>
    </div>
  );
}
