import { type ReactNode, useRef } from 'react';
import { Button } from './button.tsx';
import { Dialog, type DialogProps } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, the dialog's name ("¿Deshacer el cambio de precios?", "Eliminar usuario"). */
  title: ReactNode;
  /** The sentence under the title, read with the name (the dialog's accessible description). */
  description?: ReactNode;
  /** What the action will do, between the description and the buttons. */
  children?: ReactNode;
  /** The safe button: "Cancelar" unless said otherwise ("Volver"). */
  cancelLabel?: ReactNode;
  /** The action's label; `busyLabel` replaces it while `busy` ("Eliminando..."). */
  actionLabel: ReactNode;
  busyLabel?: ReactNode;
  /** `destructive` (deletes, ends, shares: the red accent button) or `default` (the brand button). */
  tone?: 'default' | 'destructive';
  /**
   * The action's request is out: the action button is busy (it says so, ignores presses and keeps
   * the focus), "Cancelar" is disabled and Escape or a click outside wait for the answer.
   */
  busy?: boolean;
  /**
   * Another request of this dialog is out (its `extraAction`'s): the action is disabled and the
   * dialog waits as when `busy`.
   */
  waiting?: boolean;
  /** The action cannot run now (nothing chosen yet). */
  actionDisabled?: boolean;
  /** A third button between "Cancelar" and the action ("Deshabilitar" offered instead of deleting). */
  extraAction?: ReactNode;
  /** "Cancelar", Escape or a click outside, unless the dialog waits for a request. */
  onCancel: () => void;
  onConfirm: () => void;
  size?: DialogProps['size'];
  /** See {@link DialogProps.focusFallback}. */
  focusFallback?: DialogProps['focusFallback'];
}

/**
 * A question before an action (docs/product.md §13.4): the shared {@link Dialog} without the corner
 * close button, the title and description, what the action does, then "Cancelar" and the action.
 * The focus starts on "Cancelar" (the safe choice: Enter right away does nothing harmful), Escape
 * cancels, and on closing the focus goes back to the control that opened it (as {@link Dialog}
 * does). While the action's request is out (`busy`) the action says so and keeps the focus, and the
 * dialog stays until the answer, so "Cancelar" never seems to undo what is already sent.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  cancelLabel = 'Cancelar',
  actionLabel,
  busyLabel,
  tone = 'default',
  busy = false,
  waiting = false,
  actionDisabled = false,
  extraAction,
  onCancel,
  onConfirm,
  size = 'sm',
  focusFallback,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const held = busy || waiting;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !held) onCancel();
      }}
      title={title}
      {...(description === undefined ? {} : { description })}
      size={size}
      hideCloseButton
      {...(focusFallback ? { focusFallback } : {})}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        cancelRef.current?.focus();
      }}
    >
      {children ? <div className="mb-4 grid gap-4 text-sm text-slate-700">{children}</div> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={held}>
          {cancelLabel}
        </Button>
        {extraAction}
        <Button
          variant={tone === 'destructive' ? 'accent' : 'primary'}
          disabled={actionDisabled || waiting}
          busy={busy}
          onClick={onConfirm}
          data-confirm-action
        >
          {busy && busyLabel !== undefined ? busyLabel : actionLabel}
        </Button>
      </div>
    </Dialog>
  );
}
