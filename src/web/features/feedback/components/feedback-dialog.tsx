/**
 * The "Dejanos tu comentario" dialog: the form, then the thanks. Loaded on demand (with the form
 * library) the first time a signed-in user opens it.
 */
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { partRequestBodySchema } from '../../../../shared/account.ts';
import { MAX_FEEDBACK } from '../../../../shared/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/form.ts';
import { useSendPartRequest } from '../api.ts';
import { THANKS_MS } from '../constants.ts';

function failureText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : 'No se pudo enviar la solicitud';
}

/** The request's text by the body rules of `POST /api/part-requests` (trimmed, 1-500 characters). */
function FeedbackForm({ onSent, onCancel }: { onSent: () => void; onCancel: () => void }) {
  const { register, handleSubmit, control } = useZodForm(partRequestBodySchema, { defaultValues: { message: '' } });
  const text = useWatch({ control, name: 'message' });
  const send = useSendPartRequest();
  const blank = text.trim() === '';
  const { onChange, ...field } = register('message');

  const submit = handleSubmit(
    async ({ message }) => {
      try {
        await send.mutateAsync(message);
        onSent();
      } catch (error) {
        toast({ title: 'Error', description: failureText(error), variant: 'destructive' });
      }
    },
    (errors) => toast({ title: 'Campo requerido', description: errors.message?.message, variant: 'destructive' }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextAreaField
        label="Tu comentario o pedido de repuesto"
        maxLength={MAX_FEEDBACK}
        rows={5}
        placeholder="Contanos qué repuesto buscás o dejanos tu sugerencia."
        hint={
          <span className="block text-right" aria-live="polite">
            {text.length}/{MAX_FEEDBACK} caracteres
          </span>
        }
        {...field}
        onChange={(event) => {
          event.target.value = event.target.value.slice(0, MAX_FEEDBACK);
          return onChange(event);
        }}
      />
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
        <Button type="submit" disabled={blank} busy={send.isPending}>
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
 * The dialog, controlled by its opener; after the thanks it closes itself (`onOpenChange(false)`).
 * A phone's back button closes it (docs/product.md §13.4).
 */
export function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [sent, setSent] = useState(false);
  const [closeThanks] = useState(() => () => {
    onOpenChange(false);
    setSent(false);
  });
  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) setSent(false);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen} title="Dejanos tu comentario" size="md" closeOnBack>
      {sent ? <Thanks onClose={closeThanks} /> : <FeedbackForm onSent={() => setSent(true)} onCancel={() => changeOpen(false)} />}
    </Dialog>
  );
}
