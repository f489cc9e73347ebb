import { CheckCircle2, MessageSquareText } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { MAX_FEEDBACK } from '../../../../shared/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSendPartRequest } from '../api.ts';

/** How long the thanks stay on screen before the dialog closes (docs/product.md §8), ms. */
export const THANKS_MS = 5000;

function failureText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : 'No se pudo enviar la solicitud';
}

function FeedbackForm({ onSent, onCancel }: { onSent: () => void; onCancel: () => void }) {
  const id = useId();
  const counterId = `${id}-counter`;
  const [text, setText] = useState('');
  const send = useSendPartRequest();
  const blank = text.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) {
      toast({ title: 'Campo requerido', description: 'Por favor ingresa tu solicitud', variant: 'destructive' });
      return;
    }
    try {
      await send.mutateAsync(message);
      onSent();
    } catch (error) {
      toast({ title: 'Error', description: failureText(error), variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Tu comentario o pedido de repuesto
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={MAX_FEEDBACK}
        onChange={(event) => setText(event.target.value.slice(0, MAX_FEEDBACK))}
        rows={5}
        aria-describedby={counterId}
        placeholder="Contanos qué repuesto buscás o dejanos tu sugerencia."
        className="w-full rounded-md border border-slate-300 bg-white p-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-500"
      />
      <p id={counterId} className="text-right text-xs text-slate-600" aria-live="polite">
        {text.length}/{MAX_FEEDBACK} caracteres
      </p>
      {send.isError ? (
        // Also inside the dialog: the modal hides the toast region from assistive technology.
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failureText(send.error)}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={blank || send.isPending}>
          {send.isPending ? 'Enviando...' : 'Enviar'}
        </Button>
      </div>
    </form>
  );
}

function Thanks({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, THANKS_MS);
    return () => window.clearTimeout(timer);
  }, [onClose]);
  return (
    <div role="status" className="flex flex-col items-center gap-2 py-4 text-center">
      <CheckCircle2 aria-hidden="true" className="size-10 text-green-700" />
      <p className="text-lg font-semibold text-slate-900">¡Gracias por tu comentario!</p>
      <p className="text-sm text-slate-600">Recibimos tu mensaje y te responderemos a la brevedad.</p>
    </div>
  );
}

/**
 * "Dejanos tu comentario" (docs/product.md §8): for signed-in users. The dialog holds a textarea of at
 * most 500 characters with a live counter; send is disabled while blank; the text is trimmed. After
 * sending, thanks show for 5 s and the dialog closes.
 */
export function FeedbackBox() {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [closeThanks] = useState(() => () => {
    setOpen(false);
    setSent(false);
  });
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setSent(false);
  };
  return (
    <aside
      aria-labelledby="feedback-title"
      className="flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <MessageSquareText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <div>
          <h2 id="feedback-title" className="font-semibold">
            Dejanos tu comentario
          </h2>
          <p className="text-sm">¿No encontrás un repuesto o tenés una sugerencia? Escribinos.</p>
        </div>
      </div>
      <Button onClick={() => changeOpen(true)}>Escribir comentario</Button>
      <Dialog open={open} onOpenChange={changeOpen} title="Dejanos tu comentario" size="md">
        {sent ? <Thanks onClose={closeThanks} /> : <FeedbackForm onSent={() => setSent(true)} onCancel={() => changeOpen(false)} />}
      </Dialog>
    </aside>
  );
}
